package io.eddy.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.eddy.streaming.api.windowing.triggers.CountTrigger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Windows live in keyed state and timers: a snapshot taken in the middle of the input, restored into
 * a new operator that then reads the rest, gives exactly the results of a run without the restore,
 * whatever windows (and session merges, trigger counts, lateness) were open at the checkpoint.
 */
class WindowCheckpointingTest {

    private static final CheckpointOptions OPTIONS = new CheckpointOptions(CheckpointType.CHECKPOINT, null);

    @TempDir
    Path dir;

    private CheckpointStreamFactory streams() throws Exception {
        Configuration settings = new Configuration().set(CheckpointingOptions.CHECKPOINTS_DIR, dir.toUri().toString());
        CheckpointStorage storage = CheckpointStorage.create(JobId.generate(), settings);
        storage.initializeLocation(1, OPTIONS);
        return storage.resolveLocation(1, OPTIONS);
    }

    /** Random out-of-order events: key, value, timestamp; a watermark after every 10. */
    private static List<long[]> events() {
        Random random = new Random(7);
        List<long[]> events = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            events.add(new long[] {random.nextInt(4), random.nextInt(100), 3L * i + random.nextInt(40)});
        }
        return events;
    }

    private static void feed(OperatorTestHarness h, List<long[]> events, int from, int to) {
        for (int i = from; i < to; i++) {
            long[] e = events.get(i);
            h.process(0, WindowOperatorTest.at("k" + e[0], e[1], e[2]));
            if (i % 10 == 9) {
                h.processWatermark(0, 3L * i - 30);
            }
        }
    }

    private List<Object> runWithRestoreAt(OperatorDescriptor d, int cut) throws Exception {
        List<long[]> events = events();
        List<Object> output = new ArrayList<>();
        OperatorSubtaskState state;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).sideOutput("late").build().open()) {
            feed(h, events, 0, cut);
            state = h.operator(0).snapshotState(1, 1_000, OPTIONS, streams()).asyncPart().call();
            output.addAll(h.output());
            output.addAll(h.sideOutput("late"));
        }
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).sideOutput("late").build()) {
            h.initializeState(new TaskRestore(1, new TaskStateSnapshot(Map.of("Op-uid", state)))).open();
            feed(h, events, cut, events.size());
            h.processWatermark(0, Long.MAX_VALUE);
            output.addAll(h.output());
            output.addAll(h.sideOutput("late"));
        }
        return output;
    }

    private void assertRestoreChangesNothing(OperatorDescriptor d) throws Exception {
        List<Object> uninterrupted = runWithRestoreAt(d, 400);
        assertThat(uninterrupted).hasSizeGreaterThan(20);
        for (int cut : new int[] {37, 150, 263}) {
            assertThat(runWithRestoreAt(d, cut)).as("restored after %d events", cut).containsExactlyInAnyOrderElementsOf(uninterrupted);
        }
    }

    @Test
    void tumblingWindowsWithLatenessSurviveARestore() throws Exception {
        assertRestoreChangesNothing(WindowOperatorTest.windowOf(k -> k.window(TumblingEventTimeWindows.of(Duration.ofMillis(50)))
                .allowedLateness(Duration.ofMillis(20)).sideOutputLateData(WindowOperatorTest.LATE).process(new WindowOperatorTest.Describe<>())));
    }

    @Test
    void sessionsWithACountTriggerSurviveARestore() throws Exception {
        assertRestoreChangesNothing(WindowOperatorTest.windowOf(k -> k.window(EventTimeSessionWindows.withGap(Duration.ofMillis(15)))
                .trigger(CountTrigger.of(3)).sideOutputLateData(WindowOperatorTest.LATE).reduce(new WindowOperatorTest.Sum())));
    }

    @Test
    void slidingCountWindowsWithAnEvictorSurviveARestore() throws Exception {
        assertRestoreChangesNothing(WindowOperatorTest.windowOf(k -> k.countWindow(5, 2).sideOutputLateData(WindowOperatorTest.LATE)
                .reduce(new WindowOperatorTest.Sum())));
    }

}
