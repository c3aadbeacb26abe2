package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyedStreamTest {

    private static final ClassLoader CL = KeyedStreamTest.class.getClassLoader();
    private static final TypeInfo<Tuple3<String, Integer, Long>> TYPE = new TypeHint<Tuple3<String, Integer, Long>>() {}.getTypeInfo();

    static final class Describe extends KeyedProcessFunction<String, Tuple3<String, Integer, Long>, String> {
        @Override
        public void processElement(Tuple3<String, Integer, Long> value, Context ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + value);
        }
    }

    static final class First implements KeySelector<Tuple3<String, Integer, Long>, String> {
        @Override
        public String getKey(Tuple3<String, Integer, Long> value) {
            return value.f0;
        }
    }

    private static DataStream<Tuple3<String, Integer, Long>> input(StreamExecutionEnvironment env) {
        return env.fromCollection(List.of(Tuple3.of("a", 1, 2L)), TYPE);
    }

    private static OperatorDescriptor descriptorOf(JobGraph graph, OperatorKind kind) {
        return graph.vertices().stream().flatMap(v -> v.chain().stream()).filter(s -> s.kind().equals(kind.name())).findFirst()
                .orElseThrow().descriptor(CL);
    }

    @Test
    void keyedProcessGetsKeySelectorKeyTypeAndExtractedOutputType() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        input(env).keyBy(new First()).process(new Describe()).print();
        OperatorDescriptor d = descriptorOf(env.getJobGraph("kp"), OperatorKinds.KEYED_PROCESS);
        assertThat(d.keySelectors()).hasSize(1).first().isInstanceOf(First.class);
        assertThat(d.keyType()).isEqualTo(TypeInfo.of(String.class));
        assertThat(d.inputTypes()).containsExactly(TYPE);
        assertThat(d.outputType()).isEqualTo(TypeInfo.of(String.class));
    }

    @Test
    void severalKeyFieldsMakeATupleKey() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        KeyedStream<Tuple3<String, Integer, Long>, Object> keyed = input(env).keyBy("f0", "f2");
        assertThat(keyed.getKeyType()).isEqualTo(new TupleTypeInfo<>(TypeInfo.of(String.class), TypeInfo.of(Long.class)));
        assertThat(keyed.getKeySelector().getKey(Tuple3.of("x", 1, 9L))).isEqualTo(Tuple2.of("x", 9L));
        KeyedStream<Tuple3<String, Integer, Long>, Object> byPosition = input(env).keyBy(1);
        assertThat(byPosition.getKeyType()).isEqualTo(TypeInfo.of(Integer.class));
        assertThat(byPosition.getKeySelector().getKey(Tuple3.of("x", 5, 9L))).isEqualTo(5);
    }

    @Test
    void mapOnAKeyedStreamRunsUnkeyedBehindAHashEdge() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        input(env).keyBy(new First()).map(t -> t.f1).returns(Integer.class).print();
        JobGraph graph = env.getJobGraph("keyed map");
        assertThat(graph.edges()).extracting(JobEdge::shipStrategy).containsExactly(ShipStrategy.HASH);
        OperatorDescriptor map = descriptorOf(graph, OperatorKinds.MAP);
        assertThat(map.keySelectors()).isEmpty();
        assertThat(map.keyType()).isNull();
        assertThat(map.outputType()).isEqualTo(TypeInfo.of(Integer.class));
    }

    enum Color { RED, GREEN }

    /** A POJO that keeps Object's identity hashCode. */
    public static final class NoHash {
        public String name;
    }

    /** A POJO that hashes by value. */
    public static final class ByValue {
        public String name;

        @Override
        public boolean equals(Object o) {
            return o instanceof ByValue other && java.util.Objects.equals(name, other.name);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(name);
        }
    }

    @Test
    void anEnumKeyIsHashedByNameTheSameInEveryJvm() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(Color.RED, Color.GREEN).keyBy(c -> c, TypeInfo.of(Color.class));
        assertThat(KeyGroups.hashOf(Color.RED)).isEqualTo("RED".hashCode());
        assertThat(KeyGroups.keyGroupFor(Color.GREEN, 128)).isEqualTo(KeyGroups.keyGroupForHash("GREEN".hashCode(), 128));
    }

    @Test
    void keysWhoseHashIsNotTheirValueAreRefused() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        TypeInfo<Tuple2<Color, Integer>> pair = new TypeHint<Tuple2<Color, Integer>>() {}.getTypeInfo();
        assertThatThrownBy(() -> env.fromElements(Tuple2.of(Color.RED, 1)).returns(pair).keyBy(t -> t, pair))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("it holds the enum " + Color.class.getName())
                .hasMessageContaining("name()");
        assertThatThrownBy(() -> env.fromElements(new NoHash()).keyBy(p -> p, TypeInfo.of(NoHash.class)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(NoHash.class.getName() + " does not override hashCode()");
        env.fromElements(new ByValue()).keyBy(p -> p, TypeInfo.of(ByValue.class));
    }
}
