package io.eddy.master.client;

import io.eddy.jobgraph.JobId;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.tasks.TaskExecutionState;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the client that submitted a job how the job goes ({@link ClientGateway#jobStatusChanged}),
 * in a handful of updates per job attempt rather than one per task event:
 *
 * <pre>
 * first deployment             RUNNING, 0 of 4 tasks running; deployed 4 of 4 tasks
 * every task RUNNING           RUNNING, 4 of 4 tasks running            (once per attempt)
 * restart decided              RUNNING, 3 of 4 tasks running; restarting after: CAUSE; restoring checkpoint 12
 * failing / cancelling         FAILING, 3 of 4 tasks running; CAUSE     /  CANCELLING, ...; cancelled
 * </pre>
 *
 * The end of the job is {@link ClientGateway#jobFinished}, sent by the {@link ClientRelay}.
 *
 * <p>Threads: used by its {@link ClientRelay} on the master's main thread only, which owns its
 * fields. Updates are one-way sends that never block; a client that cannot take one (gone, or a
 * failing gateway) costs a log line, never the job.
 */
public final class JobProgress {

    private static final Logger LOG = LoggerFactory.getLogger(JobProgress.class);

    /** The longest message sent; failure summaries are cut to their first line and to this length. */
    public static final int MAX_MESSAGE_LENGTH = 500;

    private final JobId job;
    private final ClientGateway client;
    private final Clock clock;
    /** Whether the first deployment was reported. */
    private boolean deployedReported;
    /** Whether "all tasks running" was reported for the current attempt; reset by a restart. */
    private boolean allRunningReported;

    public JobProgress(JobId job, ClientGateway client, Clock clock) {
        this.job = job;
        this.client = client;
        this.clock = clock;
    }

    /** Tasks were deployed: reported the first time only (later regions and restarts are not news). */
    public void deployed(ExecutionGraph graph) {
        if (deployedReported) {
            return;
        }
        deployedReported = true;
        long deployed = graph.tasks().stream().filter(ExecutionVertex::isDeployed).count();
        send(graph, JobStatus.RUNNING, "deployed " + deployed + " of " + graph.tasks().size() + " tasks");
    }

    /** A task reported RUNNING: reported once all tasks of the job run, once per attempt. */
    public void taskRunning(ExecutionGraph graph) {
        if (!allRunningReported && allRunning(graph)) {
            allRunningReported = true;
            send(graph, JobStatus.RUNNING, null);
        }
    }

    /**
     * A restart was decided.
     *
     * @param causeSummary what failed, e.g. {@code Task 'Map (2/4)' on worker-2 (127.0.0.1) failed: ...}
     * @param restoreOrNull what the new attempts restore, e.g. {@code restoring checkpoint 12}, or null
     */
    public void restarting(ExecutionGraph graph, String causeSummary, String restoreOrNull) {
        allRunningReported = false;
        send(graph, JobStatus.RUNNING, "restarting after: " + oneLine(causeSummary) + (restoreOrNull == null ? "" : "; " + restoreOrNull));
    }

    /** The job started failing with {@code causeSummary} (no restart left, or not restartable). */
    public void failing(ExecutionGraph graph, String causeSummary) {
        send(graph, JobStatus.FAILING, oneLine(causeSummary));
    }

    /** The job started cancelling. */
    public void cancelling(ExecutionGraph graph) {
        send(graph, JobStatus.CANCELLING, "cancelled");
    }

    private void send(ExecutionGraph graph, JobStatus status, String messageOrNull) {
        JobStatusUpdate update = new JobStatusUpdate(job, status, clock.millis(), running(graph), graph.tasks().size(), messageOrNull);
        try {
            client.jobStatusChanged(update);
        } catch (RuntimeException e) {
            LOG.warn("Job {}: the client did not take the status update '{}': {}", job, update.describe("job"), e.toString());
        }
    }

    /**
     * Whether every task runs. Called per task that reports RUNNING, so it stops at the first task
     * that does not: while few run that is after a few tasks, instead of counting all n tasks for
     * each of the n reports (O(n log n) for tasks starting in random order, O(n) in order).
     */
    private static boolean allRunning(ExecutionGraph graph) {
        for (ExecutionVertex t : graph.tasks()) {
            if (t.state() != TaskExecutionState.RUNNING) {
                return false;
            }
        }
        return true;
    }

    private static int running(ExecutionGraph graph) {
        int running = 0;
        for (ExecutionVertex t : graph.tasks()) {
            if (t.state() == TaskExecutionState.RUNNING) {
                running++;
            }
        }
        return running;
    }

    /** The first line of {@code text}, at most {@link #MAX_MESSAGE_LENGTH} characters. */
    public static String oneLine(String text) {
        int end = text.length();
        int newline = text.indexOf('\n');
        if (newline >= 0) {
            end = newline > 0 && text.charAt(newline - 1) == '\r' ? newline - 1 : newline;
        }
        String line = text.substring(0, end);
        return line.length() <= MAX_MESSAGE_LENGTH ? line : line.substring(0, MAX_MESSAGE_LENGTH - 3) + "...";
    }
}
