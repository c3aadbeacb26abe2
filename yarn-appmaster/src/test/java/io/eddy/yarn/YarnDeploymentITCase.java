package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobExecutionException;
import io.eddy.master.remote.ClusterClient;
import io.eddy.master.remote.RemoteExecutorFactory;
import io.eddy.master.remote.RemoteOptions;
import io.eddy.master.web.DashboardBrowser;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.yarn.client.YarnApplication;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeployment;
import io.eddy.yarn.client.YarnDeploymentException;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Eddy applications on Hadoop's MiniYARNCluster and MiniDFSCluster: real AM and worker container
 * processes started from the jars the client shipped (the test class path).
 */
@Timeout(600)
class YarnDeploymentITCase {

    private static final Logger LOG = LoggerFactory.getLogger(YarnDeploymentITCase.class);
    private static final Duration END_TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    static final MiniHadoopCluster CLUSTER = MiniHadoopCluster.shared();
    /** A staging root every user may read, so the NodeManager caches the shipped jars across the applications of this class. */
    private static final String STAGING_ROOT = "/eddy-staging";
    /** A system property the per-job application's worker JVMs get from {@code yarn.container-jvm-options}. */
    private static final String MARKER = "eddy.it.container-jvm-option";

    private static YarnClusterDeployer deployer;

    @TempDir
    Path temp;

    @BeforeAll
    static void connect() throws Exception {
        deployer = YarnClusterDeployer.connect(CLUSTER.hadoopConf(), new Configuration()
                .set(YarnOptions.AM_MEMORY, io.eddy.configuration.MemorySize.parse("320m"))
                .set(YarnOptions.CONTAINER_MEMORY, io.eddy.configuration.MemorySize.parse("384m"))
                .set(YarnOptions.STAGING_DIR, STAGING_ROOT)
                .set(YarnOptions.DEPLOY_TIMEOUT, Duration.ofSeconds(180)));
    }

    @AfterAll
    static void close() {
        if (deployer != null) {
            deployer.close();
        }
    }

