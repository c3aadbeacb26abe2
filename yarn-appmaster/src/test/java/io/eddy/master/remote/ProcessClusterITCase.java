package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.BlockingJobGraphs;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.RpcJobSubmissionGateway;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.Secret;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Jobs on a master and two worker processes of one slot each: every keyed exchange crosses processes. */
@Timeout(120)
class ProcessClusterITCase {

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 1);

    @Test
    void theMastersWebEndpointServesTheEndOfEachWorkerProcesssLog() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String web = CLUSTER.webUrl();
        String overview = http.send(HttpRequest.newBuilder(URI.create(web + "api/overview")).build(), HttpResponse.BodyHandlers.ofString()).body();
        Path log1 = CLUSTER.directory().resolve("worker-1.log").toAbsolutePath();
        assertThat(overview).as("the workers' registrations carry their log files").contains("\"logFile\":\"" + log1 + "\"")
                .contains("\"logUrl\":null");

        HttpResponse<String> whole = http.send(HttpRequest.newBuilder(URI.create(web + "api/workers/worker-1/log?bytes=1000000")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(whole.headers().firstValue("Content-Type")).hasValue("text/plain; charset=utf-8");
        String[] lines = whole.body().split("\n", 2);
        assertThat(lines[0]).startsWith("== worker-1 on 127.0.0.1: " + log1 + ", all ").endsWith(" bytes ==");
        assertThat(lines[1]).as("the worker's own log, read by the worker process").contains("Worker worker-1 started with 1 slot(s)")
                .doesNotContain("Worker worker-2 started");

        HttpResponse<String> end = http.send(HttpRequest.newBuilder(URI.create(web + "api/workers/worker-2/log?bytes=100")).build(),
                HttpResponse.BodyHandlers.ofString());
        String[] endLines = end.body().split("\n", 2);
        assertThat(endLines[0]).contains("worker-2.log, its last 100 of ").contains("ask for more with ?bytes=N");
        assertThat(endLines[1].getBytes(StandardCharsets.UTF_8)).hasSize(100);
        assertThat(Files.readString(CLUSTER.directory().resolve("worker-2.log"))).contains(endLines[1]);

        HttpResponse<String> unknown = http.send(HttpRequest.newBuilder(URI.create(web + "api/workers/worker-9/log")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("No worker 'worker-9' is registered");
        HttpResponse<String> bad = http.send(HttpRequest.newBuilder(URI.create(web + "api/workers/worker-1/log?bytes=lots")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("bytes='lots'");
    }

    @Test
    @Timeout(60)
    void keyedJobAcrossTwoWorkerProcessesGivesExactResults() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        List<Tuple2<Long, Long>> rolling = new ArrayList<>();
        try (CloseableIterator<Tuple2<Long, Long>> it = TestJobs.keyedCounts(env, 20_000, 7).executeAndCollect("keyed counts")) {
            it.forEachRemaining(rolling::add);
        }
        assertThat(rolling).hasSize(20_000);
        assertThat(TestJobs.finalCounts(rolling)).isEqualTo(TestJobs.expectedCounts(20_000, 7));

        // Both worker processes' record counts reached the master (TaskIoReport over the control protocol).
        try (ClusterClient admin = CLUSTER.client()) {
            JobSummary summary = admin.listJobs().stream().filter(s -> s.name().equals("keyed counts")).findFirst().orElseThrow();
            JobDetails details = admin.jobDetails(summary.id()).orElseThrow();
            assertThat(details.vertices().get(0).recordsOut()).as("the source's records, over both subtasks").isEqualTo(20_000);
            assertThat(details.vertices()).extracting(JobDetails.VertexDetails::recordsIn).as("the keyed counter read them all")
                    .contains(20_000L);
        }
    }

    @Test
    @Timeout(60)
    void aSourceReadOnTheTaskThreadFeedsAKeyedExchangeAcrossWorkerProcesses() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        Map<Long, Long> sumPerKey = new HashMap<>();
        long records = 0;
        try (CloseableIterator<Tuple2<Long, Long>> it = env.fromSequence(1, 20_000)
                .map(v -> Tuple2.of(v % 7, v)).returns(Types.TUPLE(Types.LONG, Types.LONG))
                .keyBy(t -> t.f0, Types.LONG)
                .reduce((a, b) -> Tuple2.of(a.f0, a.f1 + b.f1))
                .executeAndCollect("reader source across processes")) {
            while (it.hasNext()) {
                Tuple2<Long, Long> rolling = it.next();
                records++;
                sumPerKey.merge(rolling.f0, rolling.f1, Math::max);
            }
        }
        Map<Long, Long> expected = new HashMap<>();
        for (long v = 1; v <= 20_000; v++) {
            expected.merge(v % 7, v, Long::sum);
        }
        assertThat(records).as("one rolling sum per number").isEqualTo(20_000);
        assertThat(sumPerKey).isEqualTo(expected);
    }

    @Test
    void accumulatorsOfBothWorkersAreMergedAndReachTheClient() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        env.generateSequence(1, 5_000).map(new TestJobs.CountingMap()).addSink(v -> { });
        JobExecutionResult result = env.execute("counting job");
        assertThat(result.<Long>getAccumulatorResult("records")).isEqualTo(5_000L);
        assertThat(result.getNetRuntime()).isNotNegative();
    }

    @Test
    void userFailureReachesTheClientWithOperatorWorkerAndRootCause() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(1);
        env.generateSequence(1, 1000).map(new TestJobs.FailOn500()).addSink(v -> { });
        assertThatThrownBy(() -> env.execute("failing job"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("worker-")
                .hasRootCauseMessage("java.lang.IllegalStateException: user function rejected 500");
    }

    @Test
    void theClientPrintsTheJobsProgressIncludingARestartAndItsEnd() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(1);
        env.generateSequence(1, 1000).map(new TestJobs.FailOn500()).addSink(v -> { });
        JobGraph graph = BlockingJobGraphs.withSettings(env.getJobGraph("restarting job"), Map.of("restart-strategy", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "1", "restart-strategy.fixed-delay.delay", "0ms"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream consoleStream = new PrintStream(console, true, StandardCharsets.UTF_8);
        try (JobClient job = RemoteExecutorFactory.forMaster(CLUSTER.masterAddress(), CLUSTER.secret(), CLUSTER.remoteConfiguration(),
                consoleStream).submit(graph, List.of(), getClass().getClassLoader())) {
            assertThatThrownBy(() -> job.getJobResult().get(60, TimeUnit.SECONDS)).hasCauseInstanceOf(JobExecutionException.class);
        }
        String prefix = "Job 'restarting job' (" + graph.jobId() + "): ";
        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).as("one line per update, the result line last").allSatisfy(l -> assertThat(l).startsWith(prefix));
        assertThat(lines.get(0)).isEqualTo(prefix + "RUNNING, 0 of 1 tasks running; deployed 1 of 1 tasks");
        assertThat(lines).filteredOn(l -> l.contains("restarting after: "))
                .singleElement().satisfies(l -> assertThat(l).contains("on worker-").contains("user function rejected 500"));
        assertThat(lines).filteredOn(l -> l.startsWith(prefix + "FAILING, ")).singleElement()
                .satisfies(l -> assertThat(l).contains("after 1 restart(s) the job failed again"));
        assertThat(lines.get(lines.size() - 1)).matches(java.util.regex.Pattern.quote(prefix) + "FAILED after \\d+ ms");
    }

    @Test
    void listAndCancelAJob() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(1);
        env.addSource(new TestJobs.EndlessSource()).addSink(v -> { });
        JobClient job = env.executeAsync("endless job");
        try (ClusterClient admin = CLUSTER.client()) {
            assertThat(admin.listJobs()).extracting(JobSummary::id).contains(job.getJobId());
            admin.cancelJob(job.getJobId());
            assertThatThrownBy(() -> job.getJobResult().get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(JobExecutionException.class);
            assertThat(admin.listJobs()).filteredOn(s -> s.id().equals(job.getJobId()))
                    .extracting(JobSummary::status).containsExactly(JobStatus.CANCELED);
        }
    }

    @Test
    void connectionsWithoutTheSecretAreRejectedAndTheClusterKeepsRunning() throws Exception {
        InetSocketAddress master = CLUSTER.masterAddress();
        try (Socket raw = new Socket(master.getHostString(), master.getPort())) {
            raw.setSoTimeout(20_000);
            OutputStream out = raw.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: eddy\r\n\r\n".repeat(20).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = raw.getInputStream();
            assertThat(readUntilClosed(in)).as("the master closes an unauthenticated connection").isTrue();
        }
        assertThatThrownBy(() -> RpcJobSubmissionGateway.connect(master, Secret.generate(), Duration.ofSeconds(10)).close())
                .isInstanceOf(RpcException.class)
                .hasMessageContaining("secret");
        try (ClusterClient admin = CLUSTER.client()) {
            assertThat(admin.workers()).extracting(WorkerRegistration::id).extracting(Object::toString)
                    .containsExactlyInAnyOrder("worker-1", "worker-2");
        }
        assertThat(CLUSTER.master().process().isAlive()).isTrue();
    }

    /** Reads (the server's nonce, then nothing) until the peer closes; false if it never does within the socket timeout. */
    private static boolean readUntilClosed(InputStream in) throws Exception {
        byte[] buffer = new byte[1024];
        try {
            while (true) {
                if (in.read(buffer) < 0) {
                    return true;
                }
            }
        } catch (SocketException e) {
            return true; // reset by the master: closed as well
        } catch (java.net.SocketTimeoutException e) {
            return false;
        }
    }
}
