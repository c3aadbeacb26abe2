package io.eddy.iteration.runtime;

import static io.eddy.iteration.runtime.TestSuperstepControl.proceed;
import static io.eddy.iteration.runtime.TestSuperstepControl.terminate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bulk loop's head and tail, each in a task of its own, sharing one lane's back channel. */
class BulkIterationOperatorsTest {

    private static final String LOOP = "loop";
    /** Small pages: a back channel of 2 × 64 pages of 256 bytes keeps about 2000 longs per superstep in memory. */
    private static final int PAGE_SIZE = 256;

    @TempDir
    File tmp;

    private MemoryManager memory;
    private IOManager io;
    private TestLaneResources lane;
    private LoopTaskRig head;
    private LoopTaskRig tail;

    @BeforeEach
    void setUp() {
        memory = new MemoryManager(256L * PAGE_SIZE, PAGE_SIZE);
        io = new IOManager(tmp);
        lane = new TestLaneResources();
        head = LoopTaskRig.head(OperatorDescriptor.builder(new IterationKinds.BulkHead(LOOP)).inputType(Types.LONG).outputType(Types.LONG)
                .build(), LoopContexts.bulk(LOOP), LoopTaskRig.environment(memory, io, lane)).open();
        tail = LoopTaskRig.tail(OperatorDescriptor.builder(new IterationKinds.BulkTail(LOOP)).inputType(Types.LONG).build(),
                LoopContexts.bulk(LOOP), LoopTaskRig.environment(memory, io, lane)).open();
    }

    @AfterEach
    void tearDown() {
        tail.close();
        head.close();
        io.close();
    }

    @Test
    void headAndTailAreTheModulesOperatorsAndShareTheLanesBackChannel() {
        assertThat(head.operator()).isInstanceOf(BulkIterationHead.class);
        assertThat(tail.operator()).isInstanceOf(BulkIterationTail.class);
        assertThat(lane.get(LaneBackChannels.key(LOOP, 0, 0))).isInstanceOf(BackChannel.class)
                .hasToString("back channel of iteration 'loop', lane 1/1");
    }

    @Test
    void headForwardsTheInitialInputAndEndsSuperstep1WhenItEnds() throws Exception {
        head.process(1L, 2L, 3L);
        assertThat(head.<Long>output(0)).containsExactly(1L, 2L, 3L);
        assertThat(head.control.ended).isEmpty();

        head.endInput();
        assertThat(head.control.ended).containsExactly(1);
        assertThat(head.control.awaitsDecision()).isTrue();
        assertThat(head.afterInput()).isNotDone();
        assertThat(head.<Long>output(1)).isEmpty();
    }

    @Test
    void onContinueHeadEmitsTheTailsPreviousSuperstepAndEndsTheNext_onTerminateItEmitsTheResult() throws Exception {
        head.process(1L, 2L).endInput();
        tail.process(10L, 20L).endSuperstep();
        head.clearOutputs();

        head.control.decide(proceed(1));
        assertThat(head.control.started).containsExactly(2);
        assertThat(head.<Long>output(0)).containsExactly(10L, 20L);
        assertThat(head.control.ended).containsExactly(1, 2);
        assertThat(head.<Long>output(1)).isEmpty();
        assertThat(head.afterInput()).isNotDone();

        tail.startSuperstep(2).process(11L, 21L, 31L).endSuperstep();
        head.control.decide(terminate(2));
        assertThat(head.<Long>output(1)).containsExactly(11L, 21L, 31L);
        assertThat(head.<Long>output(0)).as("the result is not fed into the body").containsExactly(10L, 20L);
        assertThat(head.control.started).containsExactly(2);
        assertThat(head.afterInput()).isCompleted();
    }

    @Test
    void aSnapshotDecisionWritesTheEmittedSuperstepAndAResumedHeadEmitsItInsteadOfItsInitialInput(@TempDir File snapshots) throws Exception {
        String dir = new File(snapshots, "superstep-1").toURI().toString();
        head.process(1L, 2L).endInput();
        tail.process(10L, 20L, 30L).endSuperstep();
        head.clearOutputs();
        head.control.decide(new SuperstepDecision(1, false, "test: continue with a snapshot", LoopContexts.noAggregates(), dir));
        assertThat(head.<Long>output(0)).containsExactly(10L, 20L, 30L);
        assertThat(new File(snapshots, "superstep-1/lane-0")).isFile();
        assertThat(new File(snapshots, "superstep-1").list()).as("no temporary file is left").containsExactly("lane-0");

        IterationResume resume = new IterationResume(2, LoopContexts.noAggregates(), dir);
        TestLaneResources otherLane = new TestLaneResources();
        LoopTaskRig resumedHead = LoopTaskRig.head(OperatorDescriptor.builder(new IterationKinds.BulkHead(LOOP)).inputType(Types.LONG)
                .outputType(Types.LONG).build(), LoopContexts.resumedBulk(LOOP, resume), LoopTaskRig.environment(memory, io, otherLane)).open();
        LoopTaskRig resumedTail = LoopTaskRig.tail(OperatorDescriptor.builder(new IterationKinds.BulkTail(LOOP)).inputType(Types.LONG).build(),
                LoopContexts.resumedBulk(LOOP, resume), LoopTaskRig.environment(memory, io, otherLane)).open();
        try {
            resumedHead.process(1L, 2L).endInput();
            assertThat(resumedHead.<Long>output(0)).as("the snapshot instead of the initial input").containsExactly(10L, 20L, 30L);
            assertThat(resumedHead.control.ended).as("the resumed run's first superstep").containsExactly(2);
            resumedTail.process(11L).endSuperstep();
            resumedHead.control.decide(terminate(2));
            assertThat(resumedHead.<Long>output(1)).containsExactly(11L);
            assertThat(resumedHead.afterInput()).isCompleted();
        } finally {
            resumedTail.close();
            resumedHead.close();
        }
    }