    @Test
    void sessionRunsJobsReplacesAKilledWorkerAndStops() throws Exception {
        long start = System.nanoTime();
        YarnCluster session = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.SESSION, "it-session", List.of(),
                new Configuration().set(YarnOptions.CONTAINERS, 2)));
        long serving = System.nanoTime();
        try (ClusterClient client = ClusterClient.connect(session.master(), session.secret())) {
            List<WorkerRegistration> workers = client.awaitWorkers(2, Duration.ofSeconds(180));
            long registered = System.nanoTime();
            LOG.info("RESULT deploy() to AM serving: {} ms; to 2 workers registered: {} ms", (serving - start) / 1_000_000,
                    (registered - start) / 1_000_000);
            assertThat(workers).hasSize(2);
            assertThat(deployer.listSessions()).extracting(YarnApplication::applicationId).contains(session.applicationId());
            assertThat(CLUSTER.fileSystem().getFileStatus(new org.apache.hadoop.fs.Path(session.stagingDir())).getPermission().toShort())
                    .isEqualTo((short) 0700);
            assertThat(CLUSTER.fileSystem().getFileStatus(new org.apache.hadoop.fs.Path(session.stagingDir(), "eddy-secret")).getPermission()
                    .toShort()).isEqualTo((short) 0600);
            assertThat(runDoublingJob(session, 2)).isEqualTo(2L * (1000L * 1001 / 2));
            checkDashboardThroughTheProxy(session, "doubling");

            String victim = workers.get(0).id().toString();
            assertThat(CLUSTER.killContainerProcesses(victim)).isEqualTo(1);
            Set<String> replaced = awaitWorkersWithout(client, victim, 2, Duration.ofSeconds(180));
            assertThat(replaced).hasSize(2).doesNotContain(victim);
            assertThat(runDoublingJob(session, 2)).isEqualTo(2L * (1000L * 1001 / 2));

            client.shutdownCluster("stopped by the test");
        }
        assertThat(deployer.awaitFinalStatus(session.applicationId(), END_TIMEOUT)).isEqualTo("SUCCEEDED");
        assertThat(deployer.diagnostics(session.applicationId())).contains("stopped by the test");
        assertThat(CLUSTER.fileSystem().exists(new org.apache.hadoop.fs.Path(session.stagingDir()))).isFalse();
    }

    @Test
    void perJobApplicationEndsWithItsJob() throws Exception {
        YarnCluster ok = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.PER_JOB, "it-per-job", List.of(),
                new Configuration().set(YarnOptions.CONTAINER_JVM_OPTIONS, "-D" + MARKER + "=from-yarn.container-jvm-options")));
        assertThat(runDoublingJob(ok, 1, Map.of(MARKER, "from-yarn.container-jvm-options"))).isEqualTo(2L * (1000L * 1001 / 2));
        assertThat(deployer.awaitFinalStatus(ok.applicationId(), END_TIMEOUT)).isEqualTo("SUCCEEDED");
        assertThat(CLUSTER.fileSystem().exists(new org.apache.hadoop.fs.Path(ok.stagingDir()))).isFalse();

        YarnCluster failing = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.PER_JOB, "it-per-job-failing", List.of(), new Configuration()));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(remote(failing));
        env.setParallelism(1);
        env.generateSequence(1, 1000).map(new FailOn500()).addSink(v -> { });
        assertThatThrownBy(() -> env.execute("failing job")).isInstanceOf(JobExecutionException.class);
        assertThat(deployer.awaitFinalStatus(failing.applicationId(), END_TIMEOUT)).isEqualTo("FAILED");
        assertThat(deployer.diagnostics(failing.applicationId())).contains("user function rejected 500");
        assertThat(CLUSTER.fileSystem().exists(new org.apache.hadoop.fs.Path(failing.stagingDir()))).isFalse();
    }

    @Test
    void aSecondAttemptServesAfterTheAmDiesAndAKilledSessionLeavesNothingBehind() throws Exception {
        YarnCluster first = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.SESSION, "it-session-restart", List.of(), new Configuration()));
        String amContainer = first.applicationId().replace("application_", "container_") + "_01_000001";
        assertThat(CLUSTER.killContainerProcesses(amContainer)).as("the first attempt's AM process").isEqualTo(1);

        YarnCluster second = awaitNewAttempt(first, Duration.ofSeconds(180));
        assertThat(second.secret().toEncodedString()).isEqualTo(first.secret().toEncodedString());
        try (ClusterClient client = ClusterClient.connect(second.master(), second.secret())) {
            assertThat(client.awaitWorkers(1, Duration.ofSeconds(60))).as("a worker serves the second attempt (the first attempt's, or its own if none had started)").hasSize(1);
        }
        assertThat(runDoublingJob(second, 1)).isEqualTo(2L * (1000L * 1001 / 2));

        deployer.kill(second.applicationId());
        assertThat(deployer.awaitFinalStatus(second.applicationId(), END_TIMEOUT)).isEqualTo("KILLED");
        assertThat(CLUSTER.fileSystem().exists(new org.apache.hadoop.fs.Path(second.stagingDir()))).isFalse();
        assertThat(deployer.listSessions()).extracting(YarnApplication::applicationId).doesNotContain(second.applicationId());
    }

    /**
     * The application's dashboard as a user opens it from the ResourceManager's UI, through the RM's
     * web proxy at {@code http://<yarn.resourcemanager.webapp.address>/proxy/<appId>/}: the page
     * lists the job {@code jobName}, and every link of it and every JSON href answers 200 through the
     * proxy ({@link DashboardBrowser}), the job's own with its JSON.
     */
    private static void checkDashboardThroughTheProxy(YarnCluster application, String jobName) throws Exception {
        URI proxied = URI.create("http://" + CLUSTER.hadoopConf().get(YarnConfiguration.RM_WEBAPP_ADDRESS) + "/proxy/"
                + application.applicationId() + "/");
        // The reported tracking URL names the same path; its host and port are not used, as MiniYARNCluster reports port 0
        // there (the ResourceManager keeps the proxy address it computed before its web server bound an ephemeral port).
        LOG.info("Tracking URL {}; the dashboard through the ResourceManager's web proxy at {}", application.trackingUrl(), proxied);
        assertThat(URI.create(application.trackingUrl()).getPath()).isEqualTo(proxied.getPath());

        DashboardBrowser.Visit visit = DashboardBrowser.visit(proxied);

        assertThat(visit.html()).contains("<td>" + jobName + "</td>");
        JsonNode listed = visit.links().get(proxied.resolve("jobs"));
        assertThat(listed).as("the page's link to the jobs' JSON").isNotNull();
        String id = StreamSupport.stream(listed.get("jobs").spliterator(), false)
                .filter(j -> j.get("name").asText().equals(jobName)).findFirst()
                .orElseThrow(() -> new AssertionError("No job '" + jobName + "' in " + listed)).get("id").asText();
        URI job = proxied.resolve("jobs/" + id);
        assertThat(visit.links()).as("the page's links").containsKey(job);
        assertThat(visit.links().get(job).get("name").asText()).isEqualTo(jobName);
        assertThat(visit.hrefs()).as("the JSON hrefs").containsKey(job);
        assertThat(visit.hrefs().get(job).get("id").asText()).isEqualTo(id);

        // The dashboard through the proxy: its page, and the API its script reads with paths relative to the page.
        URI dashboard = proxied.resolve("dashboard/");
        assertThat(visit.pages()).as("the page's link to the dashboard").containsKey(dashboard);
        assertThat(visit.pages().get(dashboard)).contains("<script src=\"app.js\"></script>");
        HttpResponse<String> overview = HttpClient.newHttpClient().send(HttpRequest.newBuilder(dashboard.resolve("../api/overview")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(overview.statusCode()).as(overview.body()).isEqualTo(200);
        JsonNode o = new ObjectMapper().readTree(overview.body());
        assertThat(o.get("jobs").findValuesAsText("id")).contains(id);

        // Each worker container's log: its end through the master (and the proxy), and the NodeManager's page of the container's logs.
        assertThat(o.get("workers")).as("the session's workers").isNotEmpty();
        for (JsonNode worker : o.get("workers")) {
            String workerId = worker.get("id").asText();
            assertThat(worker.get("logFile").asText()).as("in the container's log directory").endsWith("/" + workerId + "/worker.log");
            String containerLogs = worker.get("logUrl").asText();
            assertThat(containerLogs).contains("/node/containerlogs/container_").endsWith("/" + System.getProperty("user.name"));
            HttpResponse<String> log = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(dashboard.resolve("../api/workers/" + workerId + "/log")).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(log.statusCode()).as(log.body()).isEqualTo(200);
            assertThat(log.body()).startsWith("== " + workerId + " on ").contains("Worker " + workerId + " started with");
            HttpResponse<String> nodeManager = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build().send(
                    HttpRequest.newBuilder(URI.create(containerLogs)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(nodeManager.statusCode()).as("the NodeManager's page of %s's logs", workerId).isEqualTo(200);
            assertThat(nodeManager.body()).as("the page lists the worker's log file").contains("/node/containerlogs/" + workerId + "/").contains("/worker.log/");
        }
    }

    /** Polls {@link YarnClusterDeployer#retrieve} until the application serves at another address than {@code before}. */
    private static YarnCluster awaitNewAttempt(YarnCluster before, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                YarnCluster now = deployer.retrieve(before.applicationId());
                if (!now.master().equals(before.master())) {
                    return now;
                }
            } catch (YarnDeploymentException e) {
                LOG.debug("Not serving yet: {}", e.getMessage());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("No second attempt of " + before.applicationId() + " served within " + timeout);
            }
            Thread.sleep(200); // the ResourceManager offers clients no notification of a new attempt
        }
    }

    @Test
    void invalidRequestsFailBeforeAnythingIsStagedOrStarted() throws Exception {
        // An application of an earlier test may still be shutting down on a loaded machine: this test's claim is that
        // it starts none, so it begins on an idle cluster.
        long idleBy = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (!CLUSTER.liveApplications().isEmpty() && System.nanoTime() < idleBy) {
            Thread.sleep(200); // the ResourceManager offers clients no notification of an application's end
        }
        assertThat(CLUSTER.liveApplications()).as("applications of earlier tests still running after 60 s").isEmpty();
        int appsBefore = CLUSTER.applications(org.apache.hadoop.yarn.api.records.YarnApplicationState.values()).size();
        assertThatThrownBy(() -> deployer.deploy(session(new Configuration().set(YarnOptions.QUEUE, "no-such-queue"))))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("'no-such-queue'").hasMessageContaining("--queue").hasMessageContaining("default");
        assertThatThrownBy(() -> deployer.deploy(session(new Configuration().set(YarnOptions.CONTAINER_MEMORY,
                io.eddy.configuration.MemorySize.parse("4g")))))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("4096 MB").hasMessageContaining("2048 MB").hasMessageContaining("--container-memory");
        assertThatThrownBy(() -> deployer.deploy(session(new Configuration().set(YarnOptions.AM_JVM_OPTIONS, "-Dx=$(id)"))))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("yarn.am-jvm-options").hasMessageContaining("'-Dx=$(id)'");
        Path missing = temp.resolve("missing-job.jar");
        assertThatThrownBy(() -> deployer.deploy(new YarnDeployment(YarnDeployment.Mode.PER_JOB, "it-missing-jar", List.of(missing),
                new Configuration())))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("does not exist");
        // The class path is resolved before the application is created: the ResourceManager hands out no application id meanwhile.
        int idBefore = newApplicationId();
        assertThatThrownBy(() -> deployer.deploy(session(new Configuration().set(YarnOptions.SHIP_MAX_ENTRY_SIZE,
                io.eddy.configuration.MemorySize.parse("1k")))))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("The class-path entry ").hasMessageContaining("is larger than eddy.yarn.ship.max-entry-size (1 KB)")
                .hasMessageContaining("nothing was uploaded");
        assertThat(newApplicationId()).as("application ids handed out by the ResourceManager").isEqualTo(idBefore + 1);
        assertThat(CLUSTER.liveApplications()).isEmpty();
        assertThat(stagedApplicationDirs()).isEmpty();
        assertThat(CLUSTER.applications(org.apache.hadoop.yarn.api.records.YarnApplicationState.values())).hasSize(appsBefore);

        org.apache.hadoop.conf.Configuration unreachable = CLUSTER.hadoopConf();
        unreachable.set(YarnConfiguration.RM_ADDRESS, "127.0.0.1:1");
        long start = System.nanoTime();
        assertThatThrownBy(() -> YarnClusterDeployer.connect(unreachable, new Configuration()))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("127.0.0.1:1").hasMessageContaining("yarn.resourcemanager.address");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(45));
    }

    /** The number of a new application id from the ResourceManager (an id only: no application is submitted). */
    private static int newApplicationId() throws Exception {
        return CLUSTER.yarnClient().createApplication().getNewApplicationResponse().getApplicationId().getId();
    }

    private static YarnDeployment session(Configuration settings) {
        return new YarnDeployment(YarnDeployment.Mode.SESSION, "it-invalid", List.of(), settings);
    }

    /** The application directories under the staging root (the shared jar cache {@code dist} left out). */
    private static List<String> stagedApplicationDirs() throws Exception {
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(STAGING_ROOT);
        if (!CLUSTER.fileSystem().exists(root)) {
            return List.of();
        }
        return java.util.Arrays.stream(CLUSTER.fileSystem().listStatus(root)).map(FileStatus::getPath).map(org.apache.hadoop.fs.Path::getName)
                .filter(name -> !name.equals("dist")).toList();
    }

    private Configuration remote(YarnCluster cluster) throws Exception {
        Path secretFile = Files.createTempFile(temp, "secret", "");
        cluster.secret().writeTo(secretFile);
        return new Configuration()
                .set(ExecutionOptions.TARGET, RemoteExecutorFactory.TARGET)
                .set(ExecutionOptions.MASTER_ADDRESS, HostPort.format(cluster.master()))
                .set(RemoteOptions.SECRET_FILE, secretFile.toString());
    }

    /** Runs 1..1000 doubled on the cluster and returns the sum of the collected results. */
    private long runDoublingJob(YarnCluster cluster, int parallelism) throws Exception {
        return runDoublingJob(cluster, parallelism, Map.of());
    }

    /**
     * Runs 1..1000 doubled on the cluster and returns the sum of the collected results; the workers'
     * JVMs must have the system properties {@code expectedProperties}, or the job fails.
     */
    private long runDoublingJob(YarnCluster cluster, int parallelism, Map<String, String> expectedProperties) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(remote(cluster));
        env.setParallelism(parallelism);
        long sum = 0;
        try (CloseableIterator<Long> it = env.generateSequence(1, 1000).map(new Doubler(expectedProperties)).executeAndCollect("doubling")) {
            while (it.hasNext()) {
                sum += it.next();
            }
        }
        return sum;
    }

    /** Polls the registered workers until {@code count} are there and {@code lost} is not among them. */
    private static Set<String> awaitWorkersWithout(ClusterClient client, String lost, int count, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Set<String> ids = client.awaitWorkers(count, Duration.ofSeconds(5)).stream().map(w -> w.id().toString()).collect(Collectors.toSet());
            if (ids.size() >= count && !ids.contains(lost)) {
                return ids;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("No replacement for worker " + lost + " registered within " + timeout + "; workers: " + ids);
            }
            Thread.sleep(200); // the master offers no notification of a replacement, only of a count reached
        }
    }

    static final class Doubler implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final Map<String, String> expectedProperties;

        Doubler(Map<String, String> expectedProperties) {
            this.expectedProperties = Map.copyOf(expectedProperties);
        }

        @Override
        public Long map(Long value) {
            expectedProperties.forEach((key, expected) -> {
                if (!expected.equals(System.getProperty(key))) {
                    throw new IllegalStateException("The worker's JVM has " + key + "=" + System.getProperty(key) + ", expected " + expected);
                }
            });
            return value * 2;
        }
    }

    static final class FailOn500 implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            if (value == 500) {
                throw new IllegalStateException("user function rejected 500");
            }
            return value;
        }
    }
}
