package io.eddy.runtime.checkpoint.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory storage: state inline, completed checkpoints in memory, savepoints self-contained in a directory. */
class MemoryCheckpointStorageTest {

    private static final CheckpointOptions CHECKPOINT = new CheckpointOptions(CheckpointType.CHECKPOINT, null);

    @TempDir
    Path tmp;

    private final JobId job = JobId.generate();

    private CheckpointStorage storage() {
        return CheckpointStorage.create(job, new Configuration().set(CheckpointingOptions.STORAGE, "memory")
                .set(CheckpointingOptions.SAVEPOINTS_DIR, tmp.toUri().toString()));
    }

    @Test
    void stateIsInlineAndBounded() throws IOException {
        CheckpointStorage storage = storage();
        CheckpointStorageLocation location = storage.initializeLocation(1, CHECKPOINT);
        assertThat(location.targetLocation()).isNull();
        CheckpointStreamFactory factory = storage.resolveLocation(1, CHECKPOINT);
        byte[] data = new byte[200_000];
        data[199_999] = 9;
        StreamStateHandle handle;
        try (CheckpointStateOutputStream out = factory.createOutputStream("op")) {
            out.write(data);
            handle = out.closeAndGetHandle();
        }
        assertThat(handle).isInstanceOf(ByteStreamStateHandle.class);
        assertThat(handle.openInputStream().readAllBytes()).isEqualTo(data);

        try (CheckpointStateOutputStream out = factory.createOutputStream("big-op")) {
            byte[] chunk = new byte[1 << 20];
            assertThatThrownBy(() -> {
                for (int i = 0; i < 11; i++) {
                    out.write(chunk);
                }
            }).isInstanceOf(IOException.class).hasMessageContaining("big-op").hasMessageContaining(CheckpointingOptions.STORAGE.key());
        }
    }

    @Test
    void completedCheckpointsLiveInMemoryWithRetention() throws IOException {
        CheckpointStorage storage = storage();
        assertThat(storage.findLatestCompleted(job)).isEmpty();
        for (long id = 1; id <= 3; id++) {
            storage.initializeLocation(id, CHECKPOINT).writeMetadata(CheckpointTestData.metadata(id, CheckpointType.CHECKPOINT));
        }
        CheckpointStorageLocation aborted = storage.initializeLocation(4, CHECKPOINT);
        aborted.disposeOnFailure();
        assertThat(storage.findLatestCompleted(job)).get().extracting(ResolvedCheckpoint::checkpointId).isEqualTo(3L);
        assertThat(storage.listCompleted(job)).containsExactly("memory://" + job + "/chk-3", "memory://" + job + "/chk-2",
                "memory://" + job + "/chk-1");
        assertThat(storage.discardSubsumed(1)).containsExactly("memory://" + job + "/chk-2", "memory://" + job + "/chk-1");
        assertThat(storage.resolveCheckpoint("memory://" + job + "/chk-3").checkpointId()).isEqualTo(3);
        assertThatThrownBy(() -> storage.resolveCheckpoint("memory://" + job + "/chk-1")).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.MISSING)).hasMessageContaining("chk-1");
        assertThat(storage.listCompleted(JobId.generate())).isEmpty();
    }

    @Test
    void savepointsAreSelfContainedFilesReadableByAnyStorage() throws IOException {
        CheckpointStorage storage = storage();
        CheckpointStorageLocation savepoint = storage.initializeLocation(8, new CheckpointOptions(CheckpointType.SAVEPOINT, null));
        assertThat(savepoint.targetLocation()).as("tasks keep memory-storage state inline").isNull();
        CheckpointMetadata metadata = CheckpointTestData.metadata(8, CheckpointType.SAVEPOINT);
        savepoint.writeMetadata(metadata);
        assertThat(Path.of(URI.create(savepoint.pointer())).resolve("_metadata")).exists();

        CheckpointStorage other = CheckpointStorage.create(JobId.generate(), new Configuration());
        assertThat(other.resolveCheckpoint(savepoint.pointer()).metadata()).usingRecursiveComparison().isEqualTo(metadata);
        assertThat(storage.listCompleted(job)).as("savepoints are not retained checkpoints").isEmpty();
        try (var files = Files.list(tmp)) {
            assertThat(files).hasSize(1);
        }
    }
}
