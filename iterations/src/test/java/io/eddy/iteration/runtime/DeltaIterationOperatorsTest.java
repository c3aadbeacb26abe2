package io.eddy.iteration.runtime;

import static io.eddy.iteration.runtime.TestSuperstepControl.proceed;
import static io.eddy.iteration.runtime.TestSuperstepControl.terminate;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A delta loop's head, solution-set join, delta tail and workset tail, each in a task of its own,
 * sharing one lane's solution set and back channel. Records are {@code (key, value)} pairs keyed on
 * field 0.
 */
class DeltaIterationOperatorsTest {

    private static final String LOOP = "delta";
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    @TempDir
    File tmp;

    private MemoryManager memory;
    private IOManager io;
    private TestLaneResources lane;
    private LoopTaskRig head;
    private LoopTaskRig join;
    private LoopTaskRig deltaTail;
    private LoopTaskRig worksetTail;

    /** Emits (key, solution value + work value) when the solution-set record comes first. */
    static final class Add implements FlatJoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void join(Tuple2<Long, Long> solution, Tuple2<Long, Long> work, Collector<Tuple2<Long, Long>> out) {
            out.collect(new Tuple2<>(solution.f0, solution.f1 + work.f1));
        }
    }

    @BeforeEach
    void setUp() {
        memory = new MemoryManager(512L * 1024, 1024);
        io = new IOManager(tmp);
        lane = new TestLaneResources();
        head = LoopTaskRig.head(OperatorDescriptor.builder(new IterationKinds.DeltaHead(LOOP, KeySpec.of(0), true)).inputType(PAIR)
                .inputType(PAIR).outputType(PAIR).build(), LoopContexts.delta(LOOP), LoopTaskRig.environment(memory, io, lane));
        join = LoopTaskRig.body(OperatorDescriptor.builder(new IterationKinds.SolutionSetJoin(LOOP, KeySpec.of(0), true)).inputType(PAIR)
                .outputType(PAIR).userFunction(new Add()).build(), LoopContexts.delta(LOOP), LoopTaskRig.environment(memory, io, lane));
        deltaTail = LoopTaskRig.tail(OperatorDescriptor.builder(new IterationKinds.SolutionSetDeltaTail(LOOP, KeySpec.of(0))).inputType(PAIR).build(),
                LoopContexts.delta(LOOP), LoopTaskRig.environment(memory, io, lane));
        worksetTail = LoopTaskRig.tail(OperatorDescriptor.builder(new IterationKinds.WorksetTail(LOOP)).inputType(PAIR).build(),
                LoopContexts.delta(LOOP), LoopTaskRig.environment(memory, io, lane));
        // Readers open before the head (tasks start in any order): they find the set when records arrive.
        join.open();
        deltaTail.open();
        worksetTail.open();
        head.open();
    }

    @AfterEach
    void tearDown() {
        worksetTail.close();
        deltaTail.close();
        join.close();
        head.close();
        io.close();
    }

    private static Tuple2<Long, Long> pair(long key, long value) {
        return new Tuple2<>(key, value);
    }

    @Test
    void theOperatorsAreTheModulesOnes() {
        assertThat(head.operator()).isInstanceOf(DeltaIterationHead.class);
        assertThat(join.operator()).isInstanceOf(SolutionSetJoinOperator.class);
        assertThat(deltaTail.operator()).isInstanceOf(SolutionSetDeltaTail.class);
        assertThat(worksetTail.operator()).isInstanceOf(WorksetTail.class);
    }

    @Test
    void aReaderWaitsUntilItsLanesHeadReadTheWholeInitialSolutionSet() throws Exception {
        head.processInput(0, pair(1, 10));
        CompletableFuture<Void> probed = CompletableFuture.runAsync(() -> {
            try {
                join.process(pair(2, 5));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        head.processInput(0, pair(2, 20));
        Thread.sleep(100);
        assertThat(probed).as("the join waits for the rest of the solution set").isNotDone();

        head.endInput(0);
        probed.get(10, TimeUnit.SECONDS);
        assertThat(join.<Tuple2<Long, Long>>output(0)).containsExactly(pair(2, 25));
    }

    @Test
    void aSuperstepJoinsUpdatesAndFeedsBackUntilTheWorksetIsEmptyThenTheSolutionSetIsTheResult() throws Exception {
        head.processInput(0, pair(1, 10), pair(2, 20), pair(3, 30)).endInput(0);
        head.processInput(1, pair(1, 1), pair(3, 3)).endInput(1);
        assertThat(head.<Tuple2<Long, Long>>output(0)).containsExactly(pair(1, 1), pair(3, 3));
        assertThat(head.control.ended).containsExactly(1);

        // Superstep 1 of the body: join, the delta replaces records, the next workset is counted and fed back.
        join.process(pair(1, 1), pair(3, 3), pair(9, 9));
        List<Tuple2<Long, Long>> joined = new ArrayList<>(join.output(0));
        assertThat(joined).as("key 9 has no solution-set record: an inner join").containsExactly(pair(1, 11), pair(3, 33));
        deltaTail.process(joined.toArray()).endSuperstep();
        worksetTail.process(pair(3, 1)).endSuperstep();
        LongSumAggregator count = worksetTail.iteration.aggregator(IterationSpec.TERMINATION_AGGREGATOR);
        assertThat(count.getAggregate()).isEqualTo(1L);

        head.clearOutputs();
        head.control.decide(proceed(1));
        assertThat(head.<Tuple2<Long, Long>>output(0)).as("the next workset goes into the body").containsExactly(pair(3, 1));

        // Superstep 2 sees superstep 1's updates.
        join.clearOutputs();
        join.startSuperstep(2).process(pair(3, 1));
        assertThat(join.<Tuple2<Long, Long>>output(0)).containsExactly(pair(3, 34));
        deltaTail.startSuperstep(2).process(pair(3, 34)).endSuperstep();
        worksetTail.startSuperstep(2).endSuperstep();
        assertThat(worksetTail.iteration.<LongSumAggregator>aggregator(IterationSpec.TERMINATION_AGGREGATOR).getAggregate()).isZero();

        head.control.decide(terminate(2));
        assertThat(head.<Tuple2<Long, Long>>output(1)).containsExactlyInAnyOrder(pair(1, 11), pair(2, 20), pair(3, 34));
        assertThat(head.afterInput()).isCompleted();
    }
}
