package io.eddy.master.client;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.runtime.cluster.ClientGateway;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Relays a job's collect-sink batches from the workers to the client. A batch's future is the
 * client's: it completes when the client queued the batch, so the client's bounded queue
 * back-pressures the sink. The client hears {@code collectFinished} once every subtask of the sink
 * has finished.
 *
 * <p>Owned by the master's main thread.
 */
public final class CollectRelay {

    private final JobId job;
    private final ClientGateway client;
    /** collect id → parallelism of the sink. */
    private final Map<String, Integer> sinks;
    private final Map<String, Set<Integer>> finished = new HashMap<>();
    private boolean closed;
    /** The sink subtasks (of any collect sink) that relayed a batch: a restart would send their records twice. */
    private final Set<Integer> subtasksThatSent = new HashSet<>();

    public CollectRelay(JobId job, ClientGateway client, Map<String, Integer> sinks) {
        this.job = job;
        this.client = client;
        this.sinks = Map.copyOf(sinks);
    }

    /**
     * The collect sinks of a job and their parallelism, read from the collect sink operators'
     * descriptors (with the job's class loader).
     */
    public static Map<String, Integer> collectSinksOf(JobGraph graph, ClassLoader classLoader) {
        Map<String, Integer> sinks = new HashMap<>();
        for (JobVertex v : graph.vertices()) {
            for (OperatorSpec op : v.chain()) {
                if (!OperatorKinds.CollectSink.NAME.equals(op.kind())) {
                    continue;
                }
                String collectId = op.descriptor(classLoader).kindAs(OperatorKinds.CollectSink.class).collectId();
                if (sinks.put(collectId, v.parallelism()) != null) {
                    throw new IllegalArgumentException("Two collect sinks of job '" + graph.name() + "' use the collect id '" + collectId
                            + "': give each collect sink its own id");
                }
            }
        }
        return sinks;
    }

    public CompletableFuture<Void> batch(String collectId, int subtask, byte[] batch) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("Job " + job + " has ended: collect stream '" + collectId
                    + "' takes no more batches"));
        }
        subtasksThatSent.add(subtask);
        return client.collectBatch(job, collectId, batch);
    }

    /** Whether subtask {@code subtask} of a collect sink has relayed a batch to the client (which cannot be taken back). */
    public boolean hasSent(int subtask) {
        return subtasksThatSent.contains(subtask);
    }

    /**
     * The name of a task among {@code regions} that runs a collect sink (its vertex is in {@code
     * collectVertices}) and relayed records to the client, which a restart would send again; or null.
     */
    public String sinkThatSent(Set<Integer> collectVertices, Collection<PipelinedRegion> regions) {
        for (PipelinedRegion region : regions) {
            for (ExecutionVertex t : region.tasks()) {
                if (collectVertices.contains(t.id().vertex()) && hasSent(t.id().subtask())) {
                    return t.taskName();
                }
            }
        }
        return null;
    }

    /** The indexes of the vertices whose chain holds a collect sink. */
    public static Set<Integer> collectVertices(JobGraph graph) {
        Set<Integer> vertices = new HashSet<>();
        for (JobVertex v : graph.vertices()) {
            if (v.chain().stream().anyMatch(op -> OperatorKinds.CollectSink.NAME.equals(op.kind()))) {
                vertices.add(v.id().index());
            }
        }
        return vertices;
    }

    public void finished(String collectId, int subtask) {
        if (closed) {
            return;
        }
        Set<Integer> done = finished.computeIfAbsent(collectId, k -> new HashSet<>());
        done.add(subtask);
        Integer parallelism = sinks.get(collectId);
        if (parallelism == null || done.size() == parallelism) {
            client.collectFinished(job, collectId);
        }
    }

    /** The ids of the job's collect sinks (empty when it has none). */
    public Set<String> collectIds() {
        return sinks.keySet();
    }

    /** After the job's end no batch is relayed any more. */
    public void close() {
        closed = true;
    }
}
