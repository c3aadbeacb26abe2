package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.NamedBlob;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link JobStore} on the local file system ({@code file://}): entries, versions, interrupted writes, permissions. */
class JobStoreTest {

    @TempDir
    Path appDir;

    private JobStore store;

    @BeforeEach
    void open() throws IOException {
        Configuration conf = new Configuration();
        conf.set("fs.permissions.umask-mode", "022");
        store = JobStore.open(new org.apache.hadoop.fs.Path(appDir.toUri()), conf);
    }

    @Test
    void aStoredJobIsListedReadBackWithItsJarsAndRemoved() throws IOException {
        JobArtifacts a = artifacts("graph of a", jar("a.jar", "jar a"), jar("shared.jar", "shared"));
        JobArtifacts b = artifacts("graph of b");
        store.put(a);
        store.put(b);

        assertThat(store.list()).containsExactlyInAnyOrder(a.job(), b.job());
        assertSame(store.get(a.job()).orElseThrow(), a);
        assertSame(store.get(b.job()).orElseThrow(), b);
        assertThat(store.recoverAll()).extracting(JobArtifacts::job).containsExactlyInAnyOrder(a.job(), b.job());

        assertThat(store.remove(a.job())).isTrue();
        assertThat(store.list()).containsExactly(b.job());
        assertThat(store.get(a.job())).isEmpty();
        assertThat(store.remove(a.job())).as("a second removal finds nothing").isFalse();
        assertThat(listing(appDir.resolve("jobs"))).as("nothing of the removed entry is left").containsExactly(b.job().toString());
    }

    @Test
    void anEmptyOrMissingStoreHasNoJobs() throws IOException {
        assertThat(store.list()).isEmpty();
        assertThat(store.recoverAll()).isEmpty();
        assertThat(store.remove(JobId.generate())).isFalse();
        assertThat(store.checkpointsDirectory().toString()).isEqualTo(store.applicationDirectory() + "/checkpoints");
    }

    @Test
    void aSecondPutReplacesTheEntryAndLeavesOneVersion() throws IOException {
        JobId job = JobId.generate();
        store.put(new JobArtifacts(job, bytes("first"), List.of(jar("a.jar", "old"))));
        JobArtifacts second = new JobArtifacts(job, bytes("second graph"), List.of(jar("b.jar", "new")));
        store.put(second);

        assertSame(store.get(job).orElseThrow(), second);
        assertThat(listing(appDir.resolve("jobs").resolve(job.toString()))).containsExactly("2");
    }

    @Test
    void aPutInterruptedBeforeItsManifestIsSkippedAndThePreviousVersionServes() throws IOException {
        JobArtifacts complete = artifacts("complete graph", jar("a.jar", "a"));
        store.put(complete);
        // a crash during the second put: its graph written, no manifest
        Path interrupted = Files.createDirectories(appDir.resolve("jobs").resolve(complete.job().toString()).resolve("2"));
        Files.writeString(interrupted.resolve("graph"), "newer graph, never completed");
        // a job whose only put was interrupted
        JobId never = JobId.generate();
        Path lone = Files.createDirectories(appDir.resolve("jobs").resolve(never.toString()).resolve("1"));
        Files.writeString(lone.resolve("graph"), "half");

        assertThat(store.list()).containsExactly(complete.job());
        assertSame(store.get(complete.job()).orElseThrow(), complete);
        assertThat(store.get(never)).isEmpty();
        assertThat(store.recoverAll()).extracting(JobArtifacts::job).containsExactly(complete.job());

        JobArtifacts next = new JobArtifacts(complete.job(), bytes("third"), List.of());
        store.put(next);
        assertThat(listing(appDir.resolve("jobs").resolve(complete.job().toString()))).as("older and incomplete versions deleted")
                .containsExactly("3");
        assertSame(store.get(complete.job()).orElseThrow(), next);
    }

    @Test
    void anEntryWithAFileCutShortOrAForeignManifestIsSkipped() throws IOException {
        JobArtifacts cut = artifacts("graph", jar("big.jar", "x".repeat(1000)));
        JobArtifacts fine = artifacts("fine");
        store.put(cut);
        store.put(fine);
        Path jar = appDir.resolve("jobs").resolve(cut.job().toString()).resolve("1").resolve("jars").resolve("big.jar");
        try (RandomAccessFile raf = new RandomAccessFile(jar.toFile(), "rw")) {
            raf.setLength(500);
        }
        assertThat(store.get(cut.job())).isEmpty();
        assertThat(store.recoverAll()).extracting(JobArtifacts::job).containsExactly(fine.job());

        // an entry copied under another job's id is not that job's
        JobId other = JobId.generate();
        Path copy = Files.createDirectories(appDir.resolve("jobs").resolve(other.toString()).resolve("1"));
        Path source = appDir.resolve("jobs").resolve(fine.job().toString()).resolve("1");
        Files.copy(source.resolve("graph"), copy.resolve("graph"));
        Files.copy(source.resolve("_COMPLETE"), copy.resolve("_COMPLETE"));
        assertThat(store.get(other)).isEmpty();
    }

    @Test
    void namesThatAreNotJobIdsAndLeftoversOfRemovalsAreIgnored() throws IOException {
        JobArtifacts a = artifacts("graph");
        store.put(a);
        Files.createDirectories(appDir.resolve("jobs").resolve("not-a-job"));
        Files.createDirectories(appDir.resolve("jobs").resolve(".removing-" + JobId.generate() + "-x").resolve("1"));
        Files.writeString(appDir.resolve("jobs").resolve("stray-file"), "?");

        assertThat(store.list()).containsExactly(a.job());
        assertThat(store.recoverAll()).extracting(JobArtifacts::job).containsExactly(a.job());
    }

    @Test
    void directoriesAreOwnerOnlyAndFilesOwnerReadWriteWhateverTheUmask() throws IOException {
        JobArtifacts a = artifacts("graph", jar("a.jar", "a"));
        store.put(a);
        Path jobs = appDir.resolve("jobs");
        Path version = jobs.resolve(a.job().toString()).resolve("1");
        for (Path dir : List.of(jobs, jobs.resolve(a.job().toString()), version, version.resolve("jars"))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).as(dir.toString()).isEqualTo("rwx------");
        }
        for (Path file : List.of(version.resolve("graph"), version.resolve("_COMPLETE"), version.resolve("jars").resolve("a.jar"))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).as(file.toString()).isEqualTo("rw-------");
        }
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static JobArtifacts artifacts(String graph, NamedBlob... jars) {
        return new JobArtifacts(JobId.generate(), bytes(graph), List.of(jars));
    }

    private static NamedBlob jar(String name, String content) {
        return new NamedBlob(name, bytes(content));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void assertSame(JobArtifacts actual, JobArtifacts expected) {
        assertThat(actual.job()).isEqualTo(expected.job());
        assertThat(actual.jobGraph()).isEqualTo(expected.jobGraph());
        assertThat(actual.jars()).extracting(NamedBlob::name).containsExactlyElementsOf(expected.jars().stream().map(NamedBlob::name).toList());
        for (int i = 0; i < expected.jars().size(); i++) {
            assertThat(actual.jars().get(i).bytes()).as(expected.jars().get(i).name()).isEqualTo(expected.jars().get(i).bytes());
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
