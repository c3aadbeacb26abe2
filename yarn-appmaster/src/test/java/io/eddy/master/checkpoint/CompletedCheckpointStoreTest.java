package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Retention and the restore point of {@link CompletedCheckpointStore}, retaining 2 checkpoints. */
class CompletedCheckpointStoreTest {

    private final InMemoryCoordinatorStorage storage = new InMemoryCoordinatorStorage();
    private final CompletedCheckpointStore store = new CompletedCheckpointStore(JobId.generate(), 2, storage);

    @Test
    void keepsTheLastCheckpointsAndTheSavepointsNewerThanTheOldestOfThem() {
        add(1, CheckpointType.CHECKPOINT);
        add(2, CheckpointType.SAVEPOINT);
        add(3, CheckpointType.CHECKPOINT);
        add(4, CheckpointType.CHECKPOINT);
        store.applyRetention();

        assertThat(store.all()).extracting(CompletedCheckpoint::checkpointId).containsExactly(3L, 4L);
        assertThat(storage.discarded).containsExactly("mem:/chk-1");
        assertThat(storage.written).containsKey("sp/savepoint-2");
        assertThat(store.latest().checkpointId()).isEqualTo(4);
    }

    @Test
    void theRestorePointIsTheLatestThatReads() {
        assertThat(store.latestForRestore()).as("nothing completed").isNull();
        add(1, CheckpointType.CHECKPOINT);
        add(2, CheckpointType.CHECKPOINT);
        storage.corrupt.add("mem:/chk-2");

        assertThat(store.latestForRestore().checkpointId()).isEqualTo(1);
        assertThat(store.all()).extracting(CompletedCheckpoint::checkpointId).containsExactly(1L);

        storage.corrupt.add("mem:/chk-1");
        assertThatThrownBy(store::latestForRestore).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("none of its retained checkpoints can be read").hasMessageContaining("mem:/chk-1");
    }

    @Test
    void anUnrestorableCheckpointIsDroppedUnlessItIsTheLastRestorePointOrASavepoint() {
        add(1, CheckpointType.CHECKPOINT);
        add(2, CheckpointType.CHECKPOINT);

        assertThat(store.discardUnrestorable(1, "not the latest")).isFalse();
        assertThat(store.discardUnrestorable(2, "chk-2/state-0 missing")).isTrue();
        assertThat(store.discardUnrestorable(1, "chk-1/state-0 missing")).as("the only restore point left").isFalse();
        add(3, CheckpointType.SAVEPOINT);
        assertThat(store.discardUnrestorable(3, "savepoint")).isFalse();
        assertThat(store.all()).extracting(CompletedCheckpoint::checkpointId).containsExactly(1L, 3L);
    }

    private void add(long id, CheckpointType type) {
        String pointer = type.isSavepoint() ? "sp/savepoint-" + id : "mem:/chk-" + id;
        storage.written.put(pointer, new CheckpointMetadata(id, id * 10, type, Map.of()));
        store.add(new CompletedCheckpoint(id, id * 10, id * 10 + 5, type, pointer));
    }
}