    @Test
    void aResumedHeadWhoseSnapshotIsMissingFailsNamingTheFile(@TempDir File snapshots) throws Exception {
        String dir = new File(snapshots, "superstep-4").toURI().toString();
        IterationResume resume = new IterationResume(5, LoopContexts.noAggregates(), dir);
        TestLaneResources otherLane = new TestLaneResources();
        LoopTaskRig resumedHead = LoopTaskRig.head(OperatorDescriptor.builder(new IterationKinds.BulkHead(LOOP)).inputType(Types.LONG)
                .outputType(Types.LONG).build(), LoopContexts.resumedBulk(LOOP, resume), LoopTaskRig.environment(memory, io, otherLane)).open();
        try {
            assertThatThrownBy(resumedHead::endInput).hasStackTraceContaining("superstep-4/lane-0");
        } finally {
            resumedHead.close();
        }
    }

    @Test
    void terminatingAfterTheFirstSuperstepEmitsItsTailRecords() throws Exception {
        head.process(5L).endInput();
        tail.process(6L).endSuperstep();
        head.control.decide(terminate(1));
        assertThat(head.<Long>output(1)).containsExactly(6L);
        assertThat(head.control.started).isEmpty();
        assertThat(head.afterInput()).isCompleted();
    }

    /** Superstep by superstep, a body adds 1 to each record; the supersteps spill in the back channel. */
    @Test
    void aLoopOfFourSuperstepsThroughASpillingBackChannel() throws Exception {
        List<Long> initial = new ArrayList<>();
        for (long i = 0; i < 5000; i++) {
            initial.add(i * 10);
        }
        head.process(initial.toArray()).endInput();
        CompletableFuture<Void> loopEnd = head.afterInput();
        for (int superstep = 1; superstep <= 4; superstep++) {
            if (superstep > 1) {
                tail.startSuperstep(superstep);
            }
            for (Long value : head.<Long>output(0)) {
                tail.process(value + 1);
            }
            tail.endSuperstep();
            head.clearOutputs();
            head.control.decide(superstep < 4 ? proceed(superstep) : terminate(superstep));
        }
        assertThat(loopEnd).isCompleted();
        assertThat(head.<Long>output(1)).containsExactlyElementsOf(initial.stream().map(v -> v + 4).toList());
        assertThat(head.control.ended).containsExactly(1, 2, 3, 4);
        BackChannel<?> channel = (BackChannel<?>) lane.get(LaneBackChannels.key(LOOP, 0, 0));
        assertThat(channel.spilledFiles()).isEqualTo(4);

        head.close();
        assertThat(lane.get(LaneBackChannels.key(LOOP, 0, 0))).as("the head removes its lane's channel").isNull();
        assertThat(lane.closeFailures()).isEmpty();
        assertThat(memory.verifyEmpty()).isTrue();
        assertThat(Objects.requireNonNull(io.spillingDirectories()[0].listFiles())).isEmpty();
        assertThatThrownBy(() -> tail.process(1L)).hasMessageContaining("the back channel of iteration 'loop', lane 1/1 is closed");
    }

    @Test
    void aFailedDecisionFailsTheLoopNamingTheHead() throws Exception {
        head.endInput();
        head.control.fail(new IllegalStateException("the loop was cancelled"));
        assertThatThrownBy(() -> head.afterInput().get())
                .isInstanceOf(ExecutionException.class)
                .cause()
                .hasMessageStartingWith("The head of iteration 'loop' (operator 'bulk-iteration-head (1/1)') got no decision after superstep 1")
                .hasRootCauseMessage("the loop was cancelled");
    }

    @Test
    void aDecisionAboutAnotherSuperstepIsABug() throws Exception {
        head.endInput();
        tail.endSuperstep();
        head.control.decide(proceed(2));
        assertThatThrownBy(() -> head.afterInput().get())
                .cause()
                .hasMessageStartingWith("Bug: the head of iteration 'loop' (operator 'bulk-iteration-head (1/1)') computes superstep 1 but got"
                        + " SuperstepDecision{after 2");
    }

    @Test
    void aSuperstepTheTailDidNotSealFailsTheLoopInsteadOfEmittingNothing() throws Exception {
        head.endInput();
        tail.process(1L); // not sealed
        head.control.decide(proceed(1));
        assertThatThrownBy(() -> head.afterInput().get())
                .cause()
                .hasMessageContaining("cannot read superstep 1: it is not sealed yet");
        assertThat(head.control.ended).containsExactly(1);
    }

    @Test
    void theInitialInputEndsOnce() throws Exception {
        head.endInput();
        assertThatThrownBy(head::endInput).hasMessageContaining("ended twice");
    }

    @Test
    void theTailRefusesSuperstepsOutOfOrder() throws Exception {
        // The operator itself, not through the rig: the task's context refuses the skip before it.
        assertThatThrownBy(() -> ((io.eddy.runtime.operators.SuperstepAware) tail.operator()).startSuperstep(3))
                .hasMessageContaining("ended superstep 1 but is asked to start superstep 3 (expected: 2)");
    }
}
