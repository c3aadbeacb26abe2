package io.eddy.streaming.api.functions.aggregation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator.Mode;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class AggregatorsTest {

    /** A POJO: public no-arg constructor, public fields. */
    public static class Reading {
        public String sensor;
        public int value;
        public String note;

        public Reading() {}

        Reading(String sensor, int value, String note) {
            this.sensor = sensor;
            this.value = value;
            this.note = note;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Reading r && r.sensor.equals(sensor) && r.value == value && r.note.equals(note);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sensor, value, note);
        }

        @Override
        public String toString() {
            return sensor + "/" + value + "/" + note;
        }
    }

    /** A Java record. */
    public record Trade(String symbol, long amount, String venue) {}

    private static final TypeInfo<Tuple3<String, Integer, String>> TUPLE = new TypeHint<Tuple3<String, Integer, String>>() {}.getTypeInfo();
    private static final SerializerConfig CONFIG = new SerializerConfig();

    private static <T> T fold(ReduceFunction<T> f, List<T> values) throws Exception {
        T acc = values.get(0);
        for (int i = 1; i < values.size(); i++) {
            acc = f.reduce(acc, values.get(i));
        }
        return acc;
    }

    private static <T> SumAggregator<T> sum(TypeInfo<T> type, int pos) {
        return new SumAggregator<>(FieldAccessors.create(type, pos, "sum"), type.createSerializer(CONFIG), "sum");
    }

    private static <T> ComparableAggregator<T> cmp(TypeInfo<T> type, String field, Mode mode, boolean first) {
        return new ComparableAggregator<>(FieldAccessors.create(type, field, "agg"), mode, first, type.createSerializer(CONFIG), "agg");
    }

    private static final List<Tuple3<String, Integer, String>> TUPLES = List.of(
            Tuple3.of("k", 5, "first"), Tuple3.of("k", 2, "second"), Tuple3.of("k", 9, "third"), Tuple3.of("k", 2, "fourth"));

    @Test
    void sumKeepsTheOtherFieldsOfTheFirstRecordAndDoesNotChangeInputs() throws Exception {
        Tuple3<String, Integer, String> first = Tuple3.of("k", 5, "first");
        List<Tuple3<String, Integer, String>> input = List.of(first, Tuple3.of("k", 2, "second"), Tuple3.of("k", 9, "third"));
        assertThat(fold(sum(TUPLE, 1), input)).isEqualTo(Tuple3.of("k", 16, "first"));
        assertThat(first).isEqualTo(Tuple3.of("k", 5, "first"));
    }

    @Test
    void minAndMaxReplaceOnlyTheField() throws Exception {
        assertThat(fold(cmp(TUPLE, "f1", Mode.MIN, true), TUPLES)).isEqualTo(Tuple3.of("k", 2, "first"));
        assertThat(fold(cmp(TUPLE, "f1", Mode.MAX, true), TUPLES)).isEqualTo(Tuple3.of("k", 9, "first"));
    }

    @Test
    void minByAndMaxByKeepTheWholeRecordFirstOrLastOfTies() throws Exception {
        assertThat(fold(cmp(TUPLE, "f1", Mode.MIN_BY, true), TUPLES)).isEqualTo(Tuple3.of("k", 2, "second"));
        assertThat(fold(cmp(TUPLE, "f1", Mode.MIN_BY, false), TUPLES)).isEqualTo(Tuple3.of("k", 2, "fourth"));
        assertThat(fold(cmp(TUPLE, "f1", Mode.MAX_BY, true), TUPLES)).isEqualTo(Tuple3.of("k", 9, "third"));
    }

    @Test
    void aggregationsWorkOnPojos() throws Exception {
        TypeInfo<Reading> type = TypeInfo.of(Reading.class);
        List<Reading> readings = List.of(new Reading("s", 3, "a"), new Reading("s", 7, "b"), new Reading("s", 1, "c"));
        SumAggregator<Reading> sum = new SumAggregator<>(FieldAccessors.create(type, "value", "sum"), type.createSerializer(CONFIG), "sum");
        assertThat(fold(sum, readings)).isEqualTo(new Reading("s", 11, "a"));
        assertThat(fold(cmp(type, "value", Mode.MAX_BY, true), readings)).isEqualTo(new Reading("s", 7, "b"));
        assertThat(fold(cmp(type, "value", Mode.MIN, true), readings)).isEqualTo(new Reading("s", 1, "a"));
    }

    @Test
    void aggregationsWorkOnRecords() throws Exception {
        TypeInfo<Trade> type = TypeInfo.of(Trade.class);
        List<Trade> trades = List.of(new Trade("X", 10, "a"), new Trade("X", 30, "b"), new Trade("X", 20, "c"));
        SumAggregator<Trade> sum = new SumAggregator<>(FieldAccessors.create(type, "amount", "sum"), type.createSerializer(CONFIG), "sum");
        assertThat(fold(sum, trades)).isEqualTo(new Trade("X", 60, "a"));
        assertThat(fold(cmp(type, "amount", Mode.MIN_BY, true), trades)).isEqualTo(new Trade("X", 10, "a"));
        assertThat(fold(cmp(type, "amount", Mode.MAX, true), trades)).isEqualTo(new Trade("X", 30, "a"));
    }

    @Test
    void summingANonNumericFieldIsAPlanTimeError() {
        assertThatThrownBy(() -> sum(TUPLE, 2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be summed");
    }

    @Test
    void keyedStreamAggregationsBecomeKeyedReduceOperators() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.fromCollection(TUPLES, TUPLE).keyBy(0).sum(1).print();
        env.fromCollection(TUPLES, TUPLE).keyBy("f0").maxBy("f1").print();
        JobGraph graph = env.getJobGraph("aggregations");
        List<OperatorDescriptor> reduces = graph.vertices().stream().flatMap(v -> v.chain().stream())
                .filter(s -> s.kind().equals(OperatorKinds.KEYED_REDUCE.name())).map(s -> s.descriptor(getClass().getClassLoader())).toList();
        assertThat(reduces).hasSize(2);
        assertThat(reduces.get(0).userFunction()).isInstanceOf(SumAggregator.class);
        assertThat(reduces.get(1).userFunction()).isInstanceOf(ComparableAggregator.class);
        assertThat(reduces.get(0).keyType()).isEqualTo(TypeInfo.of(String.class));
        assertThat(reduces.get(0).outputType()).isEqualTo(TUPLE);
    }
}
