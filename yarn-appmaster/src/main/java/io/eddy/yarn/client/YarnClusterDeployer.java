package io.eddy.yarn.client;

import io.eddy.configuration.Configuration;
import io.eddy.master.Master;
import io.eddy.runtime.rpc.Secret;
import io.eddy.yarn.YarnOptions;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.client.util.YarnClientUtils;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deploys Eddy applications (an ApplicationMaster running the master; it starts the worker
 * containers) on a YARN cluster, finds running sessions, and stops applications (docs/yarn.md).
 *
 * <p>{@link #deploy} checks the request before anything is uploaded (jars exist, no shipped
 * class-path entry is larger than {@link YarnOptions#SHIP_MAX_ENTRY_SIZE}, the queue exists, memory
 * and vcores fit the cluster's largest container), stages the application, submits it and
 * waits until the AM serves; on any failure it kills the application and deletes its staging
 * directory, so nothing is left running or staged.
 *
 * <p>Threads: not thread-safe; one thread uses a deployer at a time. {@link #deploy} polls the
 * application report on the calling thread every 200 ms (the ResourceManager offers clients no
 * callback); interruption kills the application and ends the call.
 */
public final class YarnClusterDeployer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(YarnClusterDeployer.class);
    /** How long the client keeps trying to reach the ResourceManager before it reports it unreachable. */
    static final Duration RM_CONNECT_WAIT = Duration.ofSeconds(10);
    private static final Duration REPORT_POLL_INTERVAL = Duration.ofMillis(200);
    private static final EnumSet<YarnApplicationState> LIVE = EnumSet.of(YarnApplicationState.NEW, YarnApplicationState.NEW_SAVING,
            YarnApplicationState.SUBMITTED, YarnApplicationState.ACCEPTED, YarnApplicationState.RUNNING);
    private static final EnumSet<YarnApplicationState> ENDED = EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED,
            YarnApplicationState.KILLED);

    private final org.apache.hadoop.conf.Configuration hadoopConf;
    private final Configuration settings;
    private final YarnClient yarn;
    private final FileSystem fs;
    private final String rmAddress;

    private YarnClusterDeployer(org.apache.hadoop.conf.Configuration hadoopConf, Configuration settings, YarnClient yarn, FileSystem fs,
            String rmAddress) {
        this.hadoopConf = hadoopConf;
        this.settings = settings;
        this.yarn = yarn;
        this.fs = fs;
        this.rmAddress = rmAddress;
    }

    /**
     * Connects to the ResourceManager and the default file system of {@code hadoopConf}.
     *
     * @param settings Eddy settings ({@link YarnOptions}) every deployment starts from
     * @throws YarnDeploymentException if the ResourceManager cannot be reached within about {@link
     *     #RM_CONNECT_WAIT} (naming {@code yarn.resourcemanager.address}), or the file system not at all
     */
    public static YarnClusterDeployer connect(org.apache.hadoop.conf.Configuration hadoopConf, Configuration settings)
            throws YarnDeploymentException {
        YarnConfiguration clientConf = clientConfiguration(hadoopConf);
        String rmAddress = clientConf.get(YarnConfiguration.RM_ADDRESS, YarnConfiguration.DEFAULT_RM_ADDRESS);
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(clientConf);
        yarn.start();
        try {
            yarn.getYarnClusterMetrics();
        } catch (IOException | YarnException | RuntimeException e) {
            yarn.stop();
            throw new YarnDeploymentException("Cannot reach the YARN ResourceManager at " + rmAddress + " (yarn.resourcemanager.address) within "
                    + RM_CONNECT_WAIT.toSeconds() + " s: " + rootMessage(e) + ". Check that the ResourceManager runs and that HADOOP_CONF_DIR "
                    + "points at the cluster's configuration (yarn-site.xml)", e);
        }
        try {
            FileSystem fs = FileSystem.newInstance(hadoopConf);
            return new YarnClusterDeployer(hadoopConf, settings, yarn, fs, rmAddress);
        } catch (IOException | RuntimeException e) {
            yarn.stop();
            throw new YarnDeploymentException("Cannot open the cluster file system " + hadoopConf.get("fs.defaultFS") + " (fs.defaultFS): "
                    + rootMessage(e) + ". Check core-site.xml in HADOOP_CONF_DIR", e);
        }
    }

    /**
     * {@code hadoopConf} for a client of the ResourceManager that gives up within about {@link
     * #RM_CONNECT_WAIT} when it cannot reach it, instead of YARN's default of 15 minutes of retries
     * (times the IPC layer's own retries).
     */
    public static YarnConfiguration clientConfiguration(org.apache.hadoop.conf.Configuration hadoopConf) {
        YarnConfiguration clientConf = new YarnConfiguration(hadoopConf);
        clientConf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, RM_CONNECT_WAIT.toMillis());
        clientConf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 500);
        clientConf.setInt("ipc.client.connect.max.retries", 0);
        clientConf.setInt("ipc.client.connect.max.retries.on.timeouts", 0);
        clientConf.setInt("ipc.client.connect.timeout", 5_000);
        return clientConf;
    }

    /**
     * Deploys an application and waits until its AM serves (or {@link YarnOptions#DEPLOY_TIMEOUT}
     * passes). On failure nothing is left running or staged.
     */
    public YarnCluster deploy(YarnDeployment deployment) throws YarnDeploymentException {
        long start = System.nanoTime();
        Configuration merged = settings.merge(deployment.settings());
        int jobSlots = deployment.job() == null ? 0 : Master.requiredSlots(deployment.job());
        ContainerResources resources = ContainerResources.of(merged, jobSlots);
        List<String> amJvmOptions = checkJvmOptions(merged);
        checkUserJars(deployment.userJars());
        List<java.nio.file.Path> jars = jarsToShip(merged, deployment.userJars());
        String queue = merged.get(YarnOptions.QUEUE);
        checkQueue(queue);
        YarnClientApplication app = call("create an application", yarn::createApplication);
        Resource max = app.getNewApplicationResponse().getMaximumResourceCapability();
        resources.checkAgainstMaximum((int) max.getMemorySize(), max.getVirtualCores());
        checkCapacity(resources, jobSlots, queue);
        ApplicationId appId = app.getNewApplicationResponse().getApplicationId();
        Path stagingRoot = call("find the staging directory", () -> StagingLayout.stagingRoot(fs, merged));
        Path appDir = fs.makeQualified(StagingLayout.applicationDir(stagingRoot, appId.toString()));
        boolean submitted = false;
        try {
            Secret secret = Secret.generate();
            ApplicationStaging staging = new ApplicationStaging(fs, stagingRoot);
            ApplicationStaging.Staged staged = staging.stage(appId.toString(), jars, secret,
                    ApplicationStaging.amSettings(merged, resources, deployment.mode(), stagingRoot), hadoopConf);
            if (deployment.job() != null) {
                staging.stageJob(appId.toString(), deployment.job());
            }
            long stagedAt = System.nanoTime();
            ApplicationSubmissionContext context = app.getApplicationSubmissionContext();
            fillSubmissionContext(context, deployment, merged, resources, amJvmOptions, staged);
            yarn.submitApplication(context);
            submitted = true;
            LOG.info("Submitted {} '{}' ({}, queue {}) after {} ms (staging {} ms: {} jars uploaded, {} cached)", appId, deployment.name(),
                    deployment.mode().value(), queue, millisSince(start), (stagedAt - start) / 1_000_000, staged.jars().uploaded(),
                    staged.jars().cached());
            ApplicationReport report = awaitServing(appId, merged.get(YarnOptions.DEPLOY_TIMEOUT), resources, queue);
            LOG.info("Application {}: the ApplicationMaster serves at {}:{} {} ms after deploy() started", appId, report.getHost(),
                    report.getRpcPort(), millisSince(start));
            return new YarnCluster(appId.toString(), new InetSocketAddress(report.getHost(), report.getRpcPort()), secret, appDir.toString(),
                    trackingUrl(report));
        } catch (IOException | YarnException e) {
            abort(appId, submitted, appDir, e);
            throw new YarnDeploymentException("Cannot deploy '" + deployment.name() + "' (" + appId + ") on YARN: " + rootMessage(e), e);
        } catch (InterruptedException e) {
            abort(appId, submitted, appDir, e);
            Thread.currentThread().interrupt();
            throw new YarnDeploymentException("Deploying " + appId + " was interrupted; the application was killed", e);
        } catch (YarnDeploymentException | RuntimeException e) {
            abort(appId, submitted, appDir, e);
            throw e;
        }
    }

    /**
     * The AM's JVM options; fails before anything is staged if they or the workers' (which the AM
     * reads from the same settings) would not go on a command line.
     */
    private static List<String> checkJvmOptions(Configuration merged) throws YarnDeploymentException {
        try {
            ContainerJvmOptions.worker(merged);
            return ContainerJvmOptions.am(merged);
        } catch (IllegalArgumentException e) {
            throw new YarnDeploymentException(e.getMessage(), e);
        }
    }

    private void fillSubmissionContext(ApplicationSubmissionContext context, YarnDeployment deployment, Configuration merged,
            ContainerResources resources, List<String> amJvmOptions, ApplicationStaging.Staged staged) throws IOException {
        ContainerLaunchContext am = LaunchContexts.launchContext(staged.shippedFiles(), staged.publicFiles(),
                Map.of(StagingLayout.APP_DIR_ENVIRONMENT_VARIABLE, staged.applicationDir().toString()),
                new LaunchContexts.JavaCommand(resources.amMemoryMb(), "am", LaunchContexts.APPLICATION_MASTER_MAIN, amJvmOptions, List.of()));
        if (UserGroupInformation.isSecurityEnabled()) {
            am.setTokens(fileSystemTokens());
        }
        context.setApplicationName(deployment.name());
        context.setApplicationType(StagingLayout.APPLICATION_TYPE);
        context.setApplicationTags(Set.of(deployment.mode().tag()));
        context.setQueue(merged.get(YarnOptions.QUEUE));
        context.setResource(Resource.newInstance(resources.amMemoryMb(), 1));
        context.setMaxAppAttempts(merged.get(YarnOptions.APPLICATION_ATTEMPTS));
        // Worker containers outlive an AM attempt and serve the next (docs/yarn.md, "AM restart").
        context.setKeepContainersAcrossApplicationAttempts(merged.get(YarnOptions.APPLICATION_ATTEMPTS) > 1);
        context.setAMContainerSpec(am);
    }

    /** Delegation tokens of the staging file system for the AM, renewable by the ResourceManager (Kerberos clusters only). */
    private ByteBuffer fileSystemTokens() throws IOException {
        Credentials credentials = new Credentials();
        fs.addDelegationTokens(YarnClientUtils.getRmPrincipal(hadoopConf), credentials);
        try (DataOutputBuffer buffer = new DataOutputBuffer()) {
            credentials.writeTokenStorageToStream(buffer);
            return ByteBuffer.wrap(buffer.getData(), 0, buffer.getLength());
        }
    }

    private ApplicationReport awaitServing(ApplicationId appId, Duration timeout, ContainerResources resources, String queue)
            throws IOException, YarnException, InterruptedException, YarnDeploymentException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ApplicationReport report = yarn.getApplicationReport(appId);
            YarnApplicationState state = report.getYarnApplicationState();
            if (state == YarnApplicationState.RUNNING && report.getRpcPort() > 0 && report.getHost() != null && !"N/A".equals(report.getHost())) {
                return report;
            }
            if (ENDED.contains(state)) {
                throw new YarnDeploymentException("The ApplicationMaster of " + appId + " ended (" + state + ", " + report.getFinalApplicationStatus()
                        + ") before it served: " + report.getDiagnostics().trim() + ". See its log with 'yarn logs -applicationId " + appId + "'");
            }
            if (System.nanoTime() > deadline) {
                throw new YarnDeploymentException("The ApplicationMaster of " + appId + " did not serve within " + timeout.toSeconds()
                        + " s (eddy." + YarnOptions.DEPLOY_TIMEOUT.key() + "); it was " + state + (report.getDiagnostics().isBlank() ? "" : ": "
                        + report.getDiagnostics().trim()) + ". If its container never started, the cluster has no room for " + resources.amMemoryMb()
                        + " MB in queue '" + queue + "' (free resources); if it started, see its log (yarn logs -applicationId " + appId
                        + "). A slow cluster may need a larger eddy." + YarnOptions.DEPLOY_TIMEOUT.key());
            }
            TimeUnit.MILLISECONDS.sleep(REPORT_POLL_INTERVAL.toMillis());
        }
    }

    /**
     * The running session (or per-job application) {@code applicationId}: the master's address from
     * the application report, the secret from {@code <staging>/<appId>/eddy-secret}.
     */
    public YarnCluster retrieve(String applicationId) throws YarnDeploymentException {
        ApplicationId appId = parseApplicationId(applicationId);
        ApplicationReport report = report(appId);
        if (!StagingLayout.APPLICATION_TYPE.equals(report.getApplicationType())) {
            throw new YarnDeploymentException("Application " + applicationId + " is not an Eddy application (its type is "
                    + report.getApplicationType() + "): list Eddy sessions with 'eddy yarn-session list'");
        }
        if (report.getYarnApplicationState() != YarnApplicationState.RUNNING || report.getRpcPort() <= 0) {
            throw new YarnDeploymentException("Application " + applicationId + " is " + report.getYarnApplicationState()
                    + (ENDED.contains(report.getYarnApplicationState()) ? " (" + report.getFinalApplicationStatus() + ")" : "")
                    + ", not serving: start a session with 'eddy yarn-session start' or wait until it runs");
        }
        Path stagingRoot = call("find the staging directory", () -> StagingLayout.stagingRoot(fs, settings));
        Path appDir = StagingLayout.applicationDir(stagingRoot, applicationId);
        Path secretFile = new Path(appDir, StagingLayout.SECRET_FILE);
        Secret secret;
        try (InputStream in = fs.open(secretFile)) {
            secret = Secret.fromEncodedString(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        } catch (FileNotFoundException e) {
            throw new YarnDeploymentException("The secret of " + applicationId + " is not at " + secretFile + ": the session was started by "
                    + "another user or with another eddy." + YarnOptions.STAGING_DIR.key() + "; use the same one", e);
        } catch (IOException | IllegalArgumentException e) {
            throw new YarnDeploymentException("Cannot read the secret of " + applicationId + " from " + secretFile + ": " + rootMessage(e)
                    + ". Only the user who started the session can read it", e);
        }
        return new YarnCluster(applicationId, new InetSocketAddress(report.getHost(), report.getRpcPort()), secret,
                fs.makeQualified(appDir).toString(), trackingUrl(report));
    }

    /** The Eddy sessions not yet ended (tag {@code eddy-session}). */
    public List<YarnApplication> listSessions() throws YarnDeploymentException {
        List<ApplicationReport> reports = call("list the sessions", () -> yarn.getApplications(Set.of(StagingLayout.APPLICATION_TYPE), LIVE,
                Set.of(YarnDeployment.Mode.SESSION.tag())));
        return reports.stream()
                .map(r -> new YarnApplication(r.getApplicationId().toString(), r.getName(), r.getYarnApplicationState().name(), trackingUrl(r)))
                .toList();
    }

    /**
     * Waits until the application has ended and returns its final status: {@code SUCCEEDED},
     * {@code FAILED} or {@code KILLED}.
     */
    public String awaitFinalStatus(String applicationId, Duration timeout) throws YarnDeploymentException {
        return awaitEnd(applicationId, timeout).getFinalApplicationStatus().name();
    }

    /**
     * The application's report as the ResourceManager gives it now (state, final status,
     * diagnostics, current attempt, the AM's host and RPC port once it registered), e.g. for a
     * client that follows its job into a new AM attempt.
     */
    public ApplicationReport applicationReport(String applicationId) throws YarnDeploymentException {
        return report(parseApplicationId(applicationId));
    }

    /** The diagnostics the ResourceManager reports for the application (e.g. an ended job's summary). */
    public String diagnostics(String applicationId) throws YarnDeploymentException {
        return report(parseApplicationId(applicationId)).getDiagnostics();
    }

    private ApplicationReport awaitEnd(String applicationId, Duration timeout) throws YarnDeploymentException {
        ApplicationId appId = parseApplicationId(applicationId);
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                ApplicationReport report = report(appId);
                if (ENDED.contains(report.getYarnApplicationState())) {
                    return report;
                }
                if (System.nanoTime() > deadline) {
                    throw new YarnDeploymentException("Application " + applicationId + " did not end within " + timeout.toSeconds() + " s (it is "
                            + report.getYarnApplicationState() + "): stop it with 'eddy yarn-session stop " + applicationId + "' or wait longer");
                }
                TimeUnit.MILLISECONDS.sleep(REPORT_POLL_INTERVAL.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new YarnDeploymentException("Interrupted while waiting for " + applicationId + " to end", e);
        }
    }

    /** Kills the application (if it still runs) and deletes its staging directory. */
    public void kill(String applicationId) throws YarnDeploymentException {
        ApplicationId appId = parseApplicationId(applicationId);
        report(appId);
        call("kill " + applicationId, () -> {
            yarn.killApplication(appId);
            return null;
        });
        Path stagingRoot = call("find the staging directory", () -> StagingLayout.stagingRoot(fs, settings));
        Path appDir = StagingLayout.applicationDir(stagingRoot, applicationId);
        call("delete " + appDir, () -> fs.delete(appDir, true));
        LOG.info("Killed {} and deleted {}", applicationId, appDir);
    }

    private ApplicationReport report(ApplicationId appId) throws YarnDeploymentException {
        try {
            return yarn.getApplicationReport(appId);
        } catch (ApplicationNotFoundException e) {
            throw new YarnDeploymentException("The ResourceManager at " + rmAddress + " knows no application " + appId
                    + ": check the id (list sessions with 'eddy yarn-session list')", e);
        } catch (IOException | YarnException e) {
            throw new YarnDeploymentException("Cannot get the report of " + appId + " from the ResourceManager at " + rmAddress + ": "
                    + rootMessage(e), e);
        }
    }

    private static ApplicationId parseApplicationId(String applicationId) throws YarnDeploymentException {
        try {
            return ApplicationId.fromString(applicationId);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new YarnDeploymentException("'" + applicationId + "' is not a YARN application id (expected: application_<cluster timestamp>_<number>, "
                    + "e.g. application_1700000000000_0001)", e);
        }
    }

    private static void checkUserJars(List<java.nio.file.Path> jars) throws YarnDeploymentException {
        for (java.nio.file.Path jar : jars) {
            if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
                throw new YarnDeploymentException("The jar " + jar.toAbsolutePath() + " does not exist or is not a readable file: check the path "
                        + "of the job jar (nothing was uploaded)");
            }
        }
    }

    /**
     * Fails before anything is staged when the job (or the containers asked for) can never fit the
     * cluster and queue ({@link ClusterCapacity}, memory only: the client does not know whether the
     * scheduler counts vcores) or {@code yarn.max-containers}.
     */
    private void checkCapacity(ContainerResources resources, int jobSlots, String queue) throws YarnDeploymentException {
        ClusterCapacity capacity = call("ask for the cluster's size", () -> ClusterCapacity.query(yarn, queue, resources, false));
        LOG.info("YARN can hold at most {} worker containers of this application: {}", capacity.maxContainers(), capacity.explanation());
        Optional<String> jobMisfit = resources.whyJobCannotFit(jobSlots, capacity);
        if (jobMisfit.isPresent()) {
            throw new YarnDeploymentException(jobMisfit.get() + "; nothing was submitted to YARN");
        }
        if (resources.containers() > capacity.maxContainers()) {
            throw new YarnDeploymentException(resources.containers() + " worker containers (--containers / eddy." + YarnOptions.CONTAINERS.key()
                    + ") of " + resources.containerMemoryMb() + " MB are more than YARN can ever hold for this application ("
                    + capacity.maxContainers() + ": " + capacity.explanation() + "): lower --containers or --container-memory, or choose a"
                    + " larger queue (--queue); nothing was submitted to YARN");
        }
    }

    /**
     * What the client's class path ships ({@link ShippedClassPath}: directories packed, each entry
     * within {@link YarnOptions#SHIP_MAX_ENTRY_SIZE}) followed by the job's jars, which are not
     * limited; resolved before anything is created on YARN, so a refused entry leaves nothing behind.
     */
    private static List<java.nio.file.Path> jarsToShip(Configuration merged, List<java.nio.file.Path> userJars) throws YarnDeploymentException {
        List<java.nio.file.Path> jars;
        try {
            jars = new ArrayList<>(ShippedClassPath.ofThisJvm(merged.get(YarnOptions.SHIP_MAX_ENTRY_SIZE)).jars());
        } catch (IOException e) {
            throw new YarnDeploymentException("Cannot read the client's class path to ship it: " + rootMessage(e) + "; nothing was uploaded", e);
        }
        jars.addAll(userJars);
        return jars;
    }

    private void checkQueue(String queue) throws YarnDeploymentException {
        QueueInfo info;
        try {
            info = yarn.getQueueInfo(queue);
        } catch (IOException | YarnException e) {
            throw unknownQueue(queue, rootMessage(e), e);
        }
        if (info == null) {
            throw unknownQueue(queue, "no such queue", null);
        }
    }

    private YarnDeploymentException unknownQueue(String queue, String why, Throwable cause) {
        String known;
        try {
            known = String.join(", ", yarn.getAllQueues().stream().map(QueueInfo::getQueueName).sorted().toList());
        } catch (IOException | YarnException e) {
            known = "(cannot list them: " + rootMessage(e) + ")";
        }
        return new YarnDeploymentException("The YARN queue '" + queue + "' (eddy." + YarnOptions.QUEUE.key() + ") is not known to the ResourceManager at "
                + rmAddress + " (" + why + "): choose one of its queues with --queue: " + known, cause);
    }

    /** Kills a submitted application and deletes its staging directory after a failed deployment; adds cleanup failures to {@code failure}. */
    private void abort(ApplicationId appId, boolean submitted, Path appDir, Throwable failure) {
        if (submitted) {
            try {
                yarn.killApplication(appId, "deployment failed: " + failure.getMessage());
                LOG.info("Killed {} after its deployment failed", appId);
            } catch (IOException | YarnException | RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
        try {
            fs.delete(appDir, true);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private static String trackingUrl(ApplicationReport report) {
        String url = report.getTrackingUrl();
        return url == null || "N/A".equals(url) ? "" : url;
    }

    private static long millisSince(long nanoTime) {
        return (System.nanoTime() - nanoTime) / 1_000_000;
    }

    private interface YarnCall<T> {
        T call() throws IOException, YarnException;
    }

    private <T> T call(String what, YarnCall<T> call) throws YarnDeploymentException {
        try {
            return call.call();
        } catch (IOException | YarnException e) {
            throw new YarnDeploymentException("Cannot " + what + " (ResourceManager " + rmAddress + ", file system " + fs.getUri() + "): "
                    + rootMessage(e), e);
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return t == e ? message : e.getMessage() + " (" + message + ")";
    }

    /** Stops the YARN client and closes this deployer's file system instance; running applications keep running. */
    @Override
    public void close() {
        yarn.stop();
        try {
            fs.close();
        } catch (IOException e) {
            LOG.warn("Closing the file system {} failed: {}", fs.getUri(), e.getMessage());
        }
    }
}
