package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.WorkerMemoryOptions;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Joins inside loops are costed by how often their work repeats (docs/optimizer.md, "Loops"): a
 * static input is shipped once, and a hash table built on it is built once when it fits into
 * memory; the loop's own data is shipped and handled in every superstep.
 */
class LoopCostsTest {

    private static final long MIB = 1 << 20;

    private static ExecutionEnvironment env() {
        return ExecutionEnvironment.getExecutionEnvironment(new Configuration()).setParallelism(2);
    }

    private static DataSet<Tuple2<Long, Long>> pairs(ExecutionEnvironment env, long count, String name) {
        return env.generateSequence(1, count).name(name).map(new BatchCompilerTest.Pair()).name(name);
    }

    /** A loop over {@code loopRecords} records that joins them with {@code staticRecords} records of the static path in every superstep. */
    private static ExecutionEnvironment loopJoiningStatic(long loopRecords, long staticRecords, int maxIterations) {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> edges = pairs(env, staticRecords, "static");
        IterativeDataSet<Tuple2<Long, Long>> ranks = pairs(env, loopRecords, "initial").iterate(maxIterations).name("Loop");
        DataSet<Tuple2<Long, Long>> next = ranks.join(edges).where(0).equalTo(0).with(new StrategyChoicesTest.KeepLeft()).name("Spread");
        ranks.closeWith(next).output(new NullOutputFormat<>());
        return env;
    }

    private static OptNode join(CompiledPlan plan) {
        return plan.dag().nodes().stream().filter(n -> n.kind() instanceof BatchKinds.Join).findFirst().orElseThrow();
    }

    private static List<ShipStrategy> ships(OptNode node, int input) {
        return node.inputs(input).stream().map(Channel::shipStrategy).toList();
    }

    @Test
    void aStaticInputThatFitsIntoMemoryIsBuiltOnceAndTheLoopsDataIsPartitionedNotBroadcast() {
        // 1 M records of the loop, 4 M static: outside a loop the smaller side would be built or broadcast.
        CompiledPlan plan = BatchCompiler.compile(loopJoiningStatic(1_000_000, 4_000_000, 10).createProgramPlan(), 8L << 30);

        OptNode join = join(plan);
        assertThat(((BatchKinds.Join) join.kind()).localStrategy()).isEqualTo(LocalStrategy.HYBRID_HASH_BUILD_SECOND);
        assertThat(ships(join, 0)).containsExactly(ShipStrategy.HASH);
        assertThat(ships(join, 1)).containsExactly(ShipStrategy.HASH);
    }

    @Test
    void aStaticInputTooLargeForMemoryIsProbedAndTheLoopsSideBuilt() {
        CompiledPlan plan = BatchCompiler.compile(loopJoiningStatic(1_000_000, 4_000_000, 10).createProgramPlan(), 16 * MIB);

        OptNode join = join(plan);
        assertThat(((BatchKinds.Join) join.kind()).localStrategy()).isEqualTo(LocalStrategy.HYBRID_HASH_BUILD_FIRST);
        assertThat(ships(join, 0)).as("the loop's side is partitioned, not sent to every subtask in every superstep")
                .containsExactly(ShipStrategy.HASH);
    }

    @Test
    void theSameJoinOutsideALoopBroadcastsTheSmallSide() {
        ExecutionEnvironment env = env();
        pairs(env, 1_000_000, "small").join(pairs(env, 4_000_000, "large")).where(0).equalTo(0)
                .with(new StrategyChoicesTest.KeepLeft()).output(new NullOutputFormat<>());
        OptNode join = join(BatchCompiler.compile(env.createProgramPlan(), 8L << 30));

        assertThat(ships(join, 0)).containsExactly(ShipStrategy.BROADCAST);
        assertThat(((BatchKinds.Join) join.kind()).localStrategy()).isEqualTo(LocalStrategy.HYBRID_HASH_BUILD_FIRST);
    }

    @Test
    void aLoopOfOneSuperstepCostsLikeNoLoop() {
        OptNode join = join(BatchCompiler.compile(loopJoiningStatic(1_000_000, 4_000_000, 1).createProgramPlan(), 8L << 30));

        assertThat(ships(join, 0)).containsExactly(ShipStrategy.BROADCAST);
    }

    @Test
    void theEnvironmentCompilesForTheManagedMemoryItsConfigurationGives() {
        ExecutionEnvironment small = loopJoiningStatic(1_000_000, 4_000_000, 10);
        small.getConfiguration().set(WorkerMemoryOptions.MANAGED_MEMORY_SIZE, new io.eddy.configuration.MemorySize(16 * MIB));
        ExecutionEnvironment large = loopJoiningStatic(1_000_000, 4_000_000, 10);
        large.getConfiguration().set(WorkerMemoryOptions.MANAGED_MEMORY_SIZE, new io.eddy.configuration.MemorySize(8L << 30));

        assertThat(((BatchKinds.Join) join(small.compile("small")).kind()).localStrategy()).isEqualTo(LocalStrategy.HYBRID_HASH_BUILD_FIRST);
        assertThat(((BatchKinds.Join) join(large.compile("large")).kind()).localStrategy()).isEqualTo(LocalStrategy.HYBRID_HASH_BUILD_SECOND);
    }
}
