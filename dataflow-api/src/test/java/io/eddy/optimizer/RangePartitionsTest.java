package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.operators.Order;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobGraphCodec;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.optimizer.functions.RangePartitioning;
import io.eddy.optimizer.functions.ValueExtractor;
import org.junit.jupiter.api.Test;

/** {@code partitionByRange} compiles to sample → boundaries → broadcast → assign → PARTITION_BY_INDEX → strip. */
class RangePartitionsTest {

    static final class Pair implements MapFunction<Long, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value % 1000, value);
        }
    }

    static final class Nest implements MapFunction<Long, Tuple2<Tuple2<Long, Long>, Long>> {
        @Override
        public Tuple2<Tuple2<Long, Long>, Long> map(Long value) {
            return Tuple2.of(Tuple2.of(value, value), value);
        }
    }

    private static ExecutionEnvironment env(int parallelism) {
        return ExecutionEnvironment.getExecutionEnvironment(new Configuration()).setParallelism(parallelism);
    }

    private static OptNode named(CompiledPlan plan, String prefix) {
        return plan.dag().nodes().stream().filter(n -> n.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    @Test
    void aRangePartitionSamplesItsInputAndShipsByIndex() throws Exception {
        ExecutionEnvironment env = env(4);
        env.generateSequence(1, 1000).map(new Pair()).partitionByRange(0).name("by range")
                .sortPartition(0, Order.ASCENDING).output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        OptNode sample = named(plan, "Range sample (by range)");
        OptNode boundaries = named(plan, "Range boundaries");
        OptNode assign = named(plan, "Range assign");
        OptNode strip = named(plan, "Range strip");
        assertThat(sample.kind()).isEqualTo(BatchKinds.MAP_PARTITION);
        assertThat(sample.userFunction()).isInstanceOf(RangePartitioning.Sampler.class);
        assertThat(boundaries.kind()).isInstanceOf(BatchKinds.GroupReduce.class);
        assertThat(boundaries.parallelism()).isEqualTo(1);
        assertThat(boundaries.inputs()).singleElement().satisfies(c -> assertThat(c.source()).isSameAs(sample));
        assertThat(assign.broadcastInputs()).singleElement().satisfies(c -> {
            assertThat(c.source()).isSameAs(boundaries);
            assertThat(c.broadcastName()).isEqualTo(RangePartitioning.BOUNDARIES);
            assertThat(c.shipStrategy()).isEqualTo(ShipStrategy.BROADCAST);
        });
        OptNode pairs = sample.inputs().get(0).source();
        assertThat(assign.inputs()).singleElement().satisfies(c -> {
            assertThat(c.source()).isSameAs(pairs);
            assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING);
        });
        assertThat(sample.inputs()).singleElement().satisfies(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED));
        assertThat(strip.userFunction()).isInstanceOf(ValueExtractor.class);
        assertThat(strip.inputs()).singleElement().satisfies(c -> {
            assertThat(c.source()).isSameAs(assign);
            assertThat(c.shipStrategy()).isEqualTo(ShipStrategy.PARTITION_BY_INDEX);
        });
        OptNode sort = plan.dag().nodes().stream().filter(n -> n.kind() instanceof BatchKinds.SortPartition).findFirst().orElseThrow();
        assertThat(sort.inputs()).singleElement().satisfies(c -> {
            assertThat(c.source()).isSameAs(strip);
            assertThat(c.shipStrategy()).isEqualTo(ShipStrategy.FORWARD);
        });

        JobGraph graph = plan.toJobGraph();
        assertThat(graph.edges()).filteredOn(e -> e.shipStrategy() == ShipStrategy.PARTITION_BY_INDEX).singleElement()
                .satisfies(e -> assertThat(graph.vertex(e.source()).head().kind()).isEqualTo(OperatorKinds.MAP.name()));
        assertThat(graph.edges()).anySatisfy(e -> assertThat(e.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
        DataOutputSerializer out = new DataOutputSerializer(1024);
        JobGraphCodec.write(graph, out);
        JobGraph read = JobGraphCodec.read(new DataInputDeserializer(out.getCopyOfBuffer()));
        assertThat(read.edges().stream().map(JobEdge::toString)).containsExactlyElementsOf(graph.edges().stream().map(JobEdge::toString).toList());
    }

    @Test
    void twoConsumersOfOneRangePartitionShareItsNodes() {
        ExecutionEnvironment env = env(2);
        var ranged = env.generateSequence(1, 1000).map(new Pair()).partitionByRange(0);
        ranged.output(new NullOutputFormat<>());
        ranged.output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());
        assertThat(plan.dag().nodes()).filteredOn(n -> n.name().startsWith("Range sample")).hasSize(1);
    }

    @Test
    void aRangePartitionOnANestedFieldFailsNamingTheOperator() {
        ExecutionEnvironment env = env(2);
        env.generateSequence(1, 10).map(new Nest()).partitionByRange(1).name("nested range").output(new NullOutputFormat<>());
        assertThatThrownBy(() -> BatchCompiler.compile(env.createProgramPlan()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'nested range'").hasMessageContaining("nested");
    }

    static final class Modulo implements io.eddy.api.common.functions.Partitioner<Long> {
        @Override
        public int partition(Long key, int numPartitions) {
            return (int) (key % numPartitions);
        }
    }

    @Test
    void aCustomPartitionAssignsWithTheUsersPartitionerAndShipsByIndex() {
        ExecutionEnvironment env = env(4);
        env.generateSequence(1, 1000).map(new Pair()).setParallelism(3).partitionCustom(new Modulo(), 0).name("by modulo")
                .sortPartition(0, Order.ASCENDING).output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        OptNode assign = named(plan, "Custom assign (by modulo)");
        OptNode strip = named(plan, "Custom strip (by modulo)");
        assertThat(assign.userFunction()).isInstanceOf(io.eddy.optimizer.functions.CustomPartitioning.Assigner.class);
        assertThat(assign.inputs()).singleElement().satisfies(c -> assertThat(c.shipStrategy()).isEqualTo(ShipStrategy.FORWARD));
        assertThat(assign.parallelism()).as("the input's parallelism").isEqualTo(3);
        assertThat(strip.parallelism()).isEqualTo(4);
        assertThat(strip.inputs()).singleElement().satisfies(c -> {
            assertThat(c.source()).isSameAs(assign);
            assertThat(c.shipStrategy()).isEqualTo(ShipStrategy.PARTITION_BY_INDEX);
        });
        assertThat(plan.dag().nodes()).noneMatch(n -> n.name().startsWith("Range"));
    }
}
