package io.eddy.api.common.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.io.NumberSequenceInputFormat;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plan's DAG: built by hand and from a program; walking, sharing, validation. */
class PlanTest {

    /** Writes nothing. */
    static final class NoOutput<T> implements OutputFormat<T> {
        @Override
        public void open(int subtask, int parallelism) {
        }

        @Override
        public void writeRecord(T record) {
        }

        @Override
        public void close() {
        }
    }

    private static GenericDataSourceBase<Long> source(int id) {
        return new GenericDataSourceBase<>(OperatorInfo.of(id, "numbers", Types.LONG), new NumberSequenceInputFormat(1, 10));
    }

    @Test
    void visitorSeesSharedNodesOnceAndCanSkipInputs() {
        GenericDataSourceBase<Long> numbers = source(1);
        GenericDataSourceBase<Long> side = source(2);
        MapFunction<Long, Long> inc = x -> x + 1;
        MapOperatorBase<Long, Long> map = new MapOperatorBase<>(OperatorInfo.of(3, "inc", Types.LONG)
                .withBroadcastInputs(Map.of("side", side)), inc, PlanInput.of(numbers), SingleInputSemanticProperties.empty());
        Union<Long> union = new Union<>(OperatorInfo.of(4, "union", Types.LONG), List.of(map, numbers));
        GenericDataSinkBase<Long> sink = new GenericDataSinkBase<>(OperatorInfo.of(5, "sink", null), PlanInput.of(union), new NoOutput<>());
        Plan plan = new Plan("p", List.of(sink), 2, new SerializerConfig());

        assertThat(plan.getOperators()).containsExactly(numbers, side, map, union, sink);
        List<String> post = new ArrayList<>();
        plan.accept(new PlanVisitor() {
            @Override
            public boolean preVisit(LogicalOperator<?> operator) {
                return operator != map;
            }

            @Override
            public void postVisit(LogicalOperator<?> operator) {
                post.add(operator.getName());
            }
        });
        // The map's inputs were skipped, but the source is also read by the union.
        assertThat(post).containsExactly("inc", "numbers", "union", "sink");
        assertThat(map.toString()).contains("Map#3 'inc'", "<- [#1]", "broadcast=side:#2");
    }

    @Test
    void invalidNodesAreRejected() {
        GenericDataSourceBase<Long> numbers = source(1);
        assertThatThrownBy(() -> new Plan("empty", List.of(), 1, new SerializerConfig()))
                .hasMessageContaining("no sinks");
        assertThatThrownBy(() -> new Union<>(OperatorInfo.of(2, "u", Types.LONG), List.of(numbers)))
                .hasMessageContaining("expected: >= 2");
        assertThatThrownBy(() -> new PartitionOperatorBase<>(OperatorInfo.of(2, "p", Types.LONG), PlanInput.of(numbers), PartitionMethod.HASH))
                .hasMessageContaining("without keys");
        assertThatThrownBy(() -> OperatorInfo.of(2, "x", Types.LONG).withParallelism(0))
                .hasMessageContaining("expected: >= 1");
        assertThatThrownBy(() -> CompilerHints.none().withOutputSize(-5))
                .hasMessageContaining("outputSize");
    }

    @Test
    void lambdaKeySelectorsGetTheirKeyType() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(1);
        DataSet<Tuple2<String, Integer>> data = env.fromElements(new Tuple2<>("a", 1));
        data.groupBy(t -> t.f0).reduce((a, b) -> a).output(new NoOutput<>());
        Plan plan = env.createProgramPlan();
        ReduceOperatorBase<?> reduce = (ReduceOperatorBase<?>) plan.getDataSinks().get(0).getInputs().get(0);
        assertThat(reduce.getKeys().isSelectorKeys()).isTrue();
        assertThat(reduce.getKeys().getKeyType()).isEqualTo(Types.STRING);
    }

    @Test
    void idsAreATopologicalOrderForEveryKindOfNode() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<Long, Long>> pairs = env.generateSequence(1, 100).map(n -> Tuple2.of(n % 7, n)).returns(Types.TUPLE(Types.LONG, Types.LONG));
        pairs.sortPartition(0, Order.ASCENDING)
                .partitionByHash(1)
                .union(pairs.rebalance())
                .groupBy(0).sum(1)
                .output(new NoOutput<>());
        Plan plan = env.createProgramPlan("ids");
        for (LogicalOperator<?> op : plan.getOperators()) {
            List<LogicalOperator<?>> inputs = new ArrayList<>(op.getInputs());
            inputs.addAll(op.getBroadcastInputs().values());
            for (LogicalOperator<?> input : inputs) {
                assertThat(input.getId()).as("input %s of %s", input, op).isLessThan(op.getId());
            }
        }
    }
}
