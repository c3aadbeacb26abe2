package io.eddy.master.iteration;

import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.tasks.TaskId;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loops of one job on the master: one {@link SuperstepCoordinator} per {@link
 * VertexGroup.Kind#ITERATION} group, fed with the tasks' superstep reports and started whenever the
 * loop's tasks are deployed (a new attempt after a restart starts the loop over at superstep 1).
 * A job without loops has none, and every method does nothing.
 *
 * <p>Which reports count: only those of a task's current attempt that was deployed and has neither
 * ended nor been asked to cancel (a loop being restarted reports nothing that counts; the new
 * attempts start a new run). A report the coordinator finds impossible, or aggregates that cannot be
 * combined, fail the job ({@code failJob}): a loop must never wait for a decision that will not come.
 *
 * <p>The durations of the supersteps of each loop's last run are in the job's result, as the
 * accumulator {@code iteration.<name>.superstep-millis}: a {@code List<Long>}, the run's first
 * superstep first; {@code iteration.<name>.first-superstep} says which that was (1, or where the
 * run resumed after an iteration snapshot).
 *
 * <p>Owned by the master's main thread, like its job manager.
 */
public final class JobIterations {

    private static final Logger LOG = LoggerFactory.getLogger(JobIterations.class);

    /** The accumulator name of loop {@code name}'s superstep durations: {@code iteration.<name>.superstep-millis}. */
    public static String superstepMillisAccumulator(String name) {
        return "iteration." + name + ".superstep-millis";
    }

    /**
     * The accumulator of loop {@code name}'s first superstep in its last run: 1, or where it resumed
     * after a snapshot ({@code iteration.<name>.first-superstep}, an {@code Integer}).
     */
    public static String firstSuperstepAccumulator(String name) {
        return "iteration." + name + ".first-superstep";
    }

    private final JobGraph graph;
    private final BiConsumer<Throwable, String> failJob;
    /** Null without iteration snapshots. */
    private final IterationSnapshots snapshots;
    /** By loop name, in the graph's order. */
    private final Map<String, SuperstepCoordinator> coordinators = new LinkedHashMap<>();
    /** The coordinator of each member vertex, by vertex index. */
    private final Map<Integer, SuperstepCoordinator> byVertex = new HashMap<>();
    /** Set when the job first deploys; the tasks' current attempts and workers. */
    private ExecutionGraph executionGraph;

    private JobIterations(JobGraph graph, BiConsumer<Throwable, String> failJob, IterationSnapshots snapshots) {
        this.graph = graph;
        this.failJob = failJob;
        this.snapshots = snapshots;
    }

    /** The loops of {@code graph}, without iteration snapshots. */
    public static JobIterations create(JobGraph graph, ClassLoader userCode, Clock clock, BiConsumer<Throwable, String> failJob) {
        return create(graph, userCode, clock, failJob, new Configuration());
    }

    /**
     * The loops of {@code graph}.
     *
     * @param userCode the job's class loader
     * @param failJob fails the job with a cause and a one-line summary
     * @param settings the job's settings over the cluster's defaults (iteration snapshots: {@link IterationSnapshots})
     * @throws IllegalArgumentException naming the loop if its aggregators cannot be read, or the
     *     setting if iteration snapshots are on without a directory
     */
    public static JobIterations create(JobGraph graph, ClassLoader userCode, Clock clock, BiConsumer<Throwable, String> failJob,
            Configuration settings) {
        boolean loops = graph.groups().stream().anyMatch(g -> g.kind() == VertexGroup.Kind.ITERATION);
        IterationSnapshots snapshots = loops ? IterationSnapshots.create(graph.jobId(), settings) : null;
        JobIterations iterations = new JobIterations(graph, failJob, snapshots);
        for (VertexGroup group : graph.groups()) {
            if (group.kind() == VertexGroup.Kind.ITERATION) {
                SuperstepCoordinator c = new SuperstepCoordinator(graph, group, userCode, clock, iterations::sendDecision, snapshots);
                iterations.coordinators.put(group.name(), c);
                for (JobVertexId member : group.members()) {
                    iterations.byVertex.put(member.index(), c);
                }
            }
        }
        return iterations;
    }

    /** The coordinator of loop {@code name}, or null (for tests and monitoring). */
    public SuperstepCoordinator coordinator(String name) {
        return coordinators.get(name);
    }

    /**
     * The job deployed regions of {@code deployedIn}: each loop whose head tasks were deployed with a
     * new attempt starts a run (at superstep 1). All the loop's tasks must have been deployed
     * together, with one attempt: they are one pipelined region, which the operators rely on (they
     * key a lane's back channel by the loop, the subtask and the attempt); else the job fails.
     */
    public void regionsDeployed(ExecutionGraph deployedIn) {
        this.executionGraph = deployedIn;
        for (Map.Entry<String, SuperstepCoordinator> e : coordinators.entrySet()) {
            SuperstepCoordinator c = e.getValue();
            ExecutionVertex head = deployedIn.subtask(c.spec().headVertex().index(), 0);
            if (!head.isDeployed() || head.attempt() == c.attempt()) {
                continue;
            }
            String mismatch = deployedApart(c, head);
            if (mismatch != null) {
                String message = "Bug: the tasks of iteration '" + e.getKey() + "' were not deployed together with one attempt: " + mismatch;
                failJob.accept(new IllegalStateException(message), message);
                return;
            }
            c.start(head.attempt());
        }
    }

    private String deployedApart(SuperstepCoordinator c, ExecutionVertex head) {
        VertexGroup group = graph.groupOf(c.spec().headVertex(), VertexGroup.Kind.ITERATION).orElseThrow();
        for (JobVertexId member : group.members()) {
            for (int s = 0; s < graph.vertex(member).parallelism(); s++) {
                ExecutionVertex t = executionGraph.subtask(member.index(), s);
                if (!t.isDeployed() || t.attempt() != head.attempt()) {
                    return t + (t.isDeployed() ? "" : " (not deployed)") + " beside the head " + head;
                }
            }
        }
        return null;
    }

    /**
     * Task {@code task} finished superstep {@code superstep} ({@code MasterGateway.superstepDone}).
     * Ignored unless it is a live current attempt (see the class comment); fails the job if the
     * coordinator finds it impossible or cannot combine its aggregates.
     */
    public void superstepDone(TaskId task, int superstep, byte[] aggregatesBytes) {
        ExecutionVertex current = executionGraph == null ? null : executionGraph.task(task);
        if (current == null || !current.isDeployed() || current.isTerminal() || current.isCancelRequested()) {
            LOG.info("Job {}: ignoring the end of superstep {} reported by {}: {}", graph.jobId(), superstep, task,
                    current == null ? "not a current attempt of the job" : "the attempt " + (current.isDeployed() ? "has ended or is being cancelled"
                            : "is not deployed"));
            return;
        }
        SuperstepCoordinator c = byVertex.get(task.vertex());
        if (c == null) {
            String message = "Bug: task '" + current.taskName() + "' (" + task + ") reported the end of superstep " + superstep
                    + ", but its vertex is in no iteration";
            failJob.accept(new IllegalStateException(message), message);
            return;
        }
        try {
            c.onSuperstepDone(task, superstep, aggregatesBytes);
        } catch (RuntimeException e) {
            // Not hidden: the job fails with it (a loop without a decision would wait forever).
            failJob.accept(e, "Iteration '" + c.spec().name() + "' failed after task '" + current.taskName() + "' finished superstep "
                    + superstep + ": " + e.getMessage());
        }
    }

    /**
     * {@code spec} with where its loop resumes ({@link SuperstepCoordinator#resumeFor}) if its task is
     * a member of a loop that resumes after a snapshot; else {@code spec}.
     */
    public TaskDeploymentSpec withResume(TaskDeploymentSpec spec) {
        SuperstepCoordinator c = byVertex.get(spec.task().vertex());
        if (c == null) {
            return spec;
        }
        IterationResume resume = c.resumeFor(spec.task().attempt());
        return resume == null ? spec : spec.withIterationResume(resume);
    }

    /** The job ended: its iteration snapshots are deleted (in the background). */
    public void jobEnded() {
        if (snapshots != null) {
            snapshots.close();
        }
    }

    /** Sends a decision to the head task's worker; a head on a lost worker is left out (its failure restarts the loop). */
    private void sendDecision(TaskId headTask, SuperstepDecision decision) {
        ExecutionVertex head = executionGraph.task(headTask);
        if (head == null || head.worker().isLost()) {
            LOG.info("Job {}: not sending {} to {}: {}", graph.jobId(), decision, headTask, head == null ? "no current attempt" : "its worker was lost");
            return;
        }
        head.worker().gateway().superstepDecision(headTask, decision);
    }

    /** The superstep durations of every loop's last run, as accumulator values (see the class comment); empty without loops. */
    public Map<String, Serializable> accumulators() {
        Map<String, Serializable> values = new LinkedHashMap<>();
        for (Map.Entry<String, SuperstepCoordinator> e : coordinators.entrySet()) {
            values.put(superstepMillisAccumulator(e.getKey()), new ArrayList<>(e.getValue().superstepMillis()));
            values.put(firstSuperstepAccumulator(e.getKey()), e.getValue().firstSuperstep());
        }
        return values;
    }

    /** The loops' names (for logs and tests). */
    public List<String> names() {
        return List.copyOf(coordinators.keySet());
    }
}
