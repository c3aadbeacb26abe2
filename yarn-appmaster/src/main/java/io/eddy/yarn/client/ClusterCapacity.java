package io.eddy.yarn.client;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.QueueConfigurations;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The most worker containers YARN could ever hold at once for one Eddy application, were the
 * cluster otherwise idle: what the running NodeManagers offer, less the room of the application's
 * ApplicationMaster, and no more than its queue may ever use. A job that needs more containers
 * than this can never run, so it fails at once instead of waiting for slots (docs/yarn.md,
 * "Sizing").
 *
 * <p>The figure errs high, never low: it is a bound used to fail fast, and a wrong "never" would
 * refuse a job that could run. So requests are not rounded up to the scheduler's allocation
 * increment, per-user limits of a queue are not applied, and vcores count only where the
 * scheduler counts them (the ResourceManager says so to the AM; the client does not know and
 * counts memory alone).
 *
 * @param maxContainers the bound; {@link Integer#MAX_VALUE} when unknown
 * @param explanation what the bound comes from, e.g. {@code 1 running NodeManager with 6144 MB in all
 *     holds 15 worker containers of 384 MB beside the ApplicationMaster's 320 MB}
 */
public record ClusterCapacity(int maxContainers, String explanation) {

    /** Nothing is known about the cluster: no bound. */
    public static final ClusterCapacity UNKNOWN = new ClusterCapacity(Integer.MAX_VALUE, "the cluster's size is unknown");

    /** The default node label partition in a queue's configurations. */
    private static final String DEFAULT_PARTITION = "";

    /**
     * Asks the ResourceManager for its running NodeManagers and {@code queue}, and computes the bound
     * for containers of {@code resources}' size.
     *
     * @param countVcores whether the scheduler counts vcores as well as memory
     */
    public static ClusterCapacity query(YarnClient yarn, String queue, ContainerResources resources, boolean countVcores)
            throws IOException, YarnException {
        return of(yarn.getNodeReports(NodeState.RUNNING), yarn.getQueueInfo(queue), resources, countVcores);
    }

    /** The bound for containers of {@code resources}' size on {@code runningNodes}, in {@code queueOrNull} (null: no queue limit known). */
    static ClusterCapacity of(List<NodeReport> runningNodes, QueueInfo queueOrNull, ContainerResources resources, boolean countVcores) {
        Resource worker = Resource.newInstance(resources.containerMemoryMb(), resources.containerVcores());
        Resource am = Resource.newInstance(resources.amMemoryMb(), 1);
        long totalMemory = 0;
        long onNodes = 0;
        long amCost = Long.MAX_VALUE;
        for (NodeReport node : runningNodes) {
            Resource capability = node.getCapability();
            totalMemory += capability.getMemorySize();
            long fit = fit(capability, worker, countVcores);
            onNodes += fit;
            if (fits(capability, am, countVcores)) {
                Resource left = Resource.newInstance(capability.getMemorySize() - am.getMemorySize(),
                        capability.getVirtualCores() - am.getVirtualCores());
                amCost = Math.min(amCost, fit - fit(left, worker, countVcores));
            }
        }
        if (runningNodes.isEmpty()) {
            // NodeManagers may be restarting: no bound rather than a wrong "never".
            return new ClusterCapacity(Integer.MAX_VALUE, "no NodeManager is running now");
        }
        long nodeBound = onNodes - (amCost == Long.MAX_VALUE ? 0 : amCost);
        String nodes = runningNodes.size() + " running NodeManager" + (runningNodes.size() == 1 ? "" : "s") + " with " + totalMemory
                + " MB in all hold" + (runningNodes.size() == 1 ? "s " : " ") + nodeBound + " worker container" + (nodeBound == 1 ? "" : "s")
                + " of " + worker.getMemorySize() + " MB" + (countVcores ? " and " + worker.getVirtualCores() + " vcores" : "")
                + " beside the ApplicationMaster's " + am.getMemorySize() + " MB";
        long queueMemory = queueMemory(queueOrNull, totalMemory);
        if (queueMemory >= 0) {
            long queueBound = Math.max(0, (queueMemory - am.getMemorySize()) / worker.getMemorySize());
            if (queueBound < nodeBound) {
                return new ClusterCapacity(clamp(queueBound), "the queue '" + queueOrNull.getQueueName() + "' may use at most " + queueMemory
                        + " MB, which hold " + queueBound + " worker container" + (queueBound == 1 ? "" : "s") + " of " + worker.getMemorySize()
                        + " MB beside the ApplicationMaster's " + am.getMemorySize() + " MB (" + nodes + ")");
            }
        }
        return new ClusterCapacity(clamp(nodeBound), nodes);
    }

    /**
     * The most memory (MB) {@code queue} may ever use: its effective maximum capacity (Capacity
     * Scheduler), else its absolute maximum share of {@code clusterMemory}, else its maximum
     * resources (Fair Scheduler); -1 when the queue says none of these.
     */
    private static long queueMemory(QueueInfo queue, long clusterMemory) {
        if (queue == null) {
            return -1;
        }
        Map<String, QueueConfigurations> configurations = queue.getQueueConfigurations();
        QueueConfigurations partition = configurations == null ? null : configurations.get(DEFAULT_PARTITION);
        if (partition != null) {
            Resource effective = partition.getEffectiveMaxCapacity();
            if (effective != null && effective.getMemorySize() > 0) {
                return effective.getMemorySize();
            }
            float share = partition.getAbsoluteMaxCapacity();
            if (share > 0 && share <= 1) {
                return (long) (clusterMemory * (double) share);
            }
        }
        return queue.getMaxResourceMemory() > 0 ? queue.getMaxResourceMemory() : -1;
    }

    private static long fit(Resource node, Resource container, boolean countVcores) {
        long byMemory = Math.max(0, node.getMemorySize()) / container.getMemorySize();
        return countVcores ? Math.min(byMemory, Math.max(0, node.getVirtualCores()) / container.getVirtualCores()) : byMemory;
    }

    private static boolean fits(Resource node, Resource container, boolean countVcores) {
        return node.getMemorySize() >= container.getMemorySize() && (!countVcores || node.getVirtualCores() >= container.getVirtualCores());
    }

    private static int clamp(long containers) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, containers));
    }
}
