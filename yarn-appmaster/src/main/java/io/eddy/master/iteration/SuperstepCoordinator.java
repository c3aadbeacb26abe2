package io.eddy.master.iteration;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Synchronises the supersteps of one loop (one {@link VertexGroup.Kind#ITERATION} group) of a
 * running job (docs/iterations.md, the superstep protocol): it waits for {@code superstepDone(s)}
 * from every subtask of every member vertex, combines the aggregators the tasks reported ({@link
 * SuperstepAggregates}), decides whether the loop ends, and sends the decision with the combined
 * aggregates to every subtask of the head vertex.
 *
 * <pre>
 * NOT_STARTED --start(a)--> RUNNING(a, s = 1) --all reported s, continue--> RUNNING(a, s + 1)
 *                              |  '--all reported s, terminate--> ENDED(a)
 *                              '--start(a' > a): the loop's tasks were restarted--> RUNNING(a', s = 1)     (also from ENDED)
 * </pre>
 *
 * <p><b>Decision</b> after superstep s, the first that holds: the loop {@link
 * IterationSpec#endsOnEmptyCount() ends on an empty count} and the combined {@link
 * IterationSpec#TERMINATION_AGGREGATOR} is 0; the registry's convergence criterion holds on its
 * aggregator's combined value; s is {@code maxIterations}. Otherwise superstep s + 1 follows.
 *
 * <p><b>Reports that do not count.</b> A report of an older attempt than the run's (a task of a
 * restarted loop whose report was under way) is ignored and logged. Every other report that does not
 * fit is a bug of the runtime and throws {@code IllegalStateException("Bug: ...")}, which fails the
 * job: a task that is not a member, a newer attempt than the run's (the master starts the run when it
 * deploys the tasks, before any can report), a superstep other than the current one, a second report
 * of one superstep, a report after the loop ended. Reports of attempts the master is cancelling are
 * filtered before they reach the coordinator ({@link JobIterations}).
 *
 * <p><b>Restarts.</b> The loop's tasks form one pipelined region and restart together with a new
 * attempt; {@link #start} with that attempt drops the run so far and starts a new one at superstep 1,
 * or after the latest complete snapshot ({@link #resumeFor}).
 *
 * <p><b>Snapshots</b> (with {@link IterationSnapshots}; docs/iterations.md "Snapshots and
 * recovery"). A decision to continue after a superstep s that is a multiple of the interval names
 * the directory of snapshot s; the heads write their lane files before they end superstep s + 1, so
 * snapshot s is complete once every task reported s + 1. The coordinator keeps the latest complete
 * one with the combined aggregates of s, deletes the one before it, and resumes a restarted loop
 * after it. A resumed run that fails before its first superstep ended drops that snapshot (it may be
 * what failed: an unreadable file), so the next run starts at superstep 1; this is logged.
 *
 * <p><b>Durations.</b> A superstep lasts from the previous decision (for superstep 1: from {@link
 * #start}, i.e. the deployment of the loop's tasks) to its last report; {@link #superstepMillis()}
 * lists those of the current run, which the job's result carries (see {@link JobIterations}).
 *
 * <p>Threads: the master's main thread owns all fields (like the checkpoint coordinator).
 */
public final class SuperstepCoordinator {

    private static final Logger LOG = LoggerFactory.getLogger(SuperstepCoordinator.class);

    /** Where decisions go: the head task's worker. */
    @FunctionalInterface
    public interface DecisionSender {
        /** Sends {@code decision} to {@code headTask}; must not block. */
        void send(TaskId headTask, SuperstepDecision decision);
    }

    private enum Phase {
        NOT_STARTED,
        RUNNING,
        ENDED
    }

    private final JobId job;
    private final IterationSpec spec;
    /** The parallelism of each member vertex, by vertex index (members need not share the head's, e.g. a global reduce). */
    private final java.util.Map<Integer, Integer> members = new HashMap<>();
    /** The head's parallelism: how many heads hear each decision. */
    private final int parallelism;
    /** The tasks of the loop: the sum of the members' parallelism; each reports every superstep. */
    private final int tasks;
    private final ClassLoader userCode;
    private final Clock clock;
    private final DecisionSender sender;

    /** Null without snapshots. */
    private final IterationSnapshots snapshots;

    private Phase phase = Phase.NOT_STARTED;
    /** The attempt of the loop's tasks in the current run; -1 before the first. */
    private int attempt = -1;
    /** The superstep running (RUNNING) or the last one (ENDED), from 1. */
    private int superstep;
    /** The tasks that reported {@link #superstep}. */
    private final Set<TaskId> reported = new HashSet<>();
    private SuperstepAggregates aggregates;
    /** The registry of the current run: its convergence criterion lives for the run. */
    private AggregatorRegistry registry;
    private long superstepStart;
    private final List<Long> superstepMillis = new ArrayList<>();
    /** The first superstep of the current run: 1, or the one after the snapshot it resumed from. */
    private int firstSuperstep = 1;
    /** The snapshot taken after a superstep of the current run whose heads are writing it (complete after the next superstep), or null. */
    private Snapshot pending;
    /** The latest complete snapshot, or null. */
    private Snapshot latest;
    /** The attempt {@link #resumeFor} chose for, and what it chose (null: superstep 1). */
    private int resumeChosenFor = -1;
    private Snapshot resumeChoice;

    /** A snapshot after {@code superstep}: the combined aggregates of that superstep, and where the lanes' files are. */
    private record Snapshot(int superstep, byte[] aggregatesBytes, String dir) {}

    /**
     * The coordinator of {@code loop}, an ITERATION group of {@code graph}.
     *
     * @param userCode the job's class loader (aggregators and criteria are user classes)
     * @throws IllegalArgumentException naming the loop if its aggregators cannot be read
     */
    public SuperstepCoordinator(JobGraph graph, VertexGroup loop, ClassLoader userCode, Clock clock, DecisionSender sender) {
        this(graph, loop, userCode, clock, sender, null);
    }

    /**
     * The coordinator of {@code loop} with iteration snapshots ({@code snapshots} may be null: none).
     *
     * @throws IllegalArgumentException naming the loop if its aggregators cannot be read
     */
    public SuperstepCoordinator(JobGraph graph, VertexGroup loop, ClassLoader userCode, Clock clock, DecisionSender sender,
            IterationSnapshots snapshots) {
        if (loop.kind() != VertexGroup.Kind.ITERATION) {
            throw new IllegalArgumentException("Bug: a superstep coordinator for the " + loop.kind() + " group '" + loop.name() + "'");
        }
        this.job = graph.jobId();
        this.spec = loop.iteration();
        int count = 0;
        for (JobVertexId member : loop.members()) {
            int p = graph.vertex(member).parallelism();
            members.put(member.index(), p);
            count += p;
        }
        this.tasks = count;
        this.parallelism = graph.vertex(spec.headVertex()).parallelism();
        this.userCode = userCode;
        this.clock = clock;
        this.sender = sender;
        this.snapshots = snapshots;
        SuperstepAggregates.readRegistry(spec, userCode);
    }

    /** The loop's spec. */
    public IterationSpec spec() {
        return spec;
    }

    /** The attempt of the current run's tasks; -1 before the first run. */
    public int attempt() {
        return attempt;
    }

    /** The superstep running now, or the last one once the loop ended; 0 before the first run. */
    public int superstep() {
        return superstep;
    }

    /** Whether the current run's loop was told to terminate. */
    public boolean isEnded() {
        return phase == Phase.ENDED;
    }

    /** The first superstep of the current run: 1, or where it resumed after a snapshot. */
    public int firstSuperstep() {
        return firstSuperstep;
    }

    /** The superstep of the latest complete snapshot, or 0 if there is none. */
    public int latestSnapshot() {
        return latest == null ? 0 : latest.superstep();
    }

    /**
     * Where the loop's tasks of attempt {@code newAttempt} resume, or null for superstep 1: after the
     * latest complete snapshot. Chosen once per attempt (every task of the attempt asks while it is
     * deployed, before {@link #start}): if the current run resumed from that snapshot and failed
     * before its first superstep ended, the snapshot is dropped and the answer is null.
     */
    public IterationResume resumeFor(int newAttempt) {
        if (newAttempt != resumeChosenFor) {
            if (newAttempt <= attempt) {
                throw new IllegalStateException("Bug: iteration '" + spec.name() + "' of job " + job + " is asked where attempt " + newAttempt
                        + " resumes, but runs attempt " + attempt + " (attempts only grow)");
            }
            if (latest != null && phase == Phase.RUNNING && firstSuperstep == latest.superstep() + 1 && superstep == firstSuperstep) {
                LOG.warn("Job {}: iteration '{}' resumed from its snapshot of superstep {} at {}, but failed before superstep {} ended;"
                        + " the snapshot is dropped and the loop starts at superstep 1", job, spec.name(), latest.superstep(), latest.dir(),
                        firstSuperstep);
                drop(latest);
                latest = null;
            }
            resumeChosenFor = newAttempt;
            resumeChoice = latest;
        }
        return resumeChoice == null ? null
                : new IterationResume(resumeChoice.superstep() + 1, resumeChoice.aggregatesBytes(), resumeChoice.dir());
    }

    /** The duration of each superstep of the current run that ended, in milliseconds, its first superstep first (a copy). */
    public List<Long> superstepMillis() {
        return List.copyOf(superstepMillis);
    }

    /**
     * The loop's tasks of attempt {@code newAttempt} were deployed: a run starts at superstep 1, or
     * where {@link #resumeFor} said; the previous run (a restarted loop) is dropped with its reports,
     * durations and the snapshot its heads were writing.
     *
     * @throws IllegalStateException if {@code newAttempt} is not newer than the current run's
     */
    public void start(int newAttempt) {
        if (newAttempt <= attempt) {
            throw new IllegalStateException("Bug: iteration '" + spec.name() + "' of job " + job + " starts attempt " + newAttempt
                    + " after attempt " + attempt + " (attempts only grow)");
        }
        IterationResume resume = resumeFor(newAttempt);
        int first = resume == null ? 1 : resume.superstep();
        if (phase != Phase.NOT_STARTED) {
            LOG.info("Job {}: iteration '{}' restarts at superstep {} with attempt {} (attempt {} {} superstep {}){}", job, spec.name(),
                    first, newAttempt, attempt, phase == Phase.ENDED ? "had ended after" : "had reached", superstep,
                    resume == null ? "" : ", from its snapshot at " + resume.snapshotDir());
        }
        if (pending != null) {
            drop(pending);
            pending = null;
        }
        registry = SuperstepAggregates.readRegistry(spec, userCode);
        attempt = newAttempt;
        phase = Phase.RUNNING;
        superstepMillis.clear();
        firstSuperstep = first;
        beginSuperstep(first, clock.millis());
    }

    private void beginSuperstep(int next, long now) {
        superstep = next;
        reported.clear();
        aggregates = new SuperstepAggregates(spec, userCode);
        superstepStart = now;
    }

    /**
     * Task {@code task} finished superstep {@code finished} with the aggregator values {@code
     * aggregatesBytes} (a Java-serialized {@code HashMap<String, Serializable>}; null or empty for
     * none). If it was the last report of the superstep, decides and sends the decision to every
     * head task.
     *
     * @return the decision if this report completed the superstep, else null (also for an ignored report)
     * @throws IllegalStateException for a report that cannot happen (see the class comment), or if
     *     the aggregates cannot be combined; the job fails with it
     */
    public SuperstepDecision onSuperstepDone(TaskId task, int finished, byte[] aggregatesBytes) {
        checkMember(task);
        if (task.attempt() < attempt) {
            LOG.info("Job {}: iteration '{}': ignoring the end of superstep {} reported by {}, an attempt older than the loop's {}", job,
                    spec.name(), finished, task, attempt);
            return null;
        }
        if (task.attempt() > attempt) {
            throw new IllegalStateException("Bug: task " + task + " of iteration '" + spec.name() + "' reported the end of superstep " + finished
                    + ", but the loop " + (attempt < 0 ? "has not started" : "runs attempt " + attempt));
        }
        if (phase == Phase.ENDED) {
            throw new IllegalStateException("Bug: task " + task + " of iteration '" + spec.name() + "' reported the end of superstep " + finished
                    + " after the loop was told to terminate after superstep " + superstep);
        }
        if (finished != superstep) {
            throw new IllegalStateException("Bug: task " + task + " of iteration '" + spec.name() + "' reported the end of superstep " + finished
                    + " while superstep " + superstep + " runs");
        }
        if (reported.contains(task)) {
            throw new IllegalStateException("Bug: task " + task + " of iteration '" + spec.name() + "' reported the end of superstep " + finished
                    + " twice");
        }
        aggregates.add(task, aggregatesBytes);
        reported.add(task);
        return reported.size() == tasks ? decide() : null;
    }

    private void checkMember(TaskId task) {
        Integer p = members.get(task.vertex());
        if (!task.job().equals(job) || p == null || task.subtask() >= p) {
            throw new IllegalStateException("Bug: task " + task + " of job " + task.job() + " reported a superstep to iteration '"
                    + spec.name() + "' of job " + job + ", whose tasks are the subtasks of vertices " + members + " (vertex: parallelism)");
        }
    }

    private SuperstepDecision decide() {
        long now = clock.millis();
        long millis = now - superstepStart;
        superstepMillis.add(millis);
        HashMap<String, Serializable> combined = aggregates.combined();
        String end = endReasonOrNull();
        completePendingSnapshot();
        byte[] combinedBytes = InstantiationUtil.serialize(combined, "the combined aggregates of superstep " + superstep + " of iteration '"
                + spec.name() + "'");
        String snapshotDir = end == null && snapshots != null && snapshots.takesAfter(superstep) ? snapshots.dir(job, spec.name(), superstep) : null;
        if (snapshotDir != null) {
            pending = new Snapshot(superstep, combinedBytes, snapshotDir);
        }
        SuperstepDecision decision = new SuperstepDecision(superstep, end != null,
                end != null ? end : "superstep " + (superstep + 1) + " of at most " + spec.maxIterations() + " follows", combinedBytes,
                snapshotDir);
        LOG.info("Job {}: iteration '{}' (attempt {}): superstep {} ended after {} ms; {}: {}", job, spec.name(), attempt, superstep, millis,
                decision.terminate() ? "terminate" : "continue", decision.reason());
        if (decision.terminate()) {
            phase = Phase.ENDED;
            if (latest != null) {
                drop(latest);
                latest = null;
            }
        } else {
            beginSuperstep(superstep + 1, now);
        }
        for (int subtask = 0; subtask < parallelism; subtask++) {
            sender.send(new TaskId(job, spec.headVertex().index(), subtask, attempt), decision);
        }
        return decision;
    }

    /** Every task ended the superstep after the pending snapshot's: its heads wrote their files, so it is the latest. */
    private void completePendingSnapshot() {
        if (pending == null) {
            return;
        }
        if (pending.superstep() != superstep - 1) {
            throw new IllegalStateException("Bug: iteration '" + spec.name() + "' ended superstep " + superstep + " with the snapshot of superstep "
                    + pending.superstep() + " pending");
        }
        if (latest != null) {
            drop(latest);
        }
        latest = pending;
        pending = null;
        LOG.info("Job {}: iteration '{}': snapshot of superstep {} complete at {}", job, spec.name(), latest.superstep(), latest.dir());
    }

    private void drop(Snapshot snapshot) {
        snapshots.delete(snapshot.dir());
    }

    /** Why the loop ends after the superstep that just ended, or null if it goes on. */
    private String endReasonOrNull() {
        if (spec.endsOnEmptyCount() && aggregates.terminationCount() == 0) {
            return spec.kind() == IterationSpec.Kind.DELTA ? "the next workset is empty"
                    : "the termination criterion produced no record in superstep " + superstep;
        }
        if (registry.getConvergenceCriterion() != null
                && aggregates.converged(registry.getConvergenceCriterion(), registry.getConvergenceAggregatorName(), superstep)) {
            return "the convergence criterion on aggregator '" + registry.getConvergenceAggregatorName() + "' holds";
        }
        if (superstep >= spec.maxIterations()) {
            return "the maximum of " + spec.maxIterations() + " supersteps is reached";
        }
        return null;
    }

    @Override
    public String toString() {
        return "SuperstepCoordinator{" + spec.name() + ", " + phase + ", attempt " + attempt + ", superstep " + superstep + ", "
                + reported.size() + " of " + tasks + " reported}";
    }
}
