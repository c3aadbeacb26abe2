package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.io.GenericInputFormat;
import io.eddy.api.common.io.GenericInputSplit;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobGraphBytes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A per-job AM's locality hints from the job graph the client staged, on the local file system
 * (whose blocks all name {@code localhost}): the hints of a readable input, and no hints, with the
 * reason, when there is no staged job, the input is missing, or its splits take too long.
 */
class InputLocalityTest {

    private static final ClassLoader CL = InputLocalityTest.class.getClassLoader();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private JobGraph textJob(Path input, int parallelism) {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(parallelism);
        env.readTextFile(input.toUri().toString()).writeAsText(dir.resolve("out").toUri().toString());
        return env.getJobGraph("locality of " + input.getFileName());
    }

    private Path input(String name, int lines) throws IOException {
        Path file = Files.createDirectories(dir.resolve("in")).resolve(name);
        Files.write(file, java.util.Collections.nCopies(lines, "some words on a line"), StandardCharsets.UTF_8);
        return file;
    }

    private org.apache.hadoop.fs.Path stage(byte[] graph) throws IOException {
        Path file = dir.resolve("job-graph");
        Files.write(file, graph);
        return new org.apache.hadoop.fs.Path(file.toUri());
    }

    @Test
    void theStagedJobsInputOnOneHostGetsEveryContainerThere() throws Exception {
        Path input = input("a.txt", 1000);
        org.apache.hadoop.fs.Path staged = stage(JobGraphBytes.encode(textJob(input.getParent(), 2)));

        InputLocality.Hints hints = InputLocality.ofStagedJob(new org.apache.hadoop.conf.Configuration(), staged, 3, TIMEOUT, CL).get();

        assertThat(hints.failure()).isNull();
        assertThat(hints.containersPerHost()).containsExactly(Map.entry("localhost", 3));
        assertThat(hints.explanation()).contains("Text Source: " + input.getParent().toUri()).contains("localhost=" + Files.size(input));
    }

    @Test
    void aMissingInputLeavesNoHintsAndTheReasonNamesTheInput() throws Exception {
        Path input = input("gone.txt", 10);
        JobGraph job = textJob(input, 1);
        Files.delete(input);

        InputLocality.Hints hints = InputLocality.ofJob(job, 2, TIMEOUT, CL).get();

        assertThat(hints.containersPerHost()).isEmpty();
        assertThat(hints.failure()).isNotNull();
        assertThat(hints.explanation()).contains("could not be created").contains("Text Source: " + input.toUri())
                .contains("does not exist");
    }

    @Test
    void splitsThatTakeLongerThanTheTimeoutLeaveNoHintsAndTheirThreadIsInterrupted() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.createInput(new SlowSplitsFormat(), Types.STRING).writeAsText(dir.resolve("out").toUri().toString());
        JobGraph job = env.getJobGraph("slow splits");

        long start = System.nanoTime();
        InputLocality.Hints hints = InputLocality.ofJob(job, 2, Duration.ofMillis(300), CL).get();
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(hints.containersPerHost()).isEmpty();
        assertThat(hints.failure()).isInstanceOf(java.util.concurrent.TimeoutException.class);
        assertThat(hints.explanation()).contains("took longer than PT0.3S").contains("eddy.yarn.per-job.locality-timeout")
                .contains(SlowSplitsFormat.class.getName());
        assertThat(millis).as("the AM waited only about the timeout").isLessThan(10_000);
        assertThat(SlowSplitsFormat.INTERRUPTED.await(10, TimeUnit.SECONDS)).as("the split thread was interrupted").isTrue();
    }

    @Test
    void withoutAStagedJobOrWithATimeoutOfZeroThereAreNoHintsAndNoFailure() throws Exception {
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
        org.apache.hadoop.fs.Path missing = new org.apache.hadoop.fs.Path(dir.resolve("job-graph").toUri());

        InputLocality.Hints none = InputLocality.ofStagedJob(conf, missing, 2, TIMEOUT, CL).get();
        assertThat(none.containersPerHost()).isEmpty();
        assertThat(none.failure()).isNull();
        assertThat(none.explanation()).contains("deployed without its job");

        org.apache.hadoop.fs.Path staged = stage(JobGraphBytes.encode(textJob(input("a.txt", 10), 1)));
        InputLocality.Hints off = InputLocality.ofStagedJob(conf, staged, 2, Duration.ZERO, CL).get();
        assertThat(off.containersPerHost()).isEmpty();
        assertThat(off.failure()).isNull();
        assertThat(off.explanation()).contains("off").contains("eddy.yarn.per-job.locality-timeout");
    }

    @Test
    void anUnreadableStagedGraphLeavesNoHintsAndNamesTheFile() throws Exception {
        org.apache.hadoop.fs.Path staged = stage("not a job graph".getBytes(StandardCharsets.UTF_8));

        InputLocality.Hints hints = InputLocality.ofStagedJob(new org.apache.hadoop.conf.Configuration(), staged, 2, TIMEOUT, CL).get();

        assertThat(hints.containersPerHost()).isEmpty();
        assertThat(hints.failure()).isInstanceOf(IOException.class);
        assertThat(hints.explanation()).contains("cannot read the job graph staged at " + staged);
    }

    /** Its splits never come: {@code createInputSplits} sleeps until it is interrupted. */
    public static final class SlowSplitsFormat extends GenericInputFormat<String> {
        private static final long serialVersionUID = 1L;
        static final CountDownLatch INTERRUPTED = new CountDownLatch(1);

        @Override
        public GenericInputSplit[] createInputSplits(int minNumSplits) throws IOException {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                INTERRUPTED.countDown();
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while creating splits");
            }
            throw new IllegalStateException("Bug: slept for ever");
        }

        @Override
        public boolean reachedEnd() {
            return true;
        }

        @Override
        public String nextRecord(String reuse) {
            return null;
        }
    }
}
