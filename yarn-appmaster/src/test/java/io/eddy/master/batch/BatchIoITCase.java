package io.eddy.master.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.master.execution.TaskEvent;
import io.eddy.testkit.results.ResultDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch sources and sinks on the embedded cluster: splits requested one at a time from the
 * master's assigner, output committed only after the job finished, format failures failing the
 * job before any task is deployed, and a broadcast variable read in a rich function's open().
 */
@Timeout(60)
class BatchIoITCase {

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @TempDir
    Path tmp;

    @Test
    void textSourceMapSinkWritesEveryLineOnceAndCommitsOnlyAtTheEnd() throws Exception {
        List<String> lines = BatchIoGraphs.writeInput(tmp.resolve("in"), 5, 2_000);
        Path out = tmp.resolve("out");
        ResultDirectory gate = ResultDirectory.create(tmp.resolve("gate"));
        JobGraph graph = BatchIoGraphs.textPipeline(tmp.resolve("in").toString(), out.toString(), 2, new GatedUpperCase(gate));

        JobClient client = CLUSTER.submit(graph);
        gate.awaitMark(GatedUpperCase.REACHED, Duration.ofSeconds(30)); // a map subtask reached its 1000th record
        List<String> visibleWhileRunning = BatchIoGraphs.visibleFiles(out);
        gate.mark(GatedUpperCase.RELEASE);
        JobExecutionResult result = client.getJobResult().get(50, TimeUnit.SECONDS);

        assertThat(result).isNotNull();
        assertThat(visibleWhileRunning).as("files a reader saw in the output directory while the job ran").isEmpty();
        assertThat(BatchIoGraphs.visibleFiles(out)).containsExactly("1", "2");
        assertThat(out.resolve("_SUCCESS")).exists();
        assertThat(BatchIoGraphs.readOutput(out)).containsExactlyInAnyOrderElementsOf(lines.stream().map(String::toUpperCase).toList());
        List<TaskEvent> history = CLUSTER.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS);
        assertThat(history).filteredOn(e -> e.kind() == TaskEvent.Kind.FINISHED).hasSize(2);
    }

    @Test
    void aMissingInputPathFailsTheJobBeforeAnyTaskIsDeployed() throws Exception {
        Path missing = tmp.resolve("no-such-input");
        JobGraph graph = BatchIoGraphs.textPipeline(missing.toString(), tmp.resolve("out").toString(), 2, new UpperCase());

        JobClient client = CLUSTER.submit(graph);
        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(JobExecutionException.class);
        assertThat(fullMessage(thrown)).contains("Source: lines").contains("no-such-input");
        assertThat(CLUSTER.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS)).isEmpty();
        assertThat(tmp.resolve("out")).as("the sink's output was cleaned up").doesNotExist();
    }

    @Test
    void anExistingOutputPathFailsTheJobBeforeAnyTaskIsDeployed() throws Exception {
        BatchIoGraphs.writeInput(tmp.resolve("in"), 1, 10);
        Path existing = tmp.resolve("existing.txt");
        Files.writeString(existing, "keep me\n", StandardCharsets.UTF_8);
        JobGraph graph = BatchIoGraphs.textPipeline(tmp.resolve("in").toString(), existing.toString(), 2, new UpperCase());

        JobClient client = CLUSTER.submit(graph);
        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(JobExecutionException.class);
        assertThat(fullMessage(thrown)).contains("Sink: text").contains("existing.txt").contains("already exists");
        assertThat(CLUSTER.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS)).isEmpty();
        assertThat(Files.readString(existing)).isEqualTo("keep me\n");
    }

    @Test
    void aBroadcastVariableIsCompleteInOpenOfARichMap() throws Exception {
        Path dict = tmp.resolve("dict.txt");
        Files.write(dict, List.of("a", "b", "c"), StandardCharsets.UTF_8);
        Path out = tmp.resolve("looked-up");
        long n = 3_000;

        JobClient client = CLUSTER.submit(BatchIoGraphs.broadcastJob(dict.toString(), out.toString(), n));
        client.getJobResult().get(50, TimeUnit.SECONDS);

        List<String> expected = new ArrayList<>();
        for (long v = 0; v < n; v++) {
            expected.add("abc".charAt((int) (v % 3)) + ":" + v);
        }
        assertThat(BatchIoGraphs.readOutput(out)).containsExactlyInAnyOrderElementsOf(expected);

        // Record counts (docs/monitoring.md): each task's last sample reached the master before its final state.
        JobDetails details = CLUSTER.cluster().master().jobDetails(client.getJobId()).get(10, TimeUnit.SECONDS).orElseThrow();
        assertThat(details.vertices()).extracting(JobDetails.VertexDetails::recordsOut)
                .as("the dictionary's 3 lines (a broadcast record counts once), the 3,000 numbers, nothing from the sink's vertex")
                .containsExactly(3L, n, 0L);
        assertThat(details.vertices()).extracting(JobDetails.VertexDetails::recordsIn)
                .as("sources read no gates; each of the two lookup subtasks reads the whole dictionary and its share of the numbers")
                .containsExactly(0L, 0L, n + 2 * 3);
    }

    private static String fullMessage(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append(" | ");
        }
        return b.toString();
    }

    static final class UpperCase implements MapFunction<String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(String value) {
            return value.toUpperCase();
        }
    }

    /** Upper-cases; at its 1000th record a subtask marks {@value #REACHED} and waits for the test's mark {@value #RELEASE}. */
    static final class GatedUpperCase implements MapFunction<String, String> {
        private static final long serialVersionUID = 1L;
        static final String REACHED = "reached";
        static final String RELEASE = "release";
        private final ResultDirectory gate;
        /** Task thread only. */
        private transient long count;

        GatedUpperCase(ResultDirectory gate) {
            this.gate = gate;
        }

        @Override
        public String map(String value) throws Exception {
            if (++count == 1_000) {
                gate.mark(REACHED);
                if (!gate.awaitMarkFromFunction(RELEASE, Duration.ofSeconds(30))) {
                    throw new IllegalStateException("the test did not release the map within 30 s");
                }
            }
            return value.toUpperCase();
        }
    }
}
