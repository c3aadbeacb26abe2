package io.eddy.iteration.runtime;

import io.eddy.runtime.operators.OperatorContext;
import io.eddy.runtime.operators.TaskEnvironment;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * How a delta loop's operators of one lane share its {@link SolutionSet}: a {@link Slot} under one
 * key in the lane's {@code LaneResources}, created by whichever operator asks first. The key names
 * the iteration, the subtask and the attempt (a loop restarts as a whole, so one lane's operators
 * run one attempt).
 *
 * <p><b>Readiness.</b> The head creates the set when it opens ({@link #install}) and fills it from
 * the initial solution set; it declares it {@link #ready} when that input ended. Readers (the
 * solution-set joins and the delta tail) {@link #await} readiness before their first access:
 * their records come from every lane's head, hash-partitioned, so lane <i>i</i> may receive
 * workset-derived records while its own head still reads its share of the initial solution set. The
 * wait blocks the reader's task thread; it ends when the head of its lane read its input 0, which
 * comes from outside the loop and does not wait for the loop's tasks. Closing the slot (the head
 * closed, or the job was released) wakes waiters with a failure.
 *
 * <p><b>Supersteps.</b> The delta tail of lane <i>i</i> applies no record of superstep <i>s</i>
 * before head <i>i</i> {@linkplain #headStarted started} <i>s</i> ({@link #awaitHeadIn}): other
 * lanes' heads may start <i>s</i> earlier, and head <i>i</i> writes an iteration snapshot of the set
 * as it was after <i>s − 1</i> before it starts <i>s</i>. The wait ends when head <i>i</i> hears the
 * master's decision, which needs nothing from the waiting tail (it reported <i>s − 1</i>).
 */
final class LaneSolutionSets {

    private LaneSolutionSets() {}

    /** Holds a lane's solution set from the head's open to the lane's release. */
    static final class Slot implements AutoCloseable {
        private final CompletableFuture<SolutionSet<?>> ready = new CompletableFuture<>();
        // Guarded by this.
        private SolutionSet<?> set;
        /** The superstep the lane's head started last (after the first); 0 before. Guarded by this, waited on. */
        private int headSuperstep;
        private boolean closed;

        @Override
        public void close() throws Exception {
            SolutionSet<?> s;
            synchronized (this) {
                s = set;
                set = null;
            }
            ready.completeExceptionally(new IllegalStateException("the solution set was closed: its loop ended or failed"));
            if (s != null) {
                s.close();
            }
        }
    }

    static String key(OperatorContext<?> context, String iteration) {
        TaskEnvironment env = context.environment();
        return "delta-iteration-solution-set/" + iteration + "/" + env.subtaskIndex() + "/" + env.attempt();
    }

    /** What the lane's solution set is called in messages. */
    static String describe(OperatorContext<?> context, String iteration) {
        TaskEnvironment env = context.environment();
        return "solution set of iteration '" + iteration + "', lane " + (env.subtaskIndex() + 1) + "/" + env.parallelism();
    }

    private static Slot slot(OperatorContext<?> context, String iteration) {
        return context.environment().laneResources().computeIfAbsent(key(context, iteration), Slot.class, Slot::new);
    }

    /** The head installs its lane's set, not ready yet; it fails if the lane has one already (a second head, a bug). */
    static void install(OperatorContext<?> context, String iteration, SolutionSet<?> set) {
        Slot slot = slot(context, iteration);
        synchronized (slot) {
            if (slot.set != null || slot.ready.isDone()) {
                throw new IllegalStateException("Bug: the " + describe(context, iteration) + " exists already when operator '"
                        + context.nameWithSubtask() + "' opens (expected: one head per lane and attempt)");
            }
            slot.set = set;
        }
    }

    /** The head read the whole initial solution set: readers may go on. */
    static void ready(OperatorContext<?> context, String iteration) {
        Slot slot = slot(context, iteration);
        SolutionSet<?> set;
        synchronized (slot) {
            set = slot.set;
        }
        if (set == null || !slot.ready.complete(set)) {
            throw new IllegalStateException("Bug: the " + describe(context, iteration) + " was " + (set == null ? "not installed" : "ready already")
                    + " when operator '" + context.nameWithSubtask() + "' read its initial solution set");
        }
    }

    /** The lane's head starts superstep {@code superstep} (after the first): the lane's delta tail may apply its records. */
    static void headStarted(OperatorContext<?> context, String iteration, int superstep) {
        Slot slot = slot(context, iteration);
        synchronized (slot) {
            slot.headSuperstep = Math.max(slot.headSuperstep, superstep);
            slot.notifyAll();
        }
    }

    /**
     * Waits until the lane's head started superstep {@code superstep} (a later one than the run's first).
     *
     * @throws IllegalStateException if the set was closed first (the loop failed or ended)
     * @throws InterruptedException if the task is cancelled while it waits
     */
    static void awaitHeadIn(OperatorContext<?> context, String iteration, int superstep) throws InterruptedException {
        Slot slot = slot(context, iteration);
        synchronized (slot) {
            while (slot.headSuperstep < superstep && !slot.closed) {
                slot.wait();
            }
            if (slot.headSuperstep < superstep) {
                throw new IllegalStateException("Operator '" + context.nameWithSubtask() + "' cannot apply records of superstep " + superstep
                        + " to the " + describe(context, iteration) + ": the set was closed (its loop ended or failed)");
            }
        }
    }

    /**
     * The lane's solution set once its head read the initial solution set; waits until then.
     *
     * @throws IllegalStateException if the set was closed before it was ready (the loop failed)
     * @throws InterruptedException if the task is cancelled while it waits
     */
    @SuppressWarnings("unchecked")
    static <T> SolutionSet<T> await(OperatorContext<?> context, String iteration) throws InterruptedException {
        try {
            return (SolutionSet<T>) slot(context, iteration).ready.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("Operator '" + context.nameWithSubtask() + "' cannot read the " + describe(context, iteration)
                    + ": " + e.getCause().getMessage(), e.getCause());
        }
    }
}
