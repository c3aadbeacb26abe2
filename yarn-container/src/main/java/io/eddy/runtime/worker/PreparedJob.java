package io.eddy.runtime.worker;

import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.tasks.TaskDeployment;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.iteration.LaneResourceMap;
import io.eddy.runtime.iteration.LaneResources;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A job as a worker holds it between {@code prepareJob} and {@code releaseJob}: the decoded graph and
 * the job's classes. Owned by the worker's main thread.
 */
final class PreparedJob implements AutoCloseable {

    private final JobGraph graph;
    private final UserCodeLibrary library;
    /** The shared resources of each lane (subtask index) that has run a task here; closed with the job. */
    private final Map<Integer, LaneResourceMap> lanes = new HashMap<>();

    PreparedJob(JobGraph graph, UserCodeLibrary library) {
        this.graph = graph;
        this.library = library;
    }

    JobGraph graph() {
        return graph;
    }

    ClassLoader classLoader() {
        return library.classLoader();
    }

    /** Combines the master's decisions for one task with what the job graph says about its vertex. */
    TaskDeployment deploymentFor(TaskDeploymentSpec spec) {
        TaskId id = spec.task();
        if (id.vertex() >= graph.vertices().size()) {
            throw new IllegalArgumentException("Bug: task " + id + " of job " + graph.jobId() + " names vertex " + id.vertex()
                    + ", but the job has " + graph.vertices().size() + " vertices");
        }
        JobVertex vertex = graph.vertex(new JobVertexId(id.vertex()));
        List<JobEdge> inputs = graph.inputsOf(vertex.id());
        List<JobEdge> outputs = graph.outputsOf(vertex.id());
        return new TaskDeployment(graph.jobId(), graph.name(), vertex, id.subtask(), id.attempt(),
                inputs, spec.inputChannels(), outputs, spec.outputPartitions(),
                graph.bufferTimeoutMillis(), graph.serializerConfigBytes(), library.classLoader(), graph.settings(), spec.restoreOrNull(),
                graph.groupOf(vertex.id(), VertexGroup.Kind.ITERATION).orElse(null), spec.iterationResumeOrNull());
    }

    /** The resources the job's tasks of lane {@code subtask} share on this worker, created on first use. */
    LaneResources laneResources(int subtask) {
        return lanes.computeIfAbsent(subtask, i -> new LaneResourceMap("job " + graph.jobId() + " ('" + graph.name() + "'), lane " + i));
    }

    /** Closes the lanes' shared resources, then the job's class loader. */
    @Override
    public void close() {
        lanes.values().forEach(LaneResourceMap::close);
        lanes.clear();
        library.close();
    }
}
