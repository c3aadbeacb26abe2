package io.eddy.api.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.annotations.ForwardedFields;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** Plan-time errors: each names the operation and says what to do. */
class DataSetPlanErrorsTest {

    private final ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
    private final DataSet<Tuple2<String, Integer>> pairs = env.fromElements(new Tuple2<>("a", 1)).name("Pairs");

    /** Declares a field that does not exist. */
    @ForwardedFields("f9")
    static final class BadlyAnnotated implements MapFunction<Tuple2<String, Integer>, Tuple2<String, Integer>> {
        @Override
        public Tuple2<String, Integer> map(Tuple2<String, Integer> value) {
            return value;
        }
    }

    @Test
    void unknownKeyFieldNamesTheOperationAndTheFields() {
        assertThatThrownBy(() -> pairs.groupBy(5))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("groupBy([5]) on 'Pairs'")
                .hasMessageContaining("[f0, f1]");
        assertThatThrownBy(() -> pairs.groupBy("count"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("groupBy([count]) on 'Pairs'")
                .hasMessageContaining("'count'");
        assertThatThrownBy(() -> pairs.groupBy(0).sortGroup("f7", io.eddy.api.common.operators.Order.ASCENDING))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("sortGroup(f7)");
    }

    @Test
    void fieldThatIsNoKeyTypeIsRejected() {
        DataSet<Tuple2<int[], String>> arrays = env.fromElements(new Tuple2<>(new int[] {1}, "x")).name("Arrays");
        assertThatThrownBy(() -> arrays.groupBy(0))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("groupBy([0]) on 'Arrays'")
                .hasMessageContaining("cannot be a key");
        assertThatThrownBy(() -> arrays.distinct())
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("cannot be a key");
    }

    @Test
    void erasedLambdaNeedsReturns() {
        DataSet<String> words = env.fromElements("a b")
                .flatMap((String line, Collector<String> out) -> out.collect(line)).name("Split");
        assertThatThrownBy(() -> words.output(new DiscardingOutputFormat<>()))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("'Split'")
                .hasMessageContaining(".returns(");

        DataSet<String> typed = env.fromElements("a b")
                .flatMap((String line, Collector<String> out) -> out.collect(line)).returns(Types.STRING);
        typed.output(new DiscardingOutputFormat<>());
        assertThat(env.createProgramPlan().getDataSinks()).hasSize(1);
    }

    @Test
    void incompatibleJoinKeysNameBothSides() {
        DataSet<Tuple2<Integer, String>> other = env.fromElements(new Tuple2<>(1, "x")).name("Other");
        assertThatThrownBy(() -> pairs.join(other).where(0).equalTo(0))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("'Pairs' and 'Other'")
                .hasMessageContaining("[String]")
                .hasMessageContaining("[Integer]");
        assertThatThrownBy(() -> pairs.coGroup(other).where(0, 1).equalTo(1))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("not compatible");
    }

    @Test
    void badForwardedFieldExpressionsFailWhenThePlanIsBuilt() {
        pairs.map(value -> value).returns(pairs.getType()).name("Identity").withForwardedFields("f0->f1")
                .output(new DiscardingOutputFormat<>());
        assertThatThrownBy(() -> env.createProgramPlan())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Operator 'Identity'")
                .hasMessageContaining("'f0->f1'")
                .hasMessageContaining("withForwardedFields")
                .hasMessageContaining("differs");
    }

    @Test
    void badForwardedFieldAnnotationNamesTheFunction() {
        pairs.map(new BadlyAnnotated()).output(new DiscardingOutputFormat<>());
        assertThatThrownBy(() -> env.createProgramPlan())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Operator 'Map'")
                .hasMessageContaining("'f9'")
                .hasMessageContaining("@ForwardedFields of " + BadlyAnnotated.class.getName());
    }

    @Test
    void planWithoutSinksSaysToAddOne() {
        pairs.map(value -> value.f0);
        assertThatThrownBy(() -> env.createProgramPlan("Empty"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no sinks")
                .hasMessageContaining("writeAsText");
    }

    @Test
    void otherPlanErrors() {
        ByteArrayOutputStream notSerializable = new ByteArrayOutputStream();
        assertThatThrownBy(() -> pairs.map(value -> notSerializable.size()).name("Capture"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("operator 'Map'")
                .hasMessageContaining("ByteArrayOutputStream");
        assertThatThrownBy(() -> pairs.sum(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be summed");
        assertThatThrownBy(() -> env.fromElements("x").project(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tuples only");
        @SuppressWarnings({"unchecked", "rawtypes"})
        DataSet<Tuple2<String, Integer>> strings = (DataSet) pairs.map(t -> t.f0);
        assertThatThrownBy(() -> pairs.union(strings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one type");
        assertThatThrownBy(() -> env.fromElements(1, 2).setParallelism(2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rebalance()");
        assertThatThrownBy(() -> pairs.leftOuterJoin(pairs, JoinHint.BROADCAST_HASH_FIRST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LeftOuterJoin")
                .hasMessageContaining("BROADCAST_HASH_FIRST");
        assertThatThrownBy(() -> pairs.map(t -> t).withBroadcastSet(pairs, "s").withBroadcastSet(pairs, "s"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already used");
        assertThatThrownBy(() -> env.fromElements("w").cross(pairs).projectFirst(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("projectFirst[1] on cross")
                .hasMessageContaining("no tuple");
        assertThatThrownBy(() -> pairs.first(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void returnsAfterTheTypeWasUsedIsAnError() {
        var mapped = pairs.map(t -> t.f1);
        mapped.filter(i -> i > 0);
        assertThatThrownBy(() -> mapped.returns((Class) Long.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already used");
    }
}
