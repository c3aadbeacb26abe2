package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Timers of a keyed process function go through a real (file system) checkpoint and come back, also into a rescaled subtask. */
class TimerCheckpointingTest {

    private static final CheckpointOptions OPTIONS = new CheckpointOptions(CheckpointType.CHECKPOINT, null);
    private static final int MAX_PARALLELISM = 128;

    @TempDir
    Path dir;

    /** Sets an event-time timer at the record's timestamp + 10 and a processing-time timer at now + 100; emits what fires. */
    static final class TwoTimers extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 100);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.timeDomain() + " " + ctx.getCurrentKey() + "@" + timestamp);
        }
    }

    private static OperatorDescriptor descriptor() {
        return OperatorDescriptor.builder(OperatorKinds.KEYED_PROCESS).userFunction(new TwoTimers())
                .keySelector((String s) -> s.substring(0, 1)).keyType(Types.STRING).inputType(Types.STRING).outputType(Types.STRING)
                .build();
    }

    private CheckpointStreamFactory streams() throws Exception {
        Configuration settings = new Configuration().set(CheckpointingOptions.CHECKPOINTS_DIR, dir.toUri().toString());
        CheckpointStorage storage = CheckpointStorage.create(JobId.generate(), settings);
        storage.initializeLocation(1, OPTIONS);
        return storage.resolveLocation(1, OPTIONS);
    }

    @Test
    void timersAreRestoredAndFireAfterTheRestore() throws Exception {
        OperatorSubtaskState state;
        long start;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(descriptor()).build().open()) {
            start = h.timers().currentTimeMillis();
            h.process(0, new StreamRecord<>("apple", 100)).process(0, new StreamRecord<>("banana", 200));
            state = h.operator(0).snapshotState(1, 1_000, OPTIONS, streams()).asyncPart().call();
            h.process(0, new StreamRecord<>("cherry", 300)); // after the checkpoint: not restored
        }
        assertThat(state.managedKeyedState()).hasSize(1);

        try (OperatorTestHarness h = OperatorTestHarness.forOperator(descriptor()).build()) {
            h.initializeState(new TaskRestore(1, new TaskStateSnapshot(Map.of("Op-uid", state)))).open();
            h.processWatermark(0, 1_000);
            assertThat(h.<String>output()).containsExactly("EVENT_TIME a@110", "EVENT_TIME b@210");
            h.advanceTime(100);
            assertThat(h.<String>output()).hasSize(4)
                    .startsWith("EVENT_TIME a@110", "EVENT_TIME b@210") // timers of equal time fire in any order
                    .contains("PROCESSING_TIME a@" + (start + 100), "PROCESSING_TIME b@" + (start + 100));
        }
    }

    @Test
    void aRescaledSubtaskGetsTheTimersOfItsKeyGroupsOnly() throws Exception {
        List<String> words = List.of("apple", "banana", "cherry", "date", "elder", "fig", "grape", "kiwi", "lemon", "mango");
        OperatorSubtaskState state;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(descriptor()).subtask(0, 1, MAX_PARALLELISM).build().open()) {
            for (int i = 0; i < words.size(); i++) {
                h.process(0, new StreamRecord<>(words.get(i), 100 * i));
            }
            state = h.operator(0).snapshotState(1, 1_000, OPTIONS, streams()).asyncPart().call();
        }

        List<String> fired = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            List<KeyGroupsStateHandle> mine = new ArrayList<>();
            int first = KeyGroups.firstKeyGroup(subtask, MAX_PARALLELISM, 2);
            int last = KeyGroups.lastKeyGroup(subtask, MAX_PARALLELISM, 2);
            for (KeyGroupsStateHandle handle : state.managedKeyedState()) {
                mine.add(handle.intersection(new io.eddy.runtime.checkpoint.KeyGroupRange(first, last)));
            }
            OperatorSubtaskState part = new OperatorSubtaskState(mine, state.managedOperatorState());
            try (OperatorTestHarness h = OperatorTestHarness.forOperator(descriptor()).subtask(subtask, 2, MAX_PARALLELISM).build()) {
                h.initializeState(new TaskRestore(1, new TaskStateSnapshot(Map.of("Op-uid", part)))).open();
                h.processWatermark(0, Long.MAX_VALUE);
                for (String result : h.<String>output()) {
                    String key = result.substring("EVENT_TIME ".length(), "EVENT_TIME ".length() + 1);
                    int keyGroup = KeyGroups.keyGroupFor(key, MAX_PARALLELISM);
                    assertThat(keyGroup).as("timer of key %s fired in subtask %d", key, subtask).isBetween(first, last);
                }
                fired.addAll(h.<String>output());
            }
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            expected.add("EVENT_TIME " + words.get(i).charAt(0) + "@" + (100 * i + 10));
        }
        assertThat(fired).containsExactlyInAnyOrderElementsOf(expected);
    }
}
