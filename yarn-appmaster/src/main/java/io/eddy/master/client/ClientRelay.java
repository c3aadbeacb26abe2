package io.eddy.master.client;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import java.io.Serializable;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything one job tells its client: the client itself (the submitter, or the one that attached
 * last), the collect sinks' records ({@link CollectRelay}), the job's progress ({@link JobProgress})
 * and, at the end, the result with the merged accumulators.
 *
 * <p>Threads: used by its job manager on the master's main thread only, which owns all fields.
 */
public final class ClientRelay {

    private static final Logger LOG = LoggerFactory.getLogger(ClientRelay.class);

    private final JobGraph graph;
    private final ClassLoader userCode;
    private final AttachableClient client;
    private final CollectRelay collectRelay;
    private final Set<Integer> collectVertices;
    private final JobProgress progress;

    /**
     * @param userCode the job's class loader (collect sink descriptors and accumulators are user objects)
     * @throws IllegalArgumentException if a collect sink has no id, or two share one
     */
    public ClientRelay(JobGraph graph, ClassLoader userCode, ClientGateway client, Clock clock) {
        this.graph = graph;
        this.userCode = userCode;
        this.client = new AttachableClient(client);
        this.collectRelay = new CollectRelay(graph.jobId(), this.client, CollectRelay.collectSinksOf(graph, userCode));
        this.collectVertices = CollectRelay.collectVertices(graph);
        this.progress = new JobProgress(graph.jobId(), this.client, clock);
    }

    private JobId id() {
        return graph.jobId();
    }

    /** The relay of the collect sinks' batches. */
    public CollectRelay collectRelay() {
        return collectRelay;
    }

    /** The job's progress as its client sees it (a handful of updates per attempt). */
    public JobProgress progress() {
        return progress;
    }

    /**
     * Makes {@code newClient} the job's client; a job that has ended reports its result to it at once.
     *
     * @param status the job's status now, for the log
     * @throws IllegalArgumentException if the job has collect sinks, whose records went to the previous client
     */
    public void attach(ClientGateway newClient, JobStatus status) {
        if (!collectRelay.collectIds().isEmpty()) {
            throw new IllegalArgumentException("Job " + id() + " ('" + graph.name() + "') sends records to its client through the collect"
                    + " sink(s) " + new TreeSet<>(collectRelay.collectIds()) + ": another client cannot follow it (the records"
                    + " sent before would be missing); its end is in the master's log");
        }
        LOG.info("Job {} ('{}'): client {} attached while the job is {}", id(), graph.name(), newClient, status);
        client.attach(newClient);
    }

    /**
     * Why {@code regions} must not run again: the name of a collect sink task among them that sent
     * records to the client already, which a restart would send again; null if there is none.
     */
    public String restartVetoOrNull(Collection<PipelinedRegion> regions) {
        String collected = collectRelay.sinkThatSent(collectVertices, regions);
        return collected == null ? null : "the collect sink '" + collected + "' sent records to the client already, which a restart"
                + " would send again: write the result with a sink instead of collecting it to restart such a region";
    }

    /**
     * The final accumulator values of a FINISHED job: the tasks' accumulators merged by name, then
     * each map of {@code extra} in order (e.g. the checkpoint statistics, the superstep durations), serialized.
     *
     * @throws RuntimeException if they cannot be read or merged
     */
    public byte[] mergeAccumulators(ExecutionGraph executionGraph, List<Map<String, Serializable>> extra) {
        AccumulatorMerger merger = new AccumulatorMerger(userCode);
        for (ExecutionVertex t : executionGraph.tasks()) {
            merger.add(t.accumulators(), t.taskName());
        }
        Map<String, Serializable> results = new LinkedHashMap<>(merger.results());
        extra.forEach(results::putAll);
        return AccumulatorBytes.serializeValues(results, "job " + id());
    }

    /** The accumulators of a job that did not finish: none. */
    public byte[] noAccumulators() {
        return AccumulatorBytes.serializeValues(Map.of(), "job " + id());
    }

    /**
     * Ends the job for its client: the collect relay takes no more batches, and the client (now, or
     * once one attaches) gets the result.
     *
     * @param failureOrNull the job's failure, if it has one
     * @param failureSummary the failure's one-line summary, or for a cancelled job why it was cancelled ("" if nothing is known)
     * @return the result sent
     */
    public JobResultInfo jobEnded(JobStatus finalStatus, long runtimeMillis, byte[] accumulators, FailureInfo failureOrNull,
            String failureSummary) {
        collectRelay.close();
        String summary = finalStatus == JobStatus.CANCELED
                ? "Job '" + graph.name() + "' was cancelled" + (failureSummary.isEmpty() ? "" : ": " + failureSummary) : failureSummary;
        JobResultInfo result = new JobResultInfo(id(), finalStatus, runtimeMillis, accumulators, failureOrNull, summary);
        LOG.info("Job {} ('{}') ended: {} after {} ms{}", id(), graph.name(), finalStatus, runtimeMillis,
                result.failureSummary().isEmpty() ? "" : ": " + result.failureSummary());
        client.jobFinished(result);
        return result;
    }
}
