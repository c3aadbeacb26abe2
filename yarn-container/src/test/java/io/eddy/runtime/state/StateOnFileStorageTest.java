package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keyed and operator state through the real file checkpoint storage ({@code file://} in a temp
 * directory, nothing inline), with the snapshot written on another thread while the task thread
 * keeps changing the state.
 */
class StateOnFileStorageTest {

    private static final CheckpointOptions OPTIONS = new CheckpointOptions(CheckpointType.CHECKPOINT, null);
    private static final ValueStateDescriptor<Long> VALUE = new ValueStateDescriptor<>("v", Types.LONG);
    private static final ListStateDescriptor<String> LIST = new ListStateDescriptor<>("l", Types.STRING);
    private static final int MAX_PARALLELISM = 128;

    @TempDir
    Path dir;

    private CheckpointStreamFactory streams() throws Exception {
        Configuration settings = new Configuration().set(CheckpointingOptions.CHECKPOINTS_DIR, dir.toUri().toString())
                .set(CheckpointingOptions.INLINE_THRESHOLD, new MemorySize(0));
        CheckpointStorage storage = CheckpointStorage.create(JobId.generate(), settings);
        String target = storage.initializeLocation(1, OPTIONS).targetLocation();
        return storage.resolveLocation(1, new CheckpointOptions(CheckpointType.CHECKPOINT, target));
    }

    private static HeapKeyedStateBackend backend(int subtask, int parallelism) {
        return HeapKeyedStateBackend.forSubtask("Op (" + (subtask + 1) + "/" + parallelism + ")", Types.INT, new SerializerConfig(),
                MAX_PARALLELISM, subtask, parallelism);
    }

    @Test
    void aSnapshotWrittenOnAnotherThreadWhileTheStateChangesHoldsItsOwnValues() throws Exception {
        CheckpointStreamFactory streams = streams();
        HeapKeyedStateBackend b = backend(0, 1);
        ValueState<Long> value = b.getState(VALUE);
        ListState<String> list = b.getListState(LIST);
        int keys = 5_000;
        for (int k = 0; k < keys; k++) {
            b.setCurrentKey(k);
            value.update((long) k);
            list.add("v" + k);
        }
        KeyedStateSnapshot snapshot = b.snapshot();
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            CompletableFuture<KeyGroupsStateHandle> handle = CompletableFuture.supplyAsync(() -> {
                try {
                    return snapshot.writeTo(streams, "op");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    snapshot.release();
                }
            }, writer);
            for (int round = 0; round < 3; round++) {   // the task thread goes on meanwhile
                for (int k = 0; k < keys; k++) {
                    b.setCurrentKey(k);
                    value.update(-1L - k);
                    list.add("after" + round);
                    if (k % 7 == 0) {
                        list.clear();
                    }
                }
            }
            KeyGroupsStateHandle written = handle.get(60, TimeUnit.SECONDS);
            assertThat(written.delegate()).isInstanceOf(FileStateHandle.class);

            HeapKeyedStateBackend r = backend(0, 1);
            r.restore(List.of(written), getClass().getClassLoader());
            ValueState<Long> restoredValue = r.getState(VALUE);
            ListState<String> restoredList = r.getListState(LIST);
            for (int k = 0; k < keys; k++) {
                r.setCurrentKey(k);
                assertThat(restoredValue.value()).isEqualTo(k);
                assertThat(restoredList.get()).containsExactly("v" + k);
            }
        } finally {
            writer.shutdownNow();
        }
    }

    @Test
    void keyedAndOperatorStateRescaleThroughStateFiles() throws Exception {
        CheckpointStreamFactory streams = streams();
        List<KeyGroupsStateHandle> keyed = new ArrayList<>();
        List<OperatorStateHandle> operator = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            HeapKeyedStateBackend b = backend(s, 2);
            ValueState<Long> value = b.getState(VALUE);
            for (int k = 0; k < 1_000; k++) {
                if (b.keyGroupRange().contains(io.eddy.jobgraph.KeyGroups.keyGroupFor(k, MAX_PARALLELISM))) {
                    b.setCurrentKey(k);
                    value.update(k * 2L);
                }
            }
            KeyedStateSnapshot snapshot = b.snapshot();
            keyed.add(snapshot.writeTo(streams, "op"));
            snapshot.release();
            HeapOperatorStateBackend ops = new HeapOperatorStateBackend("Op", new SerializerConfig());
            ops.getUnionListState(LIST).add("from" + s);
            operator.add(ops.snapshot().writeTo(streams, "op"));
        }
        int restoredKeys = 0;
        for (int s = 0; s < 3; s++) {
            HeapKeyedStateBackend b = backend(s, 3);
            b.restore(keyed, getClass().getClassLoader());   // the backend itself reads only its key groups
            ValueState<Long> value = b.getState(VALUE);
            for (int k = 0; k < 1_000; k++) {
                if (b.keyGroupRange().contains(io.eddy.jobgraph.KeyGroups.keyGroupFor(k, MAX_PARALLELISM))) {
                    b.setCurrentKey(k);
                    assertThat(value.value()).isEqualTo(k * 2L);
                    restoredKeys++;
                }
            }
            assertThat(b.registeredStates()).extracting(RegisteredKeyedState::numberOfKeys).containsExactly(
                    (int) java.util.stream.IntStream.range(0, 1_000)
                            .filter(k -> b.keyGroupRange().contains(io.eddy.jobgraph.KeyGroups.keyGroupFor(k, MAX_PARALLELISM))).count());
            HeapOperatorStateBackend ops = new HeapOperatorStateBackend("Op", new SerializerConfig());
            ops.restore(operator, getClass().getClassLoader());
            assertThat(ops.getUnionListState(LIST).get()).containsExactlyInAnyOrder("from0", "from1");
        }
        assertThat(restoredKeys).isEqualTo(1_000);
    }
}
