package io.eddy.runtime.worker;

import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.tasks.TaskDeployment;
import io.eddy.runtime.tasks.TaskId;
import java.util.List;

/**
 * A job as a worker holds it between {@code prepareJob} and {@code releaseJob}: the decoded graph and
 * the job's classes. Owned by the worker's main thread.
 */
final class PreparedJob implements AutoCloseable {

    private final JobGraph graph;
    private final UserCodeLibrary library;

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
                graph.bufferTimeoutMillis(), graph.serializerConfigBytes(), library.classLoader(), graph.settings(), spec.restoreOrNull());
    }

    @Override
    public void close() {
        library.close();
    }
}
