package io.eddy.yarn.appmaster;

import io.eddy.master.MasterOptions;
import io.eddy.master.WorkerSupply;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.ClusterCapacity;
import io.eddy.yarn.client.ContainerResources;
import java.util.Optional;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's {@link WorkerSupply}: when jobs need more slots than the worker
 * containers hold, it asks YARN for more containers (up to {@code yarn.max-containers} and what the
 * cluster can hold, {@link ClusterCapacity}); a job that needs more than that can never run and
 * fails at once, with a message that names the options to change (docs/yarn.md, "Sizing").
 *
 * <p>Threads: {@link #demand} and {@link #shortageAdvice} run on the master's main thread and only
 * read {@link #capacity} and post the growth to the {@code yarn-events} thread ({@code grow});
 * {@link #setCapacity} is called by whichever thread computed the bound (volatile).
 */
final class YarnWorkerSupply implements WorkerSupply {

    private static final Logger LOG = LoggerFactory.getLogger(YarnWorkerSupply.class);

    private final ContainerResources resources;
    private final String queue;
    private final IntConsumer grow;
    private final Supplier<String> poolState;
    private volatile ClusterCapacity capacity = ClusterCapacity.UNKNOWN;

    /**
     * @param resources the size of the worker containers and {@code yarn.max-containers}
     * @param queue the application's queue, for messages
     * @param grow keeps at least that many worker containers (asynchronously)
     * @param poolState the containers running and requested, for messages
     */
    YarnWorkerSupply(ContainerResources resources, String queue, IntConsumer grow, Supplier<String> poolState) {
        this.resources = resources;
        this.queue = queue;
        this.grow = grow;
        this.poolState = poolState;
    }

    /** The bound on the worker containers YARN can hold for this application, from now on. */
    void setCapacity(ClusterCapacity capacity) {
        this.capacity = capacity;
        LOG.info("YARN can hold at most {} worker containers of this application: {}", capacity.maxContainers(), capacity.explanation());
    }

    ClusterCapacity capacity() {
        return capacity;
    }

    @Override
    public Optional<String> demand(int totalSlots, int jobSlots) {
        ClusterCapacity bound = capacity;
        Optional<String> never = resources.whyJobCannotFit(jobSlots, bound);
        if (never.isPresent()) {
            LOG.warn("A job needs {} slots, which this application can never have: {}", jobSlots, never.get());
            return never;
        }
        int containers = Math.min(resources.containersFor(totalSlots), resources.containerLimit(bound));
        LOG.info("Jobs need {} slots in all: keeping at least {} worker containers of {} slots", totalSlots, containers, resources.slots());
        grow.accept(containers);
        return Optional.empty();
    }

    @Override
    public String shortageAdvice() {
        return "YARN has not given this application the worker containers it asked for (" + poolState.get() + ") within eddy."
                + MasterOptions.SLOT_WAIT_TIMEOUT.key() + ": the queue '" + queue + "' may be busy (see the ResourceManager's scheduler"
                + " page) or containers failed to start (yarn logs -applicationId ...); raise eddy." + MasterOptions.SLOT_WAIT_TIMEOUT.key()
                + " to wait longer, or lower the parallelism";
    }

    @Override
    public String toString() {
        return "YARN (containers of " + resources.slots() + " slots, at most " + (resources.maxContainers() == ContainerResources.UNLIMITED
                ? "what the cluster holds" : resources.maxContainers() + " (eddy." + YarnOptions.MAX_CONTAINERS.key() + ")") + ")";
    }
}
