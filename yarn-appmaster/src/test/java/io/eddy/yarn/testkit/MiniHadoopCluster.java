package io.eddy.yarn.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hadoop's own {@link MiniDFSCluster} (one DataNode) and {@link MiniYARNCluster} (one
 * ResourceManager, {@code nodeManagers} NodeManagers) in the test JVM, for one test class:
 * register it as a static {@code @RegisterExtension} field. Containers are real processes started
 * by the NodeManagers.
 *
 * <p>{@link #hadoopConf()} is what a client on this cluster reads from {@code HADOOP_CONF_DIR}:
 * the ResourceManager's bound addresses and {@code fs.defaultFS} pointing at the mini HDFS, also
 * written as {@code core-site.xml}, {@code hdfs-site.xml} and {@code yarn-site.xml} into {@link
 * #confDir()}.
 *
 * <p>Settings chosen for tests on a small machine: containers from 128 MB, no virtual-memory check
 * (a JVM reserves far more address space than it uses; physical memory is still checked), logs
 * not retained after the NodeManager stops, disks considered healthy up to 99% full, and the test
 * JVM's {@code java.home} as containers' {@code JAVA_HOME} (a NodeManager hands containers none
 * unless its own environment has one). After the class, any container process of this cluster
 * still alive is killed.
 *
 * <p>{@link #shared()} is one cluster for all YARN test classes of the JVM (surefire runs a
 * module's classes one after another in one JVM): started by the first class that uses it, stopped
 * (and its directory deleted) when the test engine has run the last class. It saves each further
 * class the cluster's start and, above all, the NodeManager's first localization of the ~230
 * shipped jars of a test class path (tens of seconds on two cores). Classes using it must not
 * assume they are its only users over time: name their applications and HDFS paths uniquely.
 */
public final class MiniHadoopCluster implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

    /** A worker container's {@code --name <container id>} on its command line. */
    private static final Pattern WORKER_NAME = Pattern.compile("--name (container_\\S+)");

    private static final Logger LOG = LoggerFactory.getLogger(MiniHadoopCluster.class);

    private final int nodeManagers;
    private final int nodeManagerMemoryMb;
    private final int maxContainerMemoryMb;
    private final int amMaxAttempts;
    private final boolean withYarn;
    private final Map<String, String> extra;

    /** The JVM's shared cluster ({@link #shared()}), null until first asked for. Guarded by the class. */
    private static MiniHadoopCluster shared;

    private boolean isShared;
    private Path baseDir;
    private MiniDFSCluster dfs;
    private MiniYARNCluster yarn;
    private Configuration conf;
    private Path confDir;
    private YarnClient yarnClient;

    private MiniHadoopCluster(Builder b) {
        this.nodeManagers = b.nodeManagers;
        this.nodeManagerMemoryMb = b.nodeManagerMemoryMb;
        this.maxContainerMemoryMb = b.maxContainerMemoryMb;
        this.amMaxAttempts = b.amMaxAttempts;
        this.withYarn = b.withYarn;
        this.extra = Map.copyOf(b.extra);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The cluster shared by the YARN test classes of this JVM, with the defaults of {@link Builder}
     * plus: container directories and logs kept for 10 minutes after an application ends (tests
     * read the logs of ended containers; failures can be diagnosed under {@code target/test/data}),
     * 12 localizer threads (a test class path is ~230 jars), and HDFS clients that ask from 20 ms
     * on (instead of 400 ms) whether the last block of a file they close is complete (checkpoint
     * metadata and committed part files are closed often).
     */
    public static synchronized MiniHadoopCluster shared() {
        if (shared == null) {
            shared = builder()
                    .set(YarnConfiguration.DEBUG_NM_DELETE_DELAY_SEC, "600")
                    .set(YarnConfiguration.NM_LOCALIZER_FETCH_THREAD_COUNT, "12")
                    .set("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "20")
                    .set("dfs.client.block.write.locateFollowingBlock.retries", "10")
                    .build();
            shared.isShared = true;
        }
        return shared;
    }

    /** HDFS and YARN with the defaults of {@link Builder}. */
    public static MiniHadoopCluster withDefaults() {
        return builder().build();
    }

    /** Options of the mini cluster. */
    public static final class Builder {
        private int nodeManagers = 1;
        private int nodeManagerMemoryMb = 6144;
        private int maxContainerMemoryMb = 2048;
        private int amMaxAttempts = 2;
        private boolean withYarn = true;
        private final Map<String, String> extra = new java.util.HashMap<>();

        public Builder nodeManagers(int n) {
            this.nodeManagers = n;
            return this;
        }

        /** Memory each NodeManager offers (default 6144 MB). */
        public Builder nodeManagerMemoryMb(int mb) {
            this.nodeManagerMemoryMb = mb;
            return this;
        }

        /** {@code yarn.scheduler.maximum-allocation-mb} (default 2048). */
        public Builder maxContainerMemoryMb(int mb) {
            this.maxContainerMemoryMb = mb;
            return this;
        }

        /** {@code yarn.resourcemanager.am.max-attempts} (default 2). */
        public Builder amMaxAttempts(int attempts) {
            this.amMaxAttempts = attempts;
            return this;
        }

        /** Only HDFS, no YARN. */
        public Builder hdfsOnly() {
            this.withYarn = false;
            return this;
        }

        /** Any further Hadoop setting. */
        public Builder set(String key, String value) {
            extra.put(key, value);
            return this;
        }

        public MiniHadoopCluster build() {
            return new MiniHadoopCluster(this);
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (!isShared) {
            start(context.getRequiredTestClass().getSimpleName());
            return;
        }
        synchronized (MiniHadoopCluster.class) {
            if (dfs == null) {
                start("shared");
                // Stopped when the test engine ends, not from a JVM shutdown hook: once the JVM shuts down, Hadoop refuses to
                // remove its own shutdown hooks, so stopping the DataNode throws and its directory would stay behind.
                context.getRoot().getStore(ExtensionContext.Namespace.create(MiniHadoopCluster.class)).put("shared", this);
            }
        }
    }

    /** Starts the cluster outside JUnit (e.g. in a benchmark); {@link #close()} stops it. */
    public MiniHadoopCluster start(String name) throws Exception {
        baseDir = Files.createTempDirectory("eddy-mini-hadoop-" + name + "-");
        long start = System.nanoTime();
        Configuration base = new Configuration();
        base.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, baseDir.resolve("dfs").toString());
        extra.forEach(base::set);
        dfs = new MiniDFSCluster.Builder(base).numDataNodes(1).build();
        dfs.waitClusterUp();
        conf = new Configuration(dfs.getConfiguration(0));
        conf.set("fs.defaultFS", dfs.getURI().toString());
        if (withYarn) {
            startYarn(name);
        }
        confDir = Files.createDirectories(baseDir.resolve("conf"));
        Configuration site = siteSettings(conf);
        for (String file : List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml")) {
            try (OutputStream out = Files.newOutputStream(confDir.resolve(file))) {
                site.writeXml(out);
            }
        }
        LOG.info("Mini Hadoop cluster for {} up in {} ms: HDFS {}, YARN {}", name, (System.nanoTime() - start) / 1_000_000,
                dfs.getURI(), withYarn ? conf.get(YarnConfiguration.RM_ADDRESS) : "off");
        return this;
    }

    /**
     * What a real cluster's site files hold: the settings of {@code conf} that are not simply a
     * {@code *-default.xml} value. Writing all of them would also write the defaults of every
     * resource loaded so far (MapReduce's {@code mapreduce.framework.name=local} among them), and a
     * client reading these files would take them over its own {@code mapred-site.xml}.
     */
    private static Configuration siteSettings(Configuration conf) {
        Configuration site = new Configuration(false);
        for (Map.Entry<String, String> entry : conf) {
            String[] sources = conf.getPropertySources(entry.getKey());
            if (sources == null || sources.length == 0 || !sources[sources.length - 1].endsWith("-default.xml")) {
                site.set(entry.getKey(), entry.getValue());
            }
        }
        return site;
    }

    private void startYarn(String name) {
        synchronized (MiniHadoopCluster.class) {
            if (!isShared && shared != null && shared.yarn != null) {
                // The ResourceManager keeps its cluster time stamp in a static field: a second RM in this JVM makes the shared
                // cluster's NodeManager reject every new container as "allocated by a previous RM".
                throw new IllegalStateException("A second MiniYARNCluster in this JVM would break the shared one: use MiniHadoopCluster.shared()"
                        + " (or hdfsOnly() for a cluster without YARN)");
            }
        }
        YarnConfiguration yc = new YarnConfiguration(conf);
        yc.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        yc.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, maxContainerMemoryMb);
        yc.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, 4);
        yc.setInt(YarnConfiguration.NM_PMEM_MB, nodeManagerMemoryMb);
        yc.setInt("yarn.minicluster.yarn.nodemanager.resource.memory-mb", nodeManagerMemoryMb);
        yc.setInt(YarnConfiguration.NM_VCORES, 8);
        yc.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        yc.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 0);
        yc.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.0f);
        yc.setInt(YarnConfiguration.RM_AM_MAX_ATTEMPTS, amMaxAttempts);
        // A container's completion reaches the AM within ~1 s instead of the default heartbeat of 1 s plus scheduling delays.
        yc.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, 250);
        yc.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
        extra.forEach(yc::set);
        yarn = new MiniYARNCluster(name, 1, nodeManagers, 1, 1);
        yarn.init(yc);
        yarn.start();
        // The RM's real (ephemeral) addresses are only known after start.
        conf = new Configuration(yarn.getConfig());
        conf.set("fs.defaultFS", dfs.getURI().toString());
        yarnClient = YarnClient.createYarnClient();
        yarnClient.init(new YarnConfiguration(conf));
        yarnClient.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (isShared) {
            // A failed test may leave its application running: end it, so the next class starts on an idle cluster.
            for (ApplicationReport app : liveApplications()) {
                LOG.warn("Killing application {} ('{}') left running by {}", app.getApplicationId(), app.getName(),
                        context.getRequiredTestClass().getSimpleName());
                try {
                    yarnClient.killApplication(app.getApplicationId());
                } catch (YarnException | IOException e) {
                    LOG.warn("Could not kill {}: {}", app.getApplicationId(), e.toString());
                }
            }
            killLeftoverContainers();
        } else {
            close();
        }
    }

    /** Stops YARN (killing container processes left behind) and HDFS. */
    @Override
    public void close() {
        try {
            if (yarnClient != null) {
                yarnClient.stop();
            }
            if (yarn != null) {
                yarn.stop();
            }
            killLeftoverContainers();
            if (dfs != null) {
                dfs.shutdown(true);
            }
        } finally {
            deleteBaseDirectory();
            yarnClient = null;
            yarn = null;
            dfs = null;
            baseDir = null;
            conf = null;
            confDir = null;
        }
    }

    private void deleteBaseDirectory() {
        if (baseDir == null) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.walk(baseDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            LOG.warn("Could not delete the mini cluster's directory {}: {}", baseDir, e.toString());
        }
    }

    /** The configuration a client of this cluster uses (a copy: change it freely). */
    public Configuration hadoopConf() {
        return new Configuration(requireStarted(conf));
    }

    /** A directory with {@code core-site.xml}, {@code hdfs-site.xml}, {@code yarn-site.xml}: a {@code HADOOP_CONF_DIR}. */
    public Path confDir() {
        return requireStarted(confDir);
    }

    /** The mini HDFS (a shared instance: do not close it). */
    public FileSystem fileSystem() {
        try {
            return requireStarted(dfs).getFileSystem();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code hdfs://host:port} of the mini HDFS. */
    public String hdfsUri() {
        return requireStarted(dfs).getURI().toString();
    }

    public MiniDFSCluster dfs() {
        return requireStarted(dfs);
    }

    public MiniYARNCluster yarn() {
        return requireYarn();
    }

    /** A started YARN client of this cluster (shared: do not stop it). */
    public YarnClient yarnClient() {
        requireYarn();
        return yarnClient;
    }

    /** The applications the ResourceManager knows in any of {@code states}. */
    public List<ApplicationReport> applications(YarnApplicationState... states) {
        try {
            return yarnClient().getApplications(EnumSet.copyOf(List.of(states)));
        } catch (YarnException | IOException e) {
            throw new IllegalStateException("Cannot list the applications of the mini YARN cluster", e);
        }
    }

    /** The applications not yet ended (NEW .. RUNNING). */
    public List<ApplicationReport> liveApplications() {
        return applications(YarnApplicationState.NEW, YarnApplicationState.NEW_SAVING, YarnApplicationState.SUBMITTED,
                YarnApplicationState.ACCEPTED, YarnApplicationState.RUNNING);
    }

    /**
     * The JVM processes of containers whose command line contains {@code fragment} (a container
     * id, an application id, a main class name): the NodeManager's launch shells are left out.
     * Container log directories contain the application and container ids, and Eddy puts the log
     * directory on every container's command line.
     */
    public List<ProcessHandle> containerProcesses(String fragment) {
        List<ProcessHandle> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(p -> {
            Optional<String> line = p.info().commandLine();
            Optional<String> command = p.info().command();
            if (line.isPresent() && line.get().contains(fragment) && command.isPresent() && command.get().endsWith("java")
                    && p.pid() != ProcessHandle.current().pid()) {
                found.add(p);
            }
        });
        return found;
    }

    /**
     * The container id of {@code appId}'s worker JVM with process id {@code pid} (Eddy puts {@code
     * --name <container id>} on a worker's command line); fails if no worker container process of
     * {@code appId} has that pid.
     */
    public String workerContainerOf(long pid, String appId) {
        ProcessHandle worker = containerProcesses(appId).stream().filter(p -> p.pid() == pid).findFirst()
                .orElseThrow(() -> new AssertionError("No container process of " + appId + " has pid " + pid));
        return workerContainerId(worker).orElseThrow(() -> new AssertionError("Process " + pid + " of " + appId
                + " is no worker container (no --name): " + worker.info().commandLine().orElse("?")));
    }

    /** The container ids of the worker JVMs whose command line contains {@code fragment} (e.g. an AM attempt's container id prefix). */
    public Set<String> workerContainerIds(String fragment) {
        Set<String> ids = new TreeSet<>();
        for (ProcessHandle p : containerProcesses(fragment)) {
            workerContainerId(p).ifPresent(ids::add);
        }
        return ids;
    }

    private static Optional<String> workerContainerId(ProcessHandle process) {
        Matcher name = WORKER_NAME.matcher(process.info().commandLine().orElse(""));
        return name.find() ? Optional.of(name.group(1)) : Optional.empty();
    }

    /**
     * The lines of the files in {@code dir} on HDFS, which must all be committed parts of a file
     * sink ({@code part-<subtask>-<n>}: nothing in progress or pending left).
     */
    public List<String> committedPartLines(String dir) throws IOException {
        FileSystem fs = fileSystem();
        FileStatus[] files = fs.listStatus(new org.apache.hadoop.fs.Path(dir));
        assertThat(files).as("files in %s", dir).isNotEmpty()
                .allMatch(f -> f.getPath().getName().matches("part-\\d+-\\d+"), "committed parts (part-<subtask>-<n>) only");
        List<String> lines = new ArrayList<>();
        for (FileStatus file : files) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            }
        }
        return lines;
    }

    /**
     * The {@code key,sum} lines of the files in {@code dir} on HDFS (those not starting with {@code _}
     * or {@code .}) as a map; a key found twice fails.
     */
    public Map<String, Long> readCsvSums(org.apache.hadoop.fs.Path dir) throws IOException {
        Map<String, Long> sums = new TreeMap<>();
        for (FileStatus file : fileSystem().listStatus(dir)) {
            String fileName = file.getPath().getName();
            if (fileName.startsWith("_") || fileName.startsWith(".")) {
                continue;
            }
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fileSystem().open(file.getPath()), StandardCharsets.UTF_8))) {
                for (String line; (line = reader.readLine()) != null; ) {
                    String[] fields = line.split(",");
                    if (sums.put(fields[0], Long.parseLong(fields[1])) != null) {
                        throw new AssertionError("Key " + fields[0] + " appears more than once in " + dir);
                    }
                }
            }
        }
        return sums;
    }

    /** Kills (SIGKILL) the JVM processes matching {@code fragment} and waits for them to end; returns how many. */
    public int killContainerProcesses(String fragment) {
        List<ProcessHandle> victims = containerProcesses(fragment);
        for (ProcessHandle p : victims) {
            p.destroyForcibly();
        }
        for (ProcessHandle p : victims) {
            try {
                p.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("Process " + p.pid() + " (" + fragment + ") did not end within 30 s of SIGKILL", e);
            }
        }
        return victims.size();
    }

    /** The id of the one application named {@code name} the ResourceManager knows, in any state (name applications uniquely). */
    public String applicationIdNamed(String name) {
        List<ApplicationReport> apps = applications(YarnApplicationState.values()).stream().filter(a -> a.getName().equals(name)).toList();
        if (apps.size() != 1) {
            throw new AssertionError(apps.size() + " applications are named '" + name + "' (expected: exactly 1): "
                    + apps.stream().map(a -> a.getApplicationId().toString()).toList());
        }
        return apps.get(0).getApplicationId().toString();
    }

    /**
     * The log file {@code fileName} (e.g. {@code am.log}) of container {@code containerId}, in the
     * log directories of the NodeManagers ({@code <log dir>/<appId>/<containerId>/}; the shared
     * cluster keeps them after the container ends).
     */
    public Path containerLog(String containerId, String fileName) {
        List<Path> candidates = containerLogCandidates(containerId, fileName);
        return findContainerLog(containerId, fileName).orElseThrow(() -> new AssertionError("No " + fileName + " of " + containerId
                + " in the NodeManagers' log directories: " + candidates));
    }

    /**
     * The ids of the containers of {@code appId} that were started (the AM's of every attempt and
     * the workers'), from their log directories; the shared cluster keeps them after the
     * application ends.
     */
    public java.util.SortedSet<String> startedContainers(String appId) throws IOException {
        java.util.SortedSet<String> ids = new java.util.TreeSet<>();
        MiniYARNCluster cluster = requireYarn();
        for (int i = 0; i < nodeManagers; i++) {
            for (String dir : cluster.getNodeManager(i).getConfig().getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
                Path appLogs = Path.of(dir, appId);
                if (Files.isDirectory(appLogs)) {
                    try (java.util.stream.Stream<Path> containers = Files.list(appLogs)) {
                        containers.map(c -> c.getFileName().toString()).filter(n -> n.startsWith("container_")).forEach(ids::add);
                    }
                }
            }
        }
        return ids;
    }

    /** {@link #containerLog}, or empty while the container has not written it (it may not have started yet). */
    public Optional<Path> findContainerLog(String containerId, String fileName) {
        return containerLogCandidates(containerId, fileName).stream().filter(Files::isRegularFile).findFirst();
    }

    private List<Path> containerLogCandidates(String containerId, String fileName) {
        MiniYARNCluster cluster = requireYarn();
        String app = ContainerId.fromString(containerId).getApplicationAttemptId().getApplicationId().toString();
        List<Path> candidates = new ArrayList<>();
        for (int i = 0; i < nodeManagers; i++) {
            for (String dir : cluster.getNodeManager(i).getConfig().getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
                candidates.add(Path.of(dir, app, containerId, fileName));
            }
        }
        return candidates;
    }

    /** Waits until {@code appId} reached a final state, and returns its report. */
    public ApplicationReport awaitEnd(String appId, Duration timeout) throws Exception {
        org.apache.hadoop.yarn.api.records.ApplicationId id = org.apache.hadoop.yarn.api.records.ApplicationId.fromString(appId);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ApplicationReport report = yarnClient().getApplicationReport(id);
            YarnApplicationState state = report.getYarnApplicationState();
            if (state == YarnApplicationState.FINISHED || state == YarnApplicationState.FAILED || state == YarnApplicationState.KILLED) {
                return report;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Application " + appId + " did not end within " + timeout + " (state " + state + ", diagnostics: "
                        + report.getDiagnostics() + ")");
            }
            Thread.sleep(100); // the ResourceManager offers no completion callback to clients
        }
    }

    private void killLeftoverContainers() {
        if (baseDir == null || yarn == null) {
            return;
        }
        // Container working and log directories lie under the mini cluster's test directory.
        String dir = yarn.getTestWorkDir().getAbsolutePath();
        int killed = killContainerProcesses(dir);
        if (killed > 0) {
            LOG.warn("Killed {} container process(es) of the mini YARN cluster still alive after the test class", killed);
        }
    }

    private MiniYARNCluster requireYarn() {
        if (!withYarn) {
            throw new IllegalStateException("This mini cluster runs HDFS only (built with hdfsOnly())");
        }
        return requireStarted(yarn);
    }

    private static <T> T requireStarted(T value) {
        if (value == null) {
            throw new IllegalStateException("The mini Hadoop cluster is not running: register it as a static @RegisterExtension field");
        }
        return value;
    }
}
