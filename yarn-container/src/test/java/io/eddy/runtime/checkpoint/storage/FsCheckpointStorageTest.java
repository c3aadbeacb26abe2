package io.eddy.runtime.checkpoint.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file system storage on {@code file://}: streams, inline threshold, metadata, corruption, retention, discovery. */
class FsCheckpointStorageTest {

    private static final CheckpointOptions CHECKPOINT = new CheckpointOptions(CheckpointType.CHECKPOINT, null);

    @TempDir
    Path tmp;

    private final JobId job = JobId.generate();
    private CheckpointStorage storage;

    @BeforeEach
    void createStorage() {
        storage = storage(1024);
    }

    private CheckpointStorage storage(int inlineThreshold) {
        Configuration settings = new Configuration()
                .set(CheckpointingOptions.CHECKPOINTS_DIR, tmp.resolve("checkpoints").toUri().toString())
                .set(CheckpointingOptions.SAVEPOINTS_DIR, tmp.resolve("savepoints").toUri().toString())
                .set(CheckpointingOptions.INLINE_THRESHOLD, new MemorySize(inlineThreshold));
        return CheckpointStorage.create(job, settings);
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    private StreamStateHandle write(CheckpointStorageLocation location, byte[] data) throws IOException {
        CheckpointStreamFactory factory = storage.resolveLocation(location.checkpointId(),
                new CheckpointOptions(CheckpointType.CHECKPOINT, location.targetLocation()));
        try (CheckpointStateOutputStream out = factory.createOutputStream("op")) {
            out.write(data[0]);
            out.write(data, 1, data.length - 1);
            assertThat(out.getPos()).isEqualTo(data.length);
            return out.closeAndGetHandle();
        }
    }

    private static byte[] read(StreamStateHandle handle) throws IOException {
        try (InputStream in = handle.openInputStream()) {
            return in.readAllBytes();
        }
    }

    private Path fileOf(StreamStateHandle handle) {
        return Path.of(URI.create(((FileStateHandle) handle).uri()));
    }

    @Test
    void smallStreamsAreInlineAndLargeOnesAreFilesWithLengthAndChecksum() throws IOException {
        CheckpointStorageLocation location = storage.initializeLocation(1, CHECKPOINT);
        StreamStateHandle small = write(location, randomBytes(1023));
        assertThat(small).isInstanceOf(ByteStreamStateHandle.class);
        assertThat(read(small)).isEqualTo(randomBytes(1023));

        byte[] large = randomBytes(100_000);
        StreamStateHandle file = write(location, large);
        assertThat(file).isInstanceOf(FileStateHandle.class);
        assertThat(file.stateSize()).isEqualTo(100_000);
        assertThat(fileOf(file).getParent()).isEqualTo(tmp.resolve("checkpoints").resolve(job.toString()).resolve("chk-1"));
        assertThat(read(file)).isEqualTo(large);
        assertThat(write(location, randomBytes(1024))).as("the threshold itself is a file").isInstanceOf(FileStateHandle.class);
        assertThat(write(storage.initializeLocation(2, CHECKPOINT), new byte[] {1})).isInstanceOf(ByteStreamStateHandle.class);
    }

    @Test
    void withoutATargetLocationTasksKeepStateInline() throws IOException {
        try (CheckpointStateOutputStream out = storage.resolveLocation(1, CHECKPOINT).createOutputStream("op")) {
            out.write(randomBytes(50_000));
            StreamStateHandle handle = out.closeAndGetHandle();
            assertThat(handle).isInstanceOf(ByteStreamStateHandle.class);
            assertThat(read(handle)).isEqualTo(randomBytes(50_000));
        }
        assertThat(tmp.resolve("checkpoints")).doesNotExist();
    }

    @Test
    void directoriesAreOwnerOnly() throws IOException {
        CheckpointStorageLocation location = storage.initializeLocation(3, CHECKPOINT);
        Path chk = Path.of(URI.create(location.pointer()));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(chk))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(chk.getParent()))).isEqualTo("rwx------");
    }

    @Test
    void abandonedStreamLeavesNoFile() throws IOException {
        CheckpointStorageLocation location = storage.initializeLocation(1, CHECKPOINT);
        CheckpointStateOutputStream out = storage.resolveLocation(1, new CheckpointOptions(CheckpointType.CHECKPOINT, location.targetLocation()))
                .createOutputStream("op");
        out.write(randomBytes(50_000));
        out.close();
        try (Stream<Path> files = Files.list(Path.of(URI.create(location.pointer())))) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void corruptedAndTruncatedStateFilesAreDetectedNamingTheFile() throws IOException {
        CheckpointStorageLocation location = storage.initializeLocation(1, CHECKPOINT);
        StreamStateHandle corrupt = write(location, randomBytes(5000));
        byte[] bytes = Files.readAllBytes(fileOf(corrupt));
        bytes[2500] ^= 1;
        Files.write(fileOf(corrupt), bytes);
        assertThatThrownBy(corrupt::openInputStream).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.CORRUPT))
                .hasMessageContaining(((FileStateHandle) corrupt).uri()).hasMessageContaining("CRC-32C");

        StreamStateHandle truncated = write(location, randomBytes(6000));
        Files.write(fileOf(truncated), java.util.Arrays.copyOf(Files.readAllBytes(fileOf(truncated)), 5999));
        assertThatThrownBy(truncated::openInputStream).isInstanceOf(InvalidCheckpointException.class)
                .hasMessageContaining(((FileStateHandle) truncated).uri()).hasMessageContaining("shorter");

        StreamStateHandle deleted = write(location, randomBytes(7000));
        deleted.discardState();
        assertThatThrownBy(deleted::openInputStream).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.MISSING)).hasMessageContaining(((FileStateHandle) deleted).uri());
    }

    @Test
    void metadataIsWrittenLastAndReadBackFromDirectoryFileOrPlainPath() throws IOException {
        CheckpointStorageLocation location = storage.initializeLocation(5, CHECKPOINT);
        CheckpointMetadata metadata = CheckpointTestData.metadata(5, CheckpointType.CHECKPOINT);
        assertThat(location.writeMetadata(metadata)).isEqualTo(location.pointer());
        Path dir = Path.of(URI.create(location.pointer()));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("_metadata");
        }
        for (String pointer : new String[] {location.pointer(), location.pointer() + "/_metadata", dir.toString()}) {
            ResolvedCheckpoint resolved = storage.resolveCheckpoint(pointer);
            assertThat(resolved.pointer()).isEqualTo(location.pointer());
            assertThat(resolved.metadata()).usingRecursiveComparison().isEqualTo(metadata);
        }
    }

    @Test
    void missingForeignCorruptAndIncompleteCheckpointsAreRefusedNamingThePath() throws IOException {
        String missing = tmp.resolve("nothing-here").toUri().toString();
        assertThatThrownBy(() -> storage.resolveCheckpoint(missing)).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.MISSING)).hasMessageContaining(missing);

        CheckpointStorageLocation incomplete = storage.initializeLocation(1, CHECKPOINT);
        assertThatThrownBy(() -> storage.resolveCheckpoint(incomplete.pointer())).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.NOT_A_CHECKPOINT)).hasMessageContaining(incomplete.pointer());

        Path foreign = Files.writeString(tmp.resolve("notes.txt"), "just some text file, long enough");
        assertThatThrownBy(() -> storage.resolveCheckpoint(foreign.toString())).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.FOREIGN)).hasMessageContaining("notes.txt");

        CheckpointStorageLocation location = storage.initializeLocation(2, CHECKPOINT);
        location.writeMetadata(CheckpointTestData.metadata(2, CheckpointType.CHECKPOINT));
        Path metadataFile = Path.of(URI.create(location.pointer())).resolve("_metadata");
        byte[] bytes = Files.readAllBytes(metadataFile);
        Files.write(metadataFile, java.util.Arrays.copyOf(bytes, bytes.length - 3));
        assertThatThrownBy(() -> storage.resolveCheckpoint(location.pointer())).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.CORRUPT)).hasMessageContaining(metadataFile.getFileName().toString())
                .hasMessageContaining("chk-2");
    }

    private void complete(long id) throws IOException {
        storage.initializeLocation(id, CHECKPOINT).writeMetadata(CheckpointTestData.metadata(id, CheckpointType.CHECKPOINT));
    }

    @Test
    void retentionKeepsTheNewestCompletedCheckpointsAndNeverSavepoints() throws IOException {
        CheckpointStorageLocation savepoint = storage.initializeLocation(1, new CheckpointOptions(CheckpointType.SAVEPOINT, null));
        savepoint.writeMetadata(CheckpointTestData.metadata(1, CheckpointType.SAVEPOINT));
        complete(2);
        storage.initializeLocation(3, CHECKPOINT); // aborted, never completed
        complete(4);
        complete(5);
        complete(6);
        storage.initializeLocation(7, CHECKPOINT); // pending, newer than the retained ones

        assertThat(storage.discardSubsumed(2)).hasSize(3).allMatch(p -> p.matches(".*chk-[234]$"));
        Path jobDir = tmp.resolve("checkpoints").resolve(job.toString());
        try (Stream<Path> dirs = Files.list(jobDir)) {
            assertThat(dirs.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("chk-5", "chk-6", "chk-7");
        }
        assertThat(storage.resolveCheckpoint(savepoint.pointer()).checkpointId()).isEqualTo(1);
        assertThat(storage.listCompleted(job)).hasSize(2).first().asString().endsWith("chk-6");
        assertThatThrownBy(() -> storage.discardSubsumed(0)).hasMessageContaining(CheckpointingOptions.RETAINED.key());
    }

    @Test
    void latestCompletedSkipsDirectoriesWithoutMetadataAndCorruptMetadata() throws IOException {
        assertThat(storage.findLatestCompleted(job)).isEmpty();
        complete(1);
        complete(2);
        storage.initializeLocation(3, CHECKPOINT);
        Files.createDirectories(tmp.resolve("checkpoints").resolve(job.toString()).resolve("chk-x"));
        assertThat(storage.findLatestCompleted(job)).get().extracting(ResolvedCheckpoint::checkpointId).isEqualTo(2L);

        Path metadata2 = tmp.resolve("checkpoints").resolve(job.toString()).resolve("chk-2").resolve("_metadata");
        byte[] bytes = Files.readAllBytes(metadata2);
        bytes[20] ^= 0x7f;
        Files.write(metadata2, bytes);
        assertThat(storage.findLatestCompleted(job)).get().extracting(ResolvedCheckpoint::checkpointId).isEqualTo(1L);
        assertThat(storage.listCompleted(job)).hasSize(2);
        assertThat(storage.findLatestCompleted(JobId.generate())).isEmpty();
    }

    @Test
    void savepointsGoToANewDirectoryUnderTheTargetOrTheDefault() throws IOException {
        String target = tmp.resolve("my-savepoints").toUri().toString();
        CheckpointStorageLocation explicit = storage.initializeLocation(9, new CheckpointOptions(CheckpointType.SAVEPOINT, target));
        Path dir = Path.of(URI.create(explicit.pointer()));
        assertThat(dir.getParent()).isEqualTo(tmp.resolve("my-savepoints"));
        assertThat(dir.getFileName().toString()).matches("savepoint-" + job.toString().substring(0, 6) + "-[0-9a-f]{12}");
        assertThat(explicit.targetLocation()).isEqualTo(explicit.pointer());
        StreamStateHandle state = write(explicit, randomBytes(4096));
        assertThat(fileOf(state).getParent()).isEqualTo(dir);

        CheckpointStorageLocation byDefault = storage.initializeLocation(10, new CheckpointOptions(CheckpointType.SAVEPOINT_THEN_CANCEL, null));
        assertThat(Path.of(URI.create(byDefault.pointer())).getParent()).isEqualTo(tmp.resolve("savepoints"));
        byDefault.disposeOnFailure();
        assertThat(Path.of(URI.create(byDefault.pointer()))).doesNotExist();
    }

    @Test
    void missingDirectoriesAndUnknownStorageAreNamedInErrors() {
        CheckpointStorage bare = CheckpointStorage.create(job, new Configuration());
        assertThatThrownBy(() -> bare.initializeLocation(1, CHECKPOINT)).hasMessageContaining(CheckpointingOptions.CHECKPOINTS_DIR.key());
        assertThatThrownBy(() -> bare.initializeLocation(1, new CheckpointOptions(CheckpointType.SAVEPOINT, null)))
                .hasMessageContaining(CheckpointingOptions.SAVEPOINTS_DIR.key()).hasMessageContaining(job.toString());
        assertThatThrownBy(() -> CheckpointStorage.create(job, new Configuration(Map.of(CheckpointingOptions.STORAGE.key(), "rocksdb"))))
                .hasMessageContaining(CheckpointingOptions.STORAGE.key()).hasMessageContaining("rocksdb");
    }
}
