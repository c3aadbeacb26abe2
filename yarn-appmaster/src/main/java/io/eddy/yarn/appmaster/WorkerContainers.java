package io.eddy.yarn.appmaster;

import io.eddy.yarn.client.ContainerResources;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.UpdatedContainer;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's side of YARN: registers with the ResourceManager ({@link
 * AMRMClientAsync}), keeps {@code yarn.containers} worker containers running through the
 * NodeManagers ({@link NMClientAsync}) with the policy of {@link WorkerContainerPool}, and
 * unregisters with the final status.
 *
 * <p>Threads: both YARN clients call back on their own threads; every callback only hands the
 * event to the single {@code yarn-events} thread, which owns {@link #pool} and {@link #requests}.
 * A fatal condition (too many failed containers, the ResourceManager asking the AM to shut down,
 * a heartbeat error) is reported once to the {@code onFatal} consumer, on the {@code yarn-events}
 * thread.
 */
final class WorkerContainers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerContainers.class);
    private static final int HEARTBEAT_MILLIS = 500;
    private static final Priority WORKER_PRIORITY = Priority.newInstance(1);

    private final Consumer<String> onFatal;
    private final ExecutorService events = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "yarn-events");
        t.setDaemon(true);
        return t;
    });
    private final AMRMClientAsync<ContainerRequest> resourceManager;
    private final NMClientAsync nodeManagers;
    /** Set by {@link #start}. Owned by the yarn-events thread. */
    private ContainerResources resources;
    /** Set by {@link #start}. Owned by the yarn-events thread. */
    private WorkerContainerPool pool;
    /** The container requests not yet matched by an allocation. Owned by the yarn-events thread. */
    private final Deque<ContainerRequest> requests = new ArrayDeque<>();
    /** Set once the launch context is known (after the master listens). Owned by the yarn-events thread. */
    private WorkerLaunchSpec launchSpec;
    /** Owned by the yarn-events thread. */
    private boolean fatalReported;
    /** Containers asked for by {@link #growTo} before {@link #start}; owned by the yarn-events thread. */
    private int grownBeforeStart;
    /** What the pool has (running / requested), written by the yarn-events thread after each change, for messages. */
    private volatile String poolState = "no worker containers requested yet";
    /** Runs (on the yarn-events thread) when the ResourceManager reports NodeManagers added, lost or changed. */
    private volatile Runnable nodesChanged = () -> {};
    /** Completes when the first worker container was started by its NodeManager (for logs and tests). */
    private final CompletableFuture<Void> firstStarted = new CompletableFuture<>();

    WorkerContainers(Configuration hadoopConf, Consumer<String> onFatal) {
        this.onFatal = onFatal;
        this.resourceManager = AMRMClientAsync.createAMRMClientAsync(HEARTBEAT_MILLIS, new ResourceManagerEvents());
        this.resourceManager.init(hadoopConf);
        this.nodeManagers = NMClientAsync.createNMClientAsync(new NodeManagerEvents());
        this.nodeManagers.init(hadoopConf);
    }

    /** Registers the AM (host, control port, tracking URL) and returns the ResourceManager's answer. */
    RegisterApplicationMasterResponse register(String host, int rpcPort, String trackingUrl) throws IOException, YarnException {
        resourceManager.start();
        nodeManagers.start();
        return resourceManager.registerApplicationMaster(host, rpcPort, trackingUrl);
    }

    /**
     * Requests the worker containers of {@code resources}; each is launched with {@code spec} once
     * allocated. {@code containersPerHost} are locality hints (docs/yarn.md, "Locality"): that many
     * of the containers are asked for on each host (the ResourceManager adds the hosts' racks), the
     * rest anywhere; the locality is relaxed, so YARN places a container elsewhere rather than
     * wait for a busy host. Replacements of lost containers are asked for anywhere. {@code
     * previous} are the containers of the attempt before that are still running (their workers
     * come to this attempt's master through the master address file): they count as running, and
     * only the rest is requested.
     */
    void start(ContainerResources workers, WorkerLaunchSpec spec, Map<String, Integer> containersPerHost, List<Container> previous) {
        events.execute(() -> {
            resources = workers;
            pool = new WorkerContainerPool(Math.max(workers.containers(), grownBeforeStart), workers.maxFailedContainers());
            launchSpec = spec;
            List<String> kept = previous.stream().map(c -> c.getId().toString()).toList();
            int n = pool.start(kept);
            publishPoolState();
            if (!kept.isEmpty()) {
                LOG.info("Kept {} worker container(s) of the previous attempt: {}", kept.size(), kept);
                firstStarted.complete(null);
            }
            if (n == 0) {
                return;
            }
            int hinted = 0;
            for (Map.Entry<String, Integer> host : containersPerHost.entrySet()) {
                for (int i = 0; i < host.getValue() && hinted < n; i++, hinted++) {
                    request(host.getKey());
                }
            }
            for (int i = hinted; i < n; i++) {
                request(null);
            }
            if (hinted == 0) {
                LOG.info("Requested {} worker containers of {} MB and {} vcores, anywhere (no locality hints)", n,
                        resources.containerMemoryMb(), resources.containerVcores());
            } else {
                LOG.info("Requested {} worker containers of {} MB and {} vcores on hosts {} ({} anywhere; YARN may place any of them elsewhere)",
                        n, resources.containerMemoryMb(), resources.containerVcores(), containersPerHost, n - hinted);
            }
        });
    }

    /**
     * Keeps at least {@code containers} worker containers from now on: requests the ones missing,
     * anywhere (jobs need more slots than the containers asked for so far hold). Asynchronous.
     */
    void growTo(int containers) {
        events.execute(() -> {
            if (pool == null) {
                grownBeforeStart = Math.max(grownBeforeStart, containers);
                return;
            }
            int more = pool.growTo(containers);
            if (more > 0) {
                LOG.info("Jobs need more slots: requesting {} more worker container(s) of {} MB and {} vcores, anywhere ({})", more,
                        resources.containerMemoryMb(), resources.containerVcores(), pool);
                for (int i = 0; i < more; i++) {
                    request(null);
                }
                publishPoolState();
            }
        });
    }

    /** Runs {@code action} on the yarn-events thread whenever the ResourceManager reports changed NodeManagers. */
    void whenNodesChange(Runnable action) {
        nodesChanged = action;
    }

    /** The worker containers running and requested, as last seen by the yarn-events thread. */
    String poolState() {
        return poolState;
    }

    private void publishPoolState() {
        poolState = pool.running() + " running and " + pool.outstanding() + " requested of " + pool.target() + " worker containers";
    }

    /** Asks for one worker container on {@code host} (relaxed locality), or anywhere if it is null. */
    private void request(String host) {
        ContainerRequest request = new ContainerRequest(Resource.newInstance(resources.containerMemoryMb(), resources.containerVcores()),
                host == null ? null : new String[] {host}, null, WORKER_PRIORITY, true);
        requests.add(request);
        resourceManager.addContainerRequest(request);
    }

    /**
     * Takes the request a container allocated on {@code host} satisfies out of {@code requests}:
     * one asking for that host, else one asking for no host, else the oldest (the container went
     * to another host than the one asked for). Null when there is none.
     */
    static ContainerRequest takeRequestFor(Deque<ContainerRequest> requests, String host) {
        ContainerRequest anywhere = null;
        for (ContainerRequest request : requests) {
            List<String> nodes = request.getNodes();
            if (nodes != null && nodes.contains(host)) {
                requests.remove(request);
                return request;
            }
            if (anywhere == null && (nodes == null || nodes.isEmpty())) {
                anywhere = request;
            }
        }
        if (anywhere != null) {
            requests.remove(anywhere);
            return anywhere;
        }
        return requests.poll();
    }

    private void onAllocated(Container container) {
        String id = container.getId().toString();
        if (pool == null) {
            LOG.info("Releasing container {}: no workers are requested yet", id);
            resourceManager.releaseAssignedContainer(container.getId());
            return;
        }
        WorkerContainerPool.Decision decision = pool.allocated(id);
        if (decision == WorkerContainerPool.Decision.RELEASE) {
            LOG.info("Releasing container {} on {}: no worker is waiting for it ({})", id, container.getNodeId(), pool);
            resourceManager.releaseAssignedContainer(container.getId());
            return;
        }
        ContainerRequest matched = takeRequestFor(requests, container.getNodeId().getHost());
        if (matched != null) {
            resourceManager.removeContainerRequest(matched);
        }
        publishPoolState();
        LOG.info("Launching worker {} on {} ({})", id, container.getNodeId(), pool);
        nodeManagers.startContainerAsync(container, launchSpec.build(id, container.getNodeId().getHost()));
    }

    private void onCompleted(ContainerStatus status) {
        String id = status.getContainerId().toString();
        if (pool == null) {
            return;
        }
        WorkerContainerPool.Decision decision = pool.completed(id, status.getExitStatus(), status.getDiagnostics());
        act(decision, id, "completed with exit status " + status.getExitStatus() + " (" + status.getDiagnostics().trim() + ")");
    }

    private void onLaunchFailed(ContainerId container, Throwable cause) {
        if (pool == null) {
            return;
        }
        WorkerContainerPool.Decision decision = pool.launchFailed(container.toString(), String.valueOf(cause.getMessage()));
        if (decision != WorkerContainerPool.Decision.IGNORE) {
            resourceManager.releaseAssignedContainer(container);
        }
        act(decision, container.toString(), "could not be started: " + cause.getMessage());
    }

    private void act(WorkerContainerPool.Decision decision, String id, String what) {
        publishPoolState();
        switch (decision) {
            case REPLACE -> {
                LOG.warn("Worker container {} {}: requesting a replacement ({})", id, what, pool);
                request(null);
            }
            case FAIL -> fatal(pool.failureReason());
            case IGNORE -> LOG.debug("Container {} {}: nothing to do", id, what);
            default -> throw new IllegalStateException("Bug: decision " + decision + " for a completed container " + id);
        }
    }

    private void fatal(String reason) {
        if (!fatalReported) {
            fatalReported = true;
            if (pool != null) {
                pool.stop();
            }
            LOG.error("The application fails: {}", reason);
            onFatal.accept(reason);
        }
    }

    /** Completes once the first worker container has been started by its NodeManager. */
    CompletableFuture<Void> firstWorkerStarted() {
        return firstStarted;
    }

    /**
     * Stops reacting to container events and unregisters with the ResourceManager, which then
     * stops every container of the application.
     */
    void unregister(FinalApplicationStatus status, String diagnostics, String trackingUrl) throws IOException, YarnException {
        CompletableFuture.runAsync(() -> {
            if (pool != null) {
                pool.stop();
            }
        }, events).join();
        resourceManager.unregisterApplicationMaster(status, diagnostics, trackingUrl);
        LOG.info("Unregistered from the ResourceManager: {} ({})", status, diagnostics);
    }

    /** Stops the YARN clients and the events thread. */
    @Override
    public void close() {
        nodeManagers.stop();
        resourceManager.stop();
        events.shutdownNow();
        try {
            events.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** ResourceManager callbacks: hand everything to the yarn-events thread. */
    private final class ResourceManagerEvents extends AMRMClientAsync.AbstractCallbackHandler {
        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {
            events.execute(() -> statuses.forEach(WorkerContainers.this::onCompleted));
        }

        @Override
        public void onContainersAllocated(List<Container> containers) {
            events.execute(() -> containers.forEach(WorkerContainers.this::onAllocated));
        }

        @Override
        public void onContainersUpdated(List<UpdatedContainer> containers) {
            LOG.debug("Ignoring {} container updates", containers.size());
        }

        @Override
        public void onShutdownRequest() {
            events.execute(() -> fatal("the ResourceManager asked the ApplicationMaster to shut down (it may have been restarted or lost this attempt)"));
        }

        @Override
        public void onNodesUpdated(List<NodeReport> nodes) {
            LOG.debug("{} nodes updated", nodes.size());
            events.execute(nodesChanged);
        }

        @Override
        public float getProgress() {
            return 0.5f;
        }

        @Override
        public void onError(Throwable e) {
            events.execute(() -> fatal("the ApplicationMaster lost the ResourceManager: " + e));
        }
    }

    /** NodeManager callbacks: hand everything to the yarn-events thread. */
    private final class NodeManagerEvents extends NMClientAsync.AbstractCallbackHandler {
        @Override
        public void onContainerStarted(ContainerId container, Map<String, ByteBuffer> serviceData) {
            LOG.info("Worker container {} started", container);
            firstStarted.complete(null);
        }

        @Override
        public void onStartContainerError(ContainerId container, Throwable e) {
            events.execute(() -> onLaunchFailed(container, e));
        }

        @Override
        public void onContainerStatusReceived(ContainerId container, ContainerStatus status) {
            LOG.debug("Container {}: {}", container, status);
        }

        @Override
        public void onContainerStopped(ContainerId container) {
            LOG.debug("Container {} stopped", container);
        }

        @Override
        public void onContainerResourceIncreased(ContainerId container, Resource resource) {
            LOG.debug("Container {} now has {}", container, resource);
        }

        @Override
        public void onContainerResourceUpdated(ContainerId container, Resource resource) {
            LOG.debug("Container {} now has {}", container, resource);
        }

        @Override
        public void onGetContainerStatusError(ContainerId container, Throwable e) {
            LOG.debug("No status of container {}: {}", container, e.toString());
        }

        @Override
        public void onIncreaseContainerResourceError(ContainerId container, Throwable e) {
            LOG.debug("Container {} not resized: {}", container, e.toString());
        }

        @Override
        public void onUpdateContainerResourceError(ContainerId container, Throwable e) {
            LOG.debug("Container {} not updated: {}", container, e.toString());
        }

        @Override
        public void onStopContainerError(ContainerId container, Throwable e) {
            LOG.debug("Container {} not stopped: {}", container, e.toString());
        }
    }
}
