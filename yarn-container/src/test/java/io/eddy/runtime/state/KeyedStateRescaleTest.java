package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Keyed state written by p subtasks and restored by p' subtasks: every key ends up exactly once, in the subtask that owns it. */
class KeyedStateRescaleTest {

    private static final int MAX_PARALLELISM = 128;
    private static final int KEYS = 500;
    private static final ValueStateDescriptor<Integer> VALUE = new ValueStateDescriptor<>("v", Types.INT);

    @Test
    void twoToThree() throws Exception {
        rescale(2, 3);
    }

    @Test
    void threeToOne() throws Exception {
        rescale(3, 1);
    }

    private static HeapKeyedStateBackend backend(int subtask, int parallelism) {
        return HeapKeyedStateBackend.forSubtask("Op (" + (subtask + 1) + "/" + parallelism + ")", Types.INT, new SerializerConfig(),
                MAX_PARALLELISM, subtask, parallelism);
    }

    private void rescale(int before, int after) throws Exception {
        List<KeyGroupsStateHandle> handles = new ArrayList<>();
        for (int s = 0; s < before; s++) {
            HeapKeyedStateBackend b = backend(s, before);
            ValueState<Integer> v = b.getState(VALUE);
            HeapKeyedStateSnapshotTest.RecordingParticipant timers = new HeapKeyedStateSnapshotTest.RecordingParticipant("_timers/x");
            b.registerSnapshotParticipant(timers);
            for (int key = 0; key < KEYS; key++) {
                if (KeyGroups.subtaskForKey(key, MAX_PARALLELISM, before) == s) {
                    b.setCurrentKey(key);
                    v.update(key * 10);
                    timers.perKeyGroup.put(KeyGroups.keyGroupFor(key, MAX_PARALLELISM), "kg" + KeyGroups.keyGroupFor(key, MAX_PARALLELISM));
                }
            }
            KeyedStateSnapshot snapshot = b.snapshot();
            handles.add(snapshot.writeTo(new MemoryStreams(), "op"));
            snapshot.release();
        }
        Map<Integer, Integer> seen = new HashMap<>();
        for (int s = 0; s < after; s++) {
            HeapKeyedStateBackend b = backend(s, after);
            KeyGroupRange range = b.keyGroupRange();
            // The master hands each new subtask the intersections of the old handles with its range.
            List<KeyGroupsStateHandle> mine = new ArrayList<>();
            for (KeyGroupsStateHandle h : handles) {
                KeyGroupsStateHandle part = h.intersection(range);
                if (part != null) {
                    mine.add(part);
                }
            }
            b.restore(mine, getClass().getClassLoader());
            HeapKeyedStateSnapshotTest.RecordingParticipant timers = new HeapKeyedStateSnapshotTest.RecordingParticipant("_timers/x");
            b.registerSnapshotParticipant(timers);
            assertThat(timers.perKeyGroup.keySet()).allMatch(range::contains);
            timers.perKeyGroup.forEach((kg, value) -> assertThat(value).isEqualTo("kg" + kg));
            b.getState(VALUE);
            for (int kg = range.first(); kg <= range.last(); kg++) {
                for (Map.Entry<Object, ?> e : b.stateEntriesOfKeyGroup("v", kg).entrySet()) {
                    int key = (Integer) e.getKey();
                    assertThat(KeyGroups.subtaskForKey(key, MAX_PARALLELISM, after)).isEqualTo(s);
                    assertThat(seen.put(key, (Integer) e.getValue())).as("key %s restored twice", key).isNull();
                }
            }
        }
        assertThat(seen).hasSize(KEYS);
        seen.forEach((key, value) -> assertThat(value).isEqualTo(key * 10));
    }
}
