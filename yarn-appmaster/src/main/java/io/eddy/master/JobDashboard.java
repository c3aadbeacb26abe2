package io.eddy.master;

import io.eddy.executor.JobDetails;
import java.util.List;
import java.util.Objects;

/**
 * What the dashboard shows of one job (docs/dashboard.md): its details, its graph's
 * edges, its recent history of record counts, and its subtasks' latest samples.
 *
 * @param details the job's state and per vertex its subtasks, splits and records
 * @param edges the job graph's edges
 * @param history the recent samples of each vertex's counts, oldest first
 * @param subtasks per subtask that reported, its latest sample (with its worker)
 * @param checkpoints its checkpoints: counts, the latest that ended, the latest restore
 * @param failures the latest failures of its tasks and workers, newest first
 * @param plan for a batch job, the plan the optimizer chose as {@code eddy plan} prints it; null otherwise
 */
public record JobDashboard(JobDetails details, List<Edge> edges, History history, List<JobMetrics.Subtask> subtasks,
        CheckpointsView checkpoints, List<Failure> failures, String plan) {

    public JobDashboard {
        Objects.requireNonNull(details, "details");
        edges = List.copyOf(edges);
        Objects.requireNonNull(history, "history");
        subtasks = List.copyOf(subtasks);
        Objects.requireNonNull(checkpoints, "checkpoints");
        failures = List.copyOf(failures);
    }

    /**
     * A failure of a task (or of the tasks of a lost worker).
     *
     * @param timeMillis when the master heard of it
     * @param tasks the failed task's name with its subtask (or the lost worker's tasks)
     * @param worker the worker it ran on
     * @param exceptionClass the exception's class
     * @param message its message (which names the operator for a failure in user code)
     * @param rootCause the innermost cause's class and message
     * @param stackTrace the stack traces of the exception and its causes, as the worker saw them
     */
    public record Failure(long timeMillis, String tasks, String worker, String exceptionClass, String message, String rootCause,
            String stackTrace) {}

    /**
     * An edge of the job graph.
     *
     * @param source the producing vertex's index
     * @param target the consuming vertex's index
     * @param shipStrategy how records are distributed ({@code FORWARD}, {@code HASH}, {@code BROADCAST}, ...)
     * @param exchangeMode {@code PIPELINED} or {@code BLOCKING}
     * @param role what the edge is to its consumer ({@code DATA}, {@code BROADCAST}, a loop's feedback, ...)
     */
    public record Edge(int source, int target, String shipStrategy, String exchangeMode, String role) {}

    /**
     * The samples, oldest first; the master samples a running job once a second.
     *
     * @param times when each was taken, epoch milliseconds
     * @param vertices per vertex (graph order) its series
     */
    public record History(List<Long> times, List<Series> vertices) {}

    /**
     * One vertex's counts at the sample times (sums over its subtasks' latest attempts).
     *
     * @param recordsIn records read
     * @param recordsOut records written
     * @param backPressuredMillis time waited for room in the outputs
     */
    public record Series(List<Long> recordsIn, List<Long> recordsOut, List<Long> backPressuredMillis) {}
}
