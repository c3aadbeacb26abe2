package io.eddy.yarn.appmaster;

import io.eddy.master.Master;
import io.eddy.master.MasterOptions;
import io.eddy.master.remote.MasterServer;
import io.eddy.master.web.MasterWebServer;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.rpc.Secret;
import io.eddy.runtime.worker.MasterAddressFile;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.ClusterCapacity;
import io.eddy.yarn.client.ContainerJvmOptions;
import io.eddy.yarn.client.ResourceVisibility;
import io.eddy.yarn.client.StagingLayout;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeployment;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.proto.YarnServiceProtos.SchedulerResourceTypes;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster: the master served over the control protocol (with the job store of
 * {@link PersistingJobSubmissionGateway} in front), its web endpoint as the tracking URL, and the
 * worker containers of {@link WorkerContainers}; ends as {@link ApplicationLifecycle} decides.
 *
 * <pre>
 * (per-job: start computing locality hints from the staged job's input, on a thread of their own)
 *   ─▶ start master + RPC server + web ─▶ publish its address ─▶ (attempt &gt; 1: recover stored jobs) ─▶ register with the RM
 *   ─▶ request workers (with the hints) ─▶ wait for the outcome ─▶ (cancel jobs) ─▶ delete &lt;staging&gt;/&lt;appId&gt;
 *   ─▶ unregister ─▶ exit
 * </pre>
 *
 * <p>Threads: {@link #run} runs on the process's main thread and waits for the outcome; a SIGTERM
 * (YARN killing the attempt) closes everything from the shutdown hook without unregistering, so the
 * application directory stays for a later attempt. The fields are written by the main thread
 * before the hook can see them (volatile).
 */
final class YarnApplicationMaster {

    private static final Logger LOG = LoggerFactory.getLogger(YarnApplicationMaster.class);
    private static final Duration RECOVERY_SUBMIT_TIMEOUT = Duration.ofMinutes(5);

    private final AmEnvironment env;
    private final Configuration hadoopConf;
    private final AtomicBoolean finished = new AtomicBoolean();

    private volatile PersistingJobSubmissionGateway persisting;
    private volatile MasterServer server;
    private volatile MasterWebServer web;
    private volatile WorkerContainers containers;
    private volatile String trackingUrl = "";
    /** Whether the AM registered with the ResourceManager. */
    private volatile boolean registered;

    YarnApplicationMaster(AmEnvironment env, Configuration hadoopConf) {
        this.env = env;
        this.hadoopConf = hadoopConf;
    }

    /** Runs the AM until it has unregistered; returns the process's exit code. */
    int run() {
        LOG.info("ApplicationMaster of {} (attempt {}) starting on {}", env.applicationId(), env.attempt(), env.nodeHost());
        AmSettings settings;
        Secret secret;
        try {
            settings = AmSettings.read(env.workingDirectory().resolve(StagingLayout.SETTINGS_FILE));
            secret = Secret.fromFile(env.workingDirectory().resolve(StagingLayout.SECRET_FILE));
        } catch (IOException | RuntimeException e) {
            LOG.error("The ApplicationMaster cannot read its settings", e);
            ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.SESSION);
            lifecycle.fail("The ApplicationMaster cannot read its settings: " + e.getMessage());
            containers = new WorkerContainers(hadoopConf, lifecycle::fail);
            return finish(lifecycle.outcome().join(), Duration.ZERO);
        }
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(settings.mode());
        containers = new WorkerContainers(hadoopConf, lifecycle::fail);
        WorkerContainers workers = containers;
        YarnWorkerSupply supply = new YarnWorkerSupply(settings.resources(), settings.settings().get(YarnOptions.QUEUE), workers::growTo,
                workers::poolState);
        Runtime.getRuntime().addShutdownHook(new Thread(this::killed, "eddy-am-shutdown"));
        CompletableFuture<Map<String, Integer>> localityHints = localityHints(settings);
        try {
            // Before the master takes jobs: a job that can never fit fails at once (vcores counted once the RM says it counts them).
            supply.setCapacity(capacity(settings, false));
            JobStore store = JobStore.open(new Path(env.applicationDirectory()), hadoopConf);
            server = MasterServer.start(new MasterServer.Spec("0.0.0.0", 0, secret, settings.masterSettings(), master -> {
                persisting = new PersistingJobSubmissionGateway(master, store);
                return lifecycle.gateway(persisting);
            }, lifecycle, supply));
            startWeb(server.master(), secret);
            InetSocketAddress workersReachMasterAt = InetSocketAddress.createUnresolved(env.nodeHost(), server.address().getPort());
            String masterAddressFile = new Path(env.applicationDirectory(), StagingLayout.MASTER_ADDRESS_FILE).toString();
            // First: the workers of the attempt before (kept by YARN) register as soon as they read it.
            MasterAddressFile.write(masterAddressFile, workersReachMasterAt);
            if (env.attempt() > 1) {
                // Before registering: clients find the master through the application report, and a client
                // following its job into this attempt must find the job here (docs/yarn.md).
                recover(store, lifecycle);
            }
            RegisterApplicationMasterResponse registration = containers.register(env.nodeHost(), server.address().getPort(), trackingUrl);
            registered = true;
            boolean countVcores = registration.getSchedulerResourceTypes() != null
                    && registration.getSchedulerResourceTypes().contains(SchedulerResourceTypes.CPU);
            if (countVcores) {
                supply.setCapacity(capacity(settings, true));
            }
            containers.whenNodesChange(() -> supply.setCapacity(capacity(settings, countVcores)));
            List<Container> previous = registration.getContainersFromPreviousAttempts();
            LOG.info("ApplicationMaster serving at {}:{} ({} mode), {} ms after its JVM started", env.nodeHost(), server.address().getPort(),
                    settings.mode().value(), ManagementFactory.getRuntimeMXBean().getUptime());
            lifecycle.startIdleTimer(settings.idleTimeout());
            List<FileStatus> shipped = shippedFiles(settings.shipFiles());
            containers.start(settings.resources(), new WorkerLaunchSpec(shipped, publicFiles(shipped), workersReachMasterAt,
                    settings.resources().slots(), settings.resources().containerMemoryMb(), masterAddressFile,
                    ContainerJvmOptions.worker(settings.settings())), localityHints.join(), previous);
            containers.firstWorkerStarted().thenRun(() -> LOG.info("First worker container started {} ms after the AM's JVM started",
                    ManagementFactory.getRuntimeMXBean().getUptime()));
        } catch (IOException | YarnException | RuntimeException e) {
            LOG.error("The ApplicationMaster could not start", e);
            lifecycle.fail("The ApplicationMaster could not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lifecycle.fail("The ApplicationMaster was interrupted while starting");
        }
        ApplicationLifecycle.Outcome outcome;
        try {
            outcome = lifecycle.outcome().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.error("The ApplicationMaster's main thread was interrupted while running; exiting without unregistering");
            return 1;
        } catch (ExecutionException e) {
            throw new IllegalStateException("Bug: the application's outcome completed exceptionally", e);
        }
        return finish(outcome, settings.settings().get(MasterOptions.CANCEL_TIMEOUT).plusSeconds(10));
    }

    /**
     * Starts finding out how many worker containers to ask for on which hosts: a per-job
     * application's from its staged job's input ({@link InputLocality}, while the master starts;
     * the future completes within {@code yarn.per-job.locality-timeout}, never exceptionally);
     * none for a session, whose containers start before its jobs.
     */
    private CompletableFuture<Map<String, Integer>> localityHints(AmSettings settings) {
        if (settings.mode() != YarnDeployment.Mode.PER_JOB) {
            LOG.info("Session: the worker containers are asked for anywhere (they start before any job, so no input is known)");
            return CompletableFuture.completedFuture(Map.of());
        }
        long start = System.nanoTime();
        Path graphFile = new Path(env.applicationDirectory(), StagingLayout.JOB_GRAPH_FILE);
        return InputLocality.ofStagedJob(hadoopConf, graphFile, settings.resources().containers(), settings.localityTimeout(),
                YarnApplicationMaster.class.getClassLoader()).thenApply(hints -> {
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    if (hints.failure() != null) {
                        LOG.warn("No locality hints for the worker containers ({} ms): {}", millis, hints.explanation(), hints.failure());
                    } else if (hints.containersPerHost().isEmpty()) {
                        LOG.info("No locality hints for the worker containers ({} ms): {}", millis, hints.explanation());
                    } else {
                        LOG.info("Locality hints for the worker containers ({} ms): {}", millis, hints.explanation());
                    }
                    return hints.containersPerHost();
                });
    }

    /**
     * What the cluster and the application's queue can hold of its worker containers ({@link
     * ClusterCapacity}); unknown (no bound, so no job fails for it) when the ResourceManager cannot
     * tell, e.g. on a secure cluster where the AM holds no credentials for the client protocol.
     */
    private ClusterCapacity capacity(AmSettings settings, boolean countVcores) {
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(YarnClusterDeployer.clientConfiguration(hadoopConf));
            yarn.start();
            return ClusterCapacity.query(yarn, settings.settings().get(YarnOptions.QUEUE), settings.resources(), countVcores);
        } catch (IOException | YarnException | RuntimeException e) {
            LOG.warn("Cannot ask the ResourceManager how many worker containers the cluster holds ({}): only eddy.{} bounds them",
                    e.toString(), YarnOptions.MAX_CONTAINERS.key());
            return ClusterCapacity.UNKNOWN;
        }
    }

    private void startWeb(Master master, Secret secret) {
        try {
            web = MasterWebServer.start(master, "0.0.0.0", 0, secret);
            trackingUrl = "http://" + env.nodeHost() + ":" + web.address().getPort() + "/";
        } catch (IOException e) {
            LOG.warn("The master's web endpoint did not start; registering without a tracking URL: {}", e.getMessage());
        }
    }

    private void recover(JobStore store, ApplicationLifecycle lifecycle) throws IOException, InterruptedException {
        JobRecovery.Result result = JobRecovery.recover(store, lifecycle.recoveryGateway(persisting), RECOVERY_SUBMIT_TIMEOUT);
        LOG.info("Attempt {}: {} job(s) recovered, {} could not be", env.attempt(), result.recovered().size(), result.failed().size());
    }

    private List<FileStatus> shippedFiles(List<String> paths) throws IOException {
        List<FileStatus> files = new ArrayList<>();
        for (String path : paths) {
            Path p = new Path(path);
            files.add(p.getFileSystem(hadoopConf).getFileStatus(p));
        }
        return files;
    }

    private Set<Path> publicFiles(List<FileStatus> shipped) throws IOException {
        return shipped.isEmpty() ? Set.of() : ResourceVisibility.publicFiles(shipped.get(0).getPath().getFileSystem(hadoopConf), shipped);
    }

    /**
     * Ends the application with {@code outcome}: cancels running jobs if asked, stops the job store,
     * deletes the staging directory, unregisters (registering first if the AM never got that far,
     * so the reason reaches the ResourceManager) and closes everything.
     */
    private int finish(ApplicationLifecycle.Outcome outcome, Duration cancelWait) {
        if (!finished.compareAndSet(false, true)) {
            return 0;
        }
        if (outcome.cancelJobs() && server != null) {
            cancelRunningJobs(server.master(), cancelWait);
        }
        if (persisting != null) {
            persisting.close();
        }
        int code = 0;
        try {
            if (!registered) {
                containers.register(env.nodeHost(), server == null ? -1 : server.address().getPort(), trackingUrl);
            }
            // Deleted first, so a client that sees the application ended finds nothing staged either.
            deleteApplicationDirectory();
            containers.unregister(outcome.status(), outcome.diagnostics(), trackingUrl);
        } catch (IOException | YarnException | RuntimeException e) {
            LOG.error("The ApplicationMaster could not unregister with {} ({}); YARN will end the attempt", outcome.status(),
                    outcome.diagnostics(), e);
            code = 1;
        }
        closeAll();
        return code;
    }

    private void deleteApplicationDirectory() throws IOException {
        Path appDir = new Path(env.applicationDirectory());
        appDir.getFileSystem(hadoopConf).delete(appDir, true);
        LOG.info("Deleted the staging directory {}", appDir);
    }

    /** Cancels the jobs still running and waits, up to {@code wait}, until they ended. */
    private static void cancelRunningJobs(Master master, Duration wait) {
        try {
            List<CompletableFuture<JobStatus>> ends = new ArrayList<>();
            for (JobSummary job : master.listJobs().get(30, TimeUnit.SECONDS)) {
                if (!job.status().isTerminal()) {
                    LOG.info("Cancelling job {} ('{}')", job.id(), job.name());
                    master.cancelJob(job.id(), Master.MASTER_SHUT_DOWN);
                    ends.add(master.jobTermination(job.id()));
                }
            }
            CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0])).get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("Not every job ended after its cancellation: {}", e.toString());
        }
    }

    /** SIGTERM: YARN ends this attempt. Close without unregistering, keeping the job store for a later attempt. */
    private void killed() {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        LOG.warn("ApplicationMaster stopped by a signal (YARN ended this attempt); not unregistering");
        if (persisting != null) {
            persisting.close();
        }
        closeAll();
    }

    private void closeAll() {
        if (web != null) {
            web.close();
        }
        if (server != null) {
            server.close();
        }
        if (containers != null) {
            containers.close();
        }
    }
}
