package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobExecutionException;
import io.eddy.suites.ExactlyOnceJob;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.yarn.executor.YarnClientOptions;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import io.eddy.yarn.testkit.YarnTargetSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.output.TeeOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client attached to a job on the {@code yarn} target (not detached) follows the job into the
 * next ApplicationMaster attempt (docs/yarn.md, "A client follows its job"), on the shared
 * MiniYARNCluster / MiniDFSCluster.
 *
 * <pre>
 * execute() on a client thread ─▶ a checkpoint completes ─▶ SIGKILL the AM of attempt 1
 *   ─▶ attempt 2 recovers the job; the client re-attaches ("... restarted (attempt 2); following the job there")
 *   ─▶ the job runs again on attempt 1's worker, kept ─▶ release ─▶ execute() returns the job's result; exact output on HDFS
 * </pre>
 *
 * and when the application is killed instead, the client's failure names the final status.
 *
 * <p>The job is {@link ExactlyOnceJob} at parallelism 2 in one worker container: it holds near its end until the test
 * writes the {@link ExactlyOnceJob#RELEASE} mark, so the kill always lands while it runs. The test
 * waits for marks ({@link ResultDirectory}) and for the console line, never for time. The console of
 * the {@code yarn} target is {@code System.err}, which the test tees into a buffer meanwhile.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class YarnClientReattachITCase {

    private static final Logger LOG = LoggerFactory.getLogger(YarnClientReattachITCase.class);
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(120);
    private static final String REATTACHED = "the ApplicationMaster was restarted (attempt 2); following the job there";

    @RegisterExtension
    static final MiniHadoopCluster CLUSTER = MiniHadoopCluster.shared();

    @TempDir
    java.nio.file.Path temp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final ExecutorService clientThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-client"));
    private PrintStream originalErr;

    @BeforeEach
    void teeConsole() {
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeOutputStream(originalErr, console), true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreConsole() {
        System.setErr(originalErr);
        clientThread.shutdownNow();
    }

    @Test
    void theClientFollowsItsJobIntoTheSecondAttemptAndGetsItsResult() throws Exception {
        String name = "eddy client reattach";
        String base = CLUSTER.hdfsUri() + "/client-reattach";
        try (ResultDirectory marks = ResultDirectory.create(temp.resolve("results"))) {
            StreamExecutionEnvironment env = environment(name, marks);
            ExactlyOnceJob.build(env, marks, -1,
                    FileSink.forRowFormat(base + "/counts", Encoder.<String>simpleString()).build(),
                    FileSink.forRowFormat(base + "/windows", Encoder.<String>simpleString()).build());
            long submitted = System.nanoTime();
            CompletableFuture<JobExecutionResult> execution = execute(env, "client reattach on yarn");

            long firstPid = marks.await(names -> ExactlyOnceJob.laneZeroPid(names, 0), "the source to open", MARK_TIMEOUT);
            marks.await(names -> names.stream().anyMatch(n -> ExactlyOnceJob.DONE.matcher(n).matches()) ? Optional.of(true) : Optional.empty(),
                    "a completed checkpoint", MARK_TIMEOUT);
            LOG.info("RESULT submission to the first completed checkpoint: {} ms", millisSince(submitted));
            assertThat(execution).as("the client still follows the job").isNotDone();

            String appId = CLUSTER.applicationIdNamed(name);
            String am = containerPrefix(appId, 1) + "000001";
            assertThat(CLUSTER.containerProcesses(am)).as("the AM of attempt 1").singleElement()
                    .satisfies(p -> assertThat(p.info().commandLine().orElse("")).contains("YarnApplicationMasterMain"));
            assertThat(CLUSTER.killContainerProcesses(am)).isEqualTo(1);
            long killed = System.nanoTime();

            // The worker container of attempt 1 serves attempt 2 (kept across attempts): the job runs again in the same process.
            awaitConsole(REATTACHED, MARK_TIMEOUT);
            LOG.info("RESULT AM kill to the client following the job in attempt 2: {} ms", millisSince(killed));
            assertThat(ProcessHandle.of(firstPid)).as("the worker process of attempt 1").hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());
            assertThat(execution).as("the client follows the job in attempt 2").isNotDone();
            marks.mark(ExactlyOnceJob.RELEASE);

            JobExecutionResult result = result(execution, Duration.ofSeconds(120));
            LOG.info("RESULT submission to the result after the AM kill: {} ms", millisSince(submitted));
            assertThat(result.getNetRuntime()).isPositive();
            assertThat(console()).contains("Job 'client reattach on yarn' (").contains(REATTACHED).doesNotContain("lost the connection");

            ApplicationReport report = CLUSTER.awaitEnd(appId, Duration.ofSeconds(60));
            assertThat(report.getFinalApplicationStatus()).as("final status (diagnostics: %s)", report.getDiagnostics())
                    .isEqualTo(FinalApplicationStatus.SUCCEEDED);
            assertThat(report.getDiagnostics()).contains("recovered after an ApplicationMaster restart");
        }
        ExactlyOnceJob.assertExactlyOnce(CLUSTER.committedPartLines(base + "/counts"), CLUSTER.committedPartLines(base + "/windows"));
    }

    @Test
    void aClientWhoseApplicationIsKilledFailsNamingTheFinalStatus() throws Exception {
        String name = "eddy client reattach killed";
        try (ResultDirectory marks = ResultDirectory.create(temp.resolve("results"))) {
            StreamExecutionEnvironment env = environment(name, marks);
            ExactlyOnceJob.build(env, marks, -1, new Discard(), new Discard());
            CompletableFuture<JobExecutionResult> execution = execute(env, "killed under its client");
            marks.await(names -> ExactlyOnceJob.laneZeroPid(names, 0), "the source to open", MARK_TIMEOUT);

            String appId = CLUSTER.applicationIdNamed(name);
            CLUSTER.yarnClient().killApplication(ApplicationId.fromString(appId), "killed by the test");
            assertThat(CLUSTER.awaitEnd(appId, Duration.ofSeconds(60)).getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.KILLED);

            ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> execution.get(60, TimeUnit.SECONDS));
            // Two outcomes are right, depending on which comes first: the AM, stopped by YARN's kill, cancels the job and tells
            // the client why; or its connection drops first and the client asks YARN, which names the final status.
            assertThat(failure.getCause()).isInstanceOf(JobExecutionException.class);
            String message = failure.getCause().getMessage();
            assertThat(message.contains("Job 'killed under its client' was cancelled: its master shut down")
                    || message.contains("lost the connection to the master at") && message.contains("no master will serve it again: YARN"
                            + " application " + appId + " ended KILLED with final status KILLED"))
                    .as("the client's failure: %s", message).isTrue();
            // Killed through YARN alone, the application leaves its staging directory (the deployer's kill deletes it).
            CLUSTER.fileSystem().delete(new Path(YarnTargetSettings.STAGING_ROOT, appId), true);
        }
    }

    /** A per-job application of one worker container of two slots (the job at parallelism 2), checkpointing every 250 ms, whose AM YARN may restart once. */
    private static StreamExecutionEnvironment environment(String name, ResultDirectory marks) {
        Configuration settings = YarnTargetSettings.perJob(CLUSTER, name)
                .set(YarnOptions.CONTAINERS, 1)
                .set(YarnOptions.SLOTS, 2)
                .set(YarnOptions.APPLICATION_ATTEMPTS, 2)
                .set(YarnClientOptions.REATTACH_TIMEOUT, Duration.ofSeconds(120));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(2);
        env.enableCheckpointing(250);
        env.getCheckpointConfig().setRetainedCheckpoints(2);
        env.setRestartStrategy(RestartStrategy.fixedDelay(5, Duration.ofMillis(200)));
        return env;
    }

    /** Runs {@code execute} on the client thread, as a program's main would. */
    private CompletableFuture<JobExecutionResult> execute(StreamExecutionEnvironment env, String jobName) {
        CompletableFuture<JobExecutionResult> execution = new CompletableFuture<>();
        clientThread.execute(() -> {
            try {
                execution.complete(env.execute(jobName));
            } catch (Throwable t) {
                execution.completeExceptionally(t);
            }
        });
        return execution;
    }

    private static JobExecutionResult result(CompletableFuture<JobExecutionResult> execution, Duration timeout) throws Exception {
        try {
            return execution.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("The client failed instead of following its job: " + e.getCause(), e.getCause());
        }
    }

    private void awaitConsole(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!console().contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("The console did not show '" + text + "' within " + timeout + "; it showed:\n" + console());
            }
            Thread.sleep(100); // the console is a plain stream: nothing to wait on
        }
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8); // synchronized, as the stream's writes are
    }

    /** {@code container_<cluster>_<app>_<attempt, 2 digits>_}: the prefix of the ids of an AM attempt's containers. */
    private static String containerPrefix(String appId, int attempt) {
        return String.format("container_%s_%02d_", appId.substring("application_".length()), attempt);
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** A sink that drops its records. */
    private static final class Discard implements SinkFunction<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(String value) {}
    }
}
