package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails.VertexDetails;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobId;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

    private static final JobId JOB = JobId.generate();

    private static JobDetails details(String status, long end, int splitsDone, int sinkFinished) {
        return new JobDetails(JOB, "counts", status, 1_000, end, List.of(
                new VertexDetails("Text Source: in.txt -> Map", 2, 0, splitsDone == 10 ? 0 : 2, splitsDone == 10 ? 2 : 0, 0, 0, 10, splitsDone, 0, 0),
                new VertexDetails("Reduce -> Sink", 2, 0, 2 - sinkFinished, sinkFinished, 0, 0, -1, 0, 0, 0)));
    }

    @Test
    void aStageLineShowsItsSubtasksAndASourcesSplitsAsABar() {
        List<String> lines = ProgressPrinter.render(details("RUNNING", -1, 5, 0), 13_500);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("Job 'counts' RUNNING, 12.5 s");
        assertThat(lines.get(1)).startsWith("  Text Source: in.txt -> Map").contains(" x2 ")
                .contains("[######------] 5/10 splits").endsWith("2 running");
        assertThat(lines.get(2)).doesNotContain("splits").endsWith("2 running");
        String longName = "x".repeat(100);
        List<String> cut = ProgressPrinter.render(new JobDetails(JOB, "j", "CREATED", 0, -1,
                List.of(new VertexDetails(longName, 1, 1, 0, 0, 0, 0, -1, 0, 0, 0))), 0);
        assertThat(cut.get(1)).contains("x".repeat(ProgressPrinter.NAME_WIDTH - 3) + "...").endsWith("1 waiting");
    }

    @Test
    void aStageLineShowsItsRecordsAndTheirRateSinceThePreviousDetails() {
        JobDetails before = new JobDetails(JOB, "stream", "RUNNING", 0, -1, List.of(
                new VertexDetails("Source: events", 2, 0, 2, 0, 0, 0, -1, 0, 0, 1_000_000),
                new VertexDetails("Keyed counts -> Sink", 2, 0, 2, 0, 0, 0, -1, 0, 999_000, 0)));
        JobDetails after = new JobDetails(JOB, "stream", "RUNNING", 0, -1, List.of(
                new VertexDetails("Source: events", 2, 0, 2, 0, 0, 0, -1, 0, 0, 3_500_000),
                new VertexDetails("Keyed counts -> Sink", 2, 0, 2, 0, 0, 0, -1, 0, 3_499_000, 0)));

        List<String> lines = ProgressPrinter.render(after, 10_000, before, 2_000);
        assertThat(lines.get(1)).endsWith("2 running; 3.50 M out (1.25 M/s)");
        assertThat(lines.get(2)).endsWith("2 running; 3.50 M in (1.25 M/s)");
        assertThat(ProgressPrinter.render(after, 10_000).get(1)).as("no earlier details: no rate").endsWith("; 3.50 M out");
        assertThat(ProgressPrinter.render(before, 10_000).get(2)).endsWith("; 999 k in");
    }

    @Test
    void theHeadCountsAJobsCheckpointsAndAStageLineItsSpilledBytes() {
        JobDetails ended = new JobDetails(JOB, "sorted", "FINISHED", 0, 4_000, List.of(
                new VertexDetails("Source: events", 2, 0, 0, 2, 0, 0, -1, 0, 0, 1_000, 0),
                new VertexDetails("Sort -> Sink", 2, 0, 0, 2, 0, 0, -1, 0, 1_000, 0, 12_345_678)), 7, 2);
        List<String> lines = ProgressPrinter.render(ended, 9_000);
        assertThat(lines.get(0)).isEqualTo("Job 'sorted' FINISHED, 4.0 s, 7 checkpoints (2 failed)");
        assertThat(lines.get(1)).endsWith("; 1.00 k out").doesNotContain("spilled");
        assertThat(lines.get(2)).endsWith("; 1.00 k in; 12.3 MB spilled");
        assertThat(ProgressPrinter.render(details("RUNNING", -1, 5, 0), 13_500).get(0)).as("no periodic checkpoints: no count")
                .doesNotContain("checkpoint");
    }

    @Test
    void countsHaveThreeSignificantDigits() {
        assertThat(ProgressPrinter.count(0)).isEqualTo("0");
        assertThat(ProgressPrinter.count(999)).isEqualTo("999");
        assertThat(ProgressPrinter.count(1_000)).isEqualTo("1.00 k");
        assertThat(ProgressPrinter.count(12_345)).isEqualTo("12.3 k");
        assertThat(ProgressPrinter.count(999_600)).isEqualTo("1.00 M");
        assertThat(ProgressPrinter.count(154_000_000_000L)).isEqualTo("154 G");
    }

    /** A job whose details the test sets, ending when the test completes its result (also for {@link ProgressPrinterConsoleTest}). */
    static class ScriptedJob implements JobClient {
        final JobId id;
        final AtomicReference<JobDetails> details = new AtomicReference<>();
        final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();

        ScriptedJob(JobId id) {
            this.id = id;
        }

        @Override
        public JobId getJobId() {
            return id;
        }

        @Override
        public CompletableFuture<JobExecutionResult> getJobResult() {
            return result;
        }

        @Override
        public CompletableFuture<Optional<JobDetails>> getJobDetails() {
            return CompletableFuture.completedFuture(Optional.ofNullable(details.get()));
        }

        @Override
        public void cancel() {
        }

        @Override
        public CollectStream openCollectStream(String collectId) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void plainLinesArePrintedWhenTheStagesChangeAndTheSummaryAtTheEnd() throws Exception {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text, true), false, Duration.ofMillis(20), Duration.ZERO);
        ScriptedJob job = new ScriptedJob(JOB);
        job.details.set(details("RUNNING", -1, 3, 0));
        printer.accept(job);
        waitFor(text, "3/10 splits");
        Thread.sleep(100); // unchanged stages: no more blocks
        job.details.set(details("RUNNING", -1, 10, 1));
        waitFor(text, "10/10 splits");
        job.details.set(details("FINISHED", 9_000, 10, 2));
        job.result.complete(new JobExecutionResult(JOB, 8_000, Map.of()));
        printer.awaitSummaries(Duration.ofSeconds(10));

        String out = text.toString();
        assertThat(out.lines().filter(l -> l.startsWith("Job 'counts' RUNNING"))).as("one block per change").hasSize(2);
        assertThat(out).contains("Job 'counts' FINISHED, 8.0 s");
        assertThat(out.lines().toList().get(out.lines().toList().size() - 1)).endsWith("2 finished");
        assertThat(out).doesNotContain("\033[");
    }

    @Test
    void whenTheMasterHasGoneWithItsJobTheSummaryComesFromTheResult() throws Exception {
        StringWriter text = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(text, true), true, Duration.ofMillis(20), Duration.ZERO);
        ScriptedJob job = new ScriptedJob(JOB) {
            @Override
            public CompletableFuture<Optional<JobDetails>> getJobDetails() {
                return result.isDone() ? CompletableFuture.failedFuture(new IllegalStateException("The master is shut down"))
                        : super.getJobDetails();
            }
        };
        job.details.set(details("RUNNING", -1, 3, 0));
        printer.accept(job);
        waitFor(text, "3/10 splits");
        job.result.complete(new JobExecutionResult(JOB, 2_500, Map.of()));
        printer.awaitSummaries(Duration.ofSeconds(10));

        assertThat(text.toString()).contains("\033[3A").as("redrawn in place on a terminal").endsWith("\r\033[2KJob 'counts' FINISHED, 2.5 s\n"
                + "\r\033[2K\n\r\033[2K\n");
    }

    private static void waitFor(StringWriter text, String part) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!text.toString().contains(part) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(text.toString()).contains(part);
    }
}
