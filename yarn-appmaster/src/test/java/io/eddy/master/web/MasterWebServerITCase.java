package io.eddy.master.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.Master;
import io.eddy.master.MasterConfig;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.rpc.Secret;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The master's web endpoint over real HTTP: an embedded cluster's master that has run a job (named
 * with HTML in it), served by {@link MasterWebServer} on a free port, asked with the JDK's
 * {@link HttpClient}; the JSON is parsed and checked field by field, and the page's links and the
 * JSON hrefs are followed ({@link DashboardBrowser}; through YARN's web proxy in
 * {@code YarnDeploymentITCase}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MasterWebServerITCase {

    private static final String JOB_NAME = "web test <script>alert('x')</script> & co";

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(1).slotsPerWorker(1).build());

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private static MasterWebServer web;
    private static JobId job;
    private static long submittedAt;

    @BeforeAll
    static void runAJobAndServe() throws Exception {
        web = MasterWebServer.start(CLUSTER.cluster().master(), "127.0.0.1", 0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.fromElements(1L, 2L, 3L).returns(Types.LONG).rebalance().addSink(new WebTestJobs.Discard()); // two vertices: records cross an edge
        JobGraph graph = env.getJobGraph(JOB_NAME);
        job = graph.jobId();
        submittedAt = System.currentTimeMillis();
        CLUSTER.submit(graph).getJobResult().get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() {
        if (web != null) {
            web.close();
            web.close();
        }
        assertThat(Thread.getAllStackTraces().keySet()).as("request threads end with the server")
                .noneMatch(t -> t.getName().startsWith("eddy-web-") && t.isAlive());
    }

    @Test
    void theUrlNamesTheBoundPort() {
        assertThat(web.url()).isEqualTo("http://127.0.0.1:" + web.address().getPort() + "/");
        assertThat(web.address().getPort()).isPositive();
    }

    @Test
    void jobsListsTheFinishedJobAsJson() throws Exception {
        HttpResponse<String> response = get("jobs");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        JsonNode jobs = JSON.readTree(response.body()).get("jobs");
        assertThat(jobs.isArray()).isTrue();
        JsonNode ours = StreamSupport.stream(jobs.spliterator(), false)
                .filter(j -> j.get("id").asText().equals(job.toString())).findFirst().orElseThrow(
                        () -> new AssertionError("job " + job + " missing from " + response.body()));
        checkJob(ours);
    }

    @Test
    void oneJobByItsId() throws Exception {
        HttpResponse<String> response = get("jobs/" + job);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        checkJob(JSON.readTree(response.body()));
    }

    private static void checkJob(JsonNode j) {
        assertThat(j.get("id").asText()).isEqualTo(job.toString());
        assertThat(j.get("name").asText()).isEqualTo(JOB_NAME);
        assertThat(j.get("status").asText()).isEqualTo("FINISHED");
        assertThat(j.get("startTime").asLong()).isBetween(submittedAt - 1_000, System.currentTimeMillis());
        assertThat(j.get("startTimeIso").asText()).endsWith("Z");
        assertThat(j.get("tasks").asInt()).isPositive();
        assertThat(j.get("href").asText()).isEqualTo("jobs/" + job);
    }

    @Test
    void anUnknownJobIsA404WithAJsonError() throws Exception {
        String unknown = new JobId(1, 2).toString();
        HttpResponse<String> response = get("jobs/" + unknown);
        assertThat(response.statusCode()).isEqualTo(404);
        JsonNode error = JSON.readTree(response.body());
        assertThat(error.get("status").asInt()).isEqualTo(404);
        assertThat(error.get("error").asText()).contains(unknown).contains("/jobs");

        assertThat(get("jobs/not-a-job-id").statusCode()).isEqualTo(404);
        HttpResponse<String> noRoute = get("nothing-here");
        assertThat(noRoute.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(noRoute.body()).get("error").asText()).contains("/jobs").contains("/metrics");
    }

    @Test
    void metricsAreInPrometheusTextFormatWithASeriesPerSubtask() throws Exception {
        HttpResponse<String> response = get("metrics");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/plain; version=0.0.4"));
        String body = response.body();
        assertThat(body).contains("# TYPE eddy_task_records_out_total counter").contains("# TYPE eddy_task_records_in_total counter")
                .contains("# TYPE eddy_task_back_pressured_seconds_total counter");
        String ours = "job=\"" + job + "\"";
        assertThat(series(body, "eddy_task_records_out_total", ours, "vertex=\"0\""))
                .as("the source wrote its 3 records").singleElement().satisfies(line -> assertThat(line).endsWith(" 3.0")
                        .contains("subtask=\"0\"").contains("worker=\"").contains("job_name=\"web test <script>alert('x')</script> & co\""));
        assertThat(series(body, "eddy_task_records_in_total", ours, "vertex=\"1\"")).as("the sink read them")
                .singleElement().satisfies(line -> assertThat(line).endsWith(" 3.0"));
        assertThat(series(body, "eddy_task_back_pressured_seconds_total", ours, "vertex=\"0\"")).hasSize(1);
    }

    @Test
    void metricsHaveTheWatermarkLagOfAnEventTimeJobsTasks() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.addSource(new WebTestJobs.Trickle())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> System.currentTimeMillis()))
                .rebalance().addSink(new WebTestJobs.Discard());
        JobClient running = CLUSTER.submit(env.getJobGraph("event time"));
        try {
            String ours = "job=\"" + running.getJobId() + "\"";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            String body = get("metrics").body();
            while (series(body, "eddy_task_input_watermark_lag_seconds", ours, "vertex=\"1\"").isEmpty()) {
                assertThat(System.nanoTime()).as("the sink's input watermark reaches the master").isLessThan(deadline);
                Thread.sleep(100);
                body = get("metrics").body();
            }
            assertThat(body).contains("# TYPE eddy_task_output_watermark_lag_seconds gauge");
            double sourceLag = Double.parseDouble(series(body, "eddy_task_output_watermark_lag_seconds", ours, "vertex=\"0\"").get(0)
                    .replaceAll(".* ", ""));
            double sinkLag = Double.parseDouble(series(body, "eddy_task_input_watermark_lag_seconds", ours, "vertex=\"1\"").get(0)
                    .replaceAll(".* ", ""));
            assertThat(sourceLag).as("watermarks of wall-clock timestamps lag by the report interval, not more").isBetween(-1.0, 30.0);
            assertThat(sinkLag).isBetween(-1.0, 30.0);
            assertThat(series(body, "eddy_task_input_watermark_lag_seconds", ours, "vertex=\"0\"")).as("a source reads no gate").isEmpty();
        } finally {
            CLUSTER.cluster().master().cancelJob(running.getJobId());
            running.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void metricsHaveEachTasksLatestCheckpointBufferUsageAndTheJobsCheckpointCounts(@TempDir Path checkpoints) throws Exception {
        StreamExecutionEnvironment env = WebTestJobs.checkpointingEvery100Ms(checkpoints);
        env.addSource(new WebTestJobs.Trickle()).keyBy((KeySelector<Long, Long>) v -> v % 3, Types.LONG).reduce(Long::sum)
                .addSink(new WebTestJobs.Discard()); // keyed state: the checkpoints have a size
        JobClient running = CLUSTER.submit(env.getJobGraph("checkpoint metrics"));
        try {
            String ours = "job=\"" + running.getJobId() + "\"";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            String body = get("metrics").body();
            while (series(body, "eddy_task_checkpoint_id", ours, "vertex=\"1\"").isEmpty()
                    || series(body, "eddy_job_last_checkpoint_duration_seconds", ours).isEmpty()) {
                assertThat(System.nanoTime()).as("a completed checkpoint reaches the metrics").isLessThan(deadline);
                Thread.sleep(100);
                body = get("metrics").body();
            }
            assertThat(body).contains("# TYPE eddy_task_checkpoint_duration_seconds gauge").contains("# TYPE eddy_job_checkpoints_completed_total counter")
                    .contains("# TYPE eddy_task_output_pool_usage gauge").contains("# TYPE eddy_task_bytes_out_total counter")
                    .contains("# TYPE eddy_task_spilled_bytes_total counter");
            assertThat(number(series(body, "eddy_task_spilled_bytes_total", ours, "vertex=\"1\""))).as("a streaming job spills nothing").isZero();
            for (String vertex : List.of("vertex=\"0\"", "vertex=\"1\"")) {
                assertThat(number(series(body, "eddy_task_checkpoint_id", ours, vertex))).as("%s acknowledged a checkpoint", vertex).isPositive();
                assertThat(number(series(body, "eddy_task_checkpoint_duration_seconds", ours, vertex))).isBetween(0.0, 30.0);
                assertThat(number(series(body, "eddy_task_checkpoint_state_bytes", ours, vertex))).isGreaterThanOrEqualTo(0);
                assertThat(number(series(body, "eddy_task_checkpoint_alignment_seconds", ours, vertex))).isGreaterThanOrEqualTo(0);
                assertThat(number(series(body, "eddy_task_output_pool_usage", ours, vertex))).isBetween(0.0, 1.0);
                assertThat(number(series(body, "eddy_task_input_pool_usage", ours, vertex))).isBetween(0.0, 1.0);
            }
            // Per operator of the keyed vertex's chain: the reduce is handed what the task read, the sink what the reduce emitted.
            List<String> reduce = series(body, "eddy_operator_records_in_total", ours, "vertex=\"1\"", "operator=\"0\"");
            List<String> sink = series(body, "eddy_operator_records_in_total", ours, "vertex=\"1\"", "operator=\"1\"");
            assertThat(reduce).singleElement().satisfies(line -> assertThat(line).contains("operator_name=\"Keyed Reduce\""));
            assertThat(sink).singleElement().satisfies(line -> assertThat(line).contains("operator_name=\"Unnamed\"")); // the sink's own name
            assertThat(number(sink)).isPositive().isLessThanOrEqualTo(number(reduce));
            assertThat(number(reduce)).isEqualTo(number(series(body, "eddy_task_records_in_total", ours, "vertex=\"1\"")));
            assertThat(number(series(body, "eddy_job_checkpoints_completed_total", ours))).isGreaterThanOrEqualTo(1);
            assertThat(number(series(body, "eddy_job_checkpoints_failed_total", ours))).isZero();
            assertThat(number(series(body, "eddy_job_last_checkpoint_duration_seconds", ours))).isBetween(0.0, 30.0);
            assertThat(number(series(body, "eddy_task_checkpoint_state_bytes", ours, "vertex=\"1\""))).as("the keyed sums").isPositive();
            assertThat(number(series(body, "eddy_job_last_checkpoint_size_bytes", ours))).isPositive();
            assertThat(series(body, "eddy_job_checkpoints_completed_total", "job=\"" + job + "\"")).as("a job without checkpoints has no series")
                    .isEmpty();
        } finally {
            CLUSTER.cluster().master().cancelJob(running.getJobId());
            running.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    /** The value of the one series line in {@code lines}. */
    private static double number(List<String> lines) {
        assertThat(lines).hasSize(1);
        return Double.parseDouble(lines.get(0).replaceAll(".* ", ""));
    }

    @Test
    void anEmbeddedWorkersLogIsTheProgramsAndTheApiSaysSo() throws Exception {
        String worker = CLUSTER.cluster().workers().get(0).id().value();
        JsonNode view = JSON.readTree(get("api/overview").body()).get("workers").get(0);
        assertThat(view.get("logFile").isNull()).isTrue();
        assertThat(view.get("logUrl").isNull()).isTrue();
        HttpResponse<String> log = get("api/workers/" + worker + "/log");
        assertThat(log.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(log.body()).get("error").asText()).contains("writes no log file of its own").contains("embedded");
    }

    @Test
    void metricsHaveEachWorkersHeapGcAndMemory() throws Exception {
        String worker = CLUSTER.cluster().workers().get(0).id().value();
        String label = "{worker=\"" + worker + "\"}";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String body = get("metrics").body();
        while (!body.contains("eddy_worker_heap_used_bytes" + label)) { // the worker reports every second
            assertThat(System.nanoTime()).as("the worker's metrics reach the master").isLessThan(deadline);
            Thread.sleep(100);
            body = get("metrics").body();
        }
        assertThat(body).contains("# TYPE eddy_worker_heap_used_bytes gauge").contains("# TYPE eddy_worker_gc_seconds_total counter");
        assertThat(value(body, "eddy_worker_heap_used_bytes" + label)).isPositive();
        assertThat(value(body, "eddy_worker_heap_max_bytes" + label)).isGreaterThanOrEqualTo(value(body, "eddy_worker_heap_used_bytes" + label));
        assertThat(value(body, "eddy_worker_managed_memory_bytes" + label)).isPositive();
        assertThat(value(body, "eddy_worker_managed_memory_used_bytes" + label)).as("no task runs").isZero();
        assertThat(value(body, "eddy_worker_spilled_bytes_total" + label)).isGreaterThanOrEqualTo(0);
        assertThat(value(body, "eddy_worker_gc_collections_total" + label)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void theApiOverviewListsWorkersWithTheirMetricsAndTheJobs() throws Exception {
        HttpResponse<String> response = get("api/overview");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode overview = JSON.readTree(response.body());
        assertThat(overview.get("slots").asInt()).isEqualTo(1);
        JsonNode worker = overview.get("workers").get(0);
        assertThat(worker.get("id").asText()).isEqualTo(CLUSTER.cluster().workers().get(0).id().value());
        assertThat(worker.get("slots").asInt()).isEqualTo(1);
        assertThat(worker.has("heapUsedBytes")).isTrue();
        assertThat(overview.get("jobs").findValuesAsText("id")).contains(job.toString());
    }

    @Test
    void theApiGivesAJobsGraphDetailsAndSubtasks() throws Exception {
        HttpResponse<String> response = get("api/jobs/" + job);
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode j = JSON.readTree(response.body());
        assertThat(j.get("details").get("id").asText()).isEqualTo(job.toString());
        assertThat(j.get("details").get("status").asText()).isEqualTo("FINISHED");
        JsonNode vertices = j.get("details").get("vertices");
        assertThat(vertices).hasSize(2);
        assertThat(vertices.get(0).get("recordsOut").asLong()).isEqualTo(3);
        assertThat(vertices.get(1).get("recordsIn").asLong()).isEqualTo(3);
        JsonNode edge = j.get("edges").get(0);
        assertThat(edge.get("source").asInt()).isZero();
        assertThat(edge.get("target").asInt()).isEqualTo(1);
        assertThat(edge.get("shipStrategy").asText()).isEqualTo("REBALANCE");
        assertThat(edge.get("exchangeMode").asText()).isEqualTo("PIPELINED");
        assertThat(j.get("subtasks")).hasSize(2);
        assertThat(j.get("history").get("vertices")).hasSize(2);

        assertThat(get("api/jobs/" + new JobId(1, 2)).statusCode()).isEqualTo(404);
        assertThat(get("api/jobs/xyz").statusCode()).isEqualTo(404);
        assertThat(get("api/nothing").statusCode()).isEqualTo(404);
    }

    @Test
    void aRunningJobsHistoryGrowsEverySecond() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.addSource(new WebTestJobs.Trickle()).rebalance().addSink(new WebTestJobs.Discard());
        JobClient running = CLUSTER.submit(env.getJobGraph("trickle"));
        try {
            JsonNode history = awaitJob(running.getJobId(), "three samples of a running job, records in the last", j -> {
                JsonNode h = j.get("history");
                int n = h.get("times").size();
                return n >= 3 && h.get("vertices").get(1).get("recordsIn").get(n - 1).asLong() > 0;
            }).get("history");
            JsonNode times = history.get("times");
            for (int i = 1; i < times.size(); i++) {
                assertThat(times.get(i).asLong()).isGreaterThan(times.get(i - 1).asLong());
            }
            JsonNode sinkIn = history.get("vertices").get(1).get("recordsIn");
            assertThat(sinkIn.get(sinkIn.size() - 1).asLong()).as("records keep arriving").isGreaterThanOrEqualTo(sinkIn.get(0).asLong());
        } finally {
            CLUSTER.cluster().master().cancelJob(running.getJobId()).get(10, TimeUnit.SECONDS);
            running.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void theDashboardsFilesAreServedAndNothingElse() throws Exception {
        HttpResponse<String> page = get("dashboard/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(page.body()).contains("<script src=\"app.js\"></script>");
        HttpResponse<String> script = get("dashboard/app.js");
        assertThat(script.headers().firstValue("Content-Type")).hasValue("text/javascript; charset=utf-8");
        assertThat(script.body()).contains("../api/overview");
        assertThat(get("dashboard/style.css").statusCode()).isEqualTo(200);
        assertThat(get("dashboard/../../io/eddy/master/web/WebRoutes.class").statusCode()).isEqualTo(404);
        assertThat(get("dashboard/secret.txt").statusCode()).isEqualTo(404);
        HttpResponse<String> bare = get("dashboard");
        assertThat(bare.statusCode()).isEqualTo(301);
        assertThat(bare.headers().firstValue("Location")).hasValue("dashboard/");
    }

    @Test
    void actionsAreOffWithoutASecretAndArePostOnly() throws Exception {
        HttpResponse<String> off = post(web, "api/jobs/" + job + "/cancel", null);
        assertThat(off.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(off.body()).get("error").asText()).contains("without the cluster's secret");
        HttpResponse<String> got = get("api/jobs/" + job + "/cancel");
        assertThat(got.statusCode()).isEqualTo(405);
        assertThat(got.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void actionsTakeTheTokenDerivedFromTheSecret() throws Exception {
        Secret secret = Secret.generate();
        String token = MasterWebServer.actionToken(secret);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.addSource(new WebTestJobs.Trickle()).rebalance().addSink(new WebTestJobs.Discard());
        JobClient running = CLUSTER.submit(env.getJobGraph("to cancel"));
        try (MasterWebServer secured = MasterWebServer.start(CLUSTER.cluster().master(), "127.0.0.1", 0, secret)) {
            String cancel = "api/jobs/" + running.getJobId() + "/cancel";
            HttpResponse<String> none = post(secured, cancel, null);
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertThat(JSON.readTree(none.body()).get("error").asText()).contains("No action token").contains("eddy cluster status");
            assertThat(post(secured, cancel, secret.toEncodedString()).statusCode()).as("the secret itself is not the token").isEqualTo(401);
            assertThat(post(secured, cancel, token.substring(1) + "0").statusCode()).isEqualTo(401);
            assertThat(CLUSTER.cluster().master().jobDetails(running.getJobId()).get(10, TimeUnit.SECONDS).orElseThrow().status())
                    .as("refused requests changed nothing").isEqualTo("RUNNING");

            HttpResponse<String> savepoint = post(secured, "api/jobs/" + running.getJobId() + "/savepoint", token);
            assertThat(savepoint.statusCode()).as(savepoint.body()).isEqualTo(409);
            assertThat(JSON.readTree(savepoint.body()).get("error").asText()).contains("savepoint of job " + running.getJobId() + " failed");
            assertThat(post(secured, "api/jobs/" + new JobId(1, 2) + "/cancel", token).statusCode()).isEqualTo(404);

            HttpResponse<String> cancelled = post(secured, cancel, token);
            assertThat(cancelled.statusCode()).isEqualTo(202);
            assertThat(JSON.readTree(cancelled.body()).get("action").asText()).isEqualTo("cancel");
            assertThat(CLUSTER.cluster().master().jobTermination(running.getJobId()).get(30, TimeUnit.SECONDS).name()).isEqualTo("CANCELED");
        } finally {
            CLUSTER.cluster().master().cancelJob(running.getJobId());
            running.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aBatchJobsPageHasThePlanTheOptimizerChose(@TempDir Path dir) throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.generateSequence(1, 100).filter(v -> v % 2 == 0).writeAsText(dir.resolve("even").toString());
        JobGraph graph = env.getJobGraph("batch plan");
        CLUSTER.submit(graph).getJobResult().get(30, TimeUnit.SECONDS);
        JsonNode j = JSON.readTree(get("api/jobs/" + graph.jobId()).body());
        assertThat(j.get("plan").asText()).startsWith("Plan of job 'batch plan'").contains("Sequence Source").contains("Filter");
        assertThat(JSON.readTree(get("api/jobs/" + job).body()).get("plan").isNull()).as("a streaming job has none").isTrue();
    }

    /** A job that completes checkpoints, fails once, and restarts from its latest checkpoint: the job page's sections. */
    @Test
    void theApiGivesAJobsCheckpointsFailuresAndLatestRestore(@TempDir Path checkpoints) throws Exception {
        StreamExecutionEnvironment env = WebTestJobs.checkpointingEvery100Ms(checkpoints);
        env.setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(100)));
        env.addSource(new WebTestJobs.Trickle()).rebalance().map(new FailOnceAfterACheckpoint()).addSink(new WebTestJobs.Discard());
        JobClient running = CLUSTER.submit(env.getJobGraph("checkpointed"));
        try {
            JsonNode j = awaitJob(running.getJobId(), "a checkpoint, a failure and a restore",
                    a -> !a.get("failures").isEmpty() && !a.get("checkpoints").get("latestRestore").isNull());
            JsonNode c = j.get("checkpoints");
            assertThat(c.get("periodic").asBoolean()).isTrue();
            assertThat(c.get("completed").asInt()).isPositive();
            JsonNode completed = StreamSupport.stream(c.get("history").spliterator(), false)
                    .filter(h -> h.get("outcome").asText().equals("COMPLETED")).findFirst().orElseThrow();
            assertThat(completed.get("type").asText()).isEqualTo("CHECKPOINT");
            assertThat(completed.get("tasks").asInt()).isEqualTo(2);
            assertThat(completed.get("endTime").asLong()).isGreaterThanOrEqualTo(completed.get("triggerTime").asLong());
            assertThat(completed.get("pointerOrReason").asText()).contains(running.getJobId().toString());
            assertThat(c.get("latestRestore").get("atStart").asBoolean()).isFalse();
            assertThat(c.get("latestRestore").get("checkpointId").asLong()).isPositive();

            JsonNode failure = j.get("failures").get(0);
            assertThat(failure.get("exceptionClass").asText()).isEqualTo("io.eddy.runtime.operators.OperatorFailureException");
            assertThat(failure.get("message").asText()).contains("Map");
            assertThat(failure.get("rootCause").asText()).isEqualTo(IllegalStateException.class.getName() + ": the dashboard test's one failure");
            assertThat(failure.get("tasks").asText()).startsWith("Map");
            assertThat(failure.get("worker").asText()).isEqualTo(CLUSTER.cluster().workers().get(0).id().value());
            assertThat(failure.get("stackTrace").asText()).contains("FailOnceAfterACheckpoint.map").contains("Caused by: java.lang.IllegalStateException");
        } finally {
            CLUSTER.cluster().master().cancelJob(running.getJobId());
            running.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
    }

    /** Fails once, on the first record after a checkpoint completed; passes records on otherwise. */
    static final class FailOnceAfterACheckpoint implements MapFunction<Long, Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        static final AtomicBoolean CHECKPOINTED = new AtomicBoolean();
        static final AtomicBoolean FAILED = new AtomicBoolean();

        @Override
        public Long map(Long value) {
            if (CHECKPOINTED.get() && !FAILED.getAndSet(true)) {
                throw new IllegalStateException("the dashboard test's one failure");
            }
            return value;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            CHECKPOINTED.set(true);
        }
    }

    /** Polls {@code api/jobs/<job>} until {@code done} holds of the answer (at most 60 s); returns that answer. */
    private static JsonNode awaitJob(JobId job, String what, Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonNode answer = JSON.readTree(get("api/jobs/" + job).body());
            if (done.test(answer)) {
                return answer;
            }
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static HttpResponse<String> post(MasterWebServer server, String relative, String tokenOrNull) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url() + relative)).timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.noBody());
        if (tokenOrNull != null) {
            request.header("Authorization", "Bearer " + tokenOrNull);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The value of the one series line that starts with {@code series} (name and labels). */
    private static double value(String body, String series) {
        String line = body.lines().filter(l -> l.startsWith(series + " ")).findFirst().orElseThrow(() -> new AssertionError("no " + series));
        return Double.parseDouble(line.substring(series.length() + 1).trim());
    }

    /** The lines of {@code body}'s series {@code name} whose labels contain each of {@code labels}. */
    private static List<String> series(String body, String name, String... labels) {
        return body.lines().filter(l -> l.startsWith(name + "{")).filter(l -> java.util.Arrays.stream(labels).allMatch(l::contains)).toList();
    }

    @Test
    void theEndpointIsReadOnly() throws Exception {
        HttpRequest post = HttpRequest.newBuilder(URI.create(web.url() + "jobs/" + job)).POST(HttpRequest.BodyPublishers.ofString("{}")).build();
        HttpResponse<String> response = HTTP.send(post, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("GET, HEAD");
        assertThat(JSON.readTree(response.body()).get("error").asText()).contains("read-only");
    }

    @Test
    void theHtmlPageEscapesJobNamesAndLinksToTheJson() throws Exception {
        HttpResponse<String> response = get("");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        String html = response.body();
        assertThat(html).doesNotContain("<script>").doesNotContain("alert('x')")
                .contains("web test &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co")
                .contains("<a href=\"jobs/" + job + "\">" + job + "</a>")
                .contains("<a href=\"jobs\">").contains("<a href=\"dashboard/\">Dashboard</a>");
    }

    @Test
    void theLinksOfThePageAndTheJsonHrefsAreRelativeToTheBaseUrlAndAnswer() throws Exception {
        URI base = URI.create(web.url());
        DashboardBrowser.Visit visit = DashboardBrowser.visit(base);

        URI ours = base.resolve("jobs/" + job);
        assertThat(visit.links()).containsKeys(base.resolve("jobs"), ours);
        checkJob(visit.links().get(ours));
        assertThat(visit.hrefs()).containsKey(ours);
        checkJob(visit.hrefs().get(ours));
    }

    @Test
    void aMasterThatIsShutDownGivesA503() throws Exception {
        Master stopped = Master.start(MasterConfig.fromConfiguration(new Configuration()));
        stopped.close();
        try (MasterWebServer other = MasterWebServer.start(stopped, "127.0.0.1", 0)) {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(other.url() + "jobs")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(JSON.readTree(response.body()).get("error").asText()).contains("shut down");
        }
    }

    private static HttpResponse<String> get(String relative) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(web.url() + relative)).timeout(Duration.ofSeconds(20)).GET().build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
