package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.streaming.api.testutils.TestOperatorStateStore;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs checkpointed sources the way the runtime does: each subtask's {@code run} on its own
 * thread, snapshots taken by the test thread while holding the subtask's checkpoint lock, a
 * "failure" (cancel) after the snapshot that discards the output emitted after it, and a restore
 * of the snapshots, redistributed over another parallelism, into fresh instances.
 */
final class CheckpointedSourceDriver {

    private static final long TIMEOUT_SECONDS = 30;

    private CheckpointedSourceDriver() {
    }

    /**
     * Runs {@code rounds.length} attempts: attempt r runs with parallelism {@code rounds[r][0]};
     * every attempt but the last is snapshotted once each subtask emitted at least {@code
     * rounds[r][1]} elements (or ended), then fails. The last attempt runs to the end.
     *
     * @return the output that survives: per attempt what was emitted before its snapshot, plus all of the last attempt
     */
    static <T, F extends SourceFunction<T> & CheckpointedFunction> List<T> runWithFailures(Supplier<F> factory, int[][] rounds)
            throws Exception {
        List<T> survived = new ArrayList<>();
        List<TestOperatorStateStore.Snapshot> restored = null;
        for (int r = 0; r < rounds.length; r++) {
            int parallelism = rounds[r][0];
            List<TestOperatorStateStore.Snapshot> assigned = restored == null ? null : TestOperatorStateStore.redistribute(restored, parallelism);
            List<SubtaskRun<T>> runs = new ArrayList<>();
            for (int i = 0; i < parallelism; i++) {
                runs.add(SubtaskRun.start(factory.get(), i, parallelism, assigned == null ? null : assigned.get(i)));
            }
            if (r == rounds.length - 1) {
                for (SubtaskRun<T> run : runs) {
                    run.join();
                    survived.addAll(run.elements());
                }
                return survived;
            }
            restored = new ArrayList<>();
            for (SubtaskRun<T> run : runs) {
                run.awaitAtLeast(rounds[r][1]);
            }
            for (SubtaskRun<T> run : runs) {
                restored.add(run.snapshot(r + 1, survived));
            }
            for (SubtaskRun<T> run : runs) {
                run.cancelAndJoin();
            }
        }
        return survived;
    }

    /** Asserts that {@code actual} holds the elements of {@code expected} exactly once each, in any order. */
    static <T extends Comparable<T>> void assertExactlyOnce(List<T> actual, List<T> expected) {
        java.util.Map<T, Integer> counts = new java.util.HashMap<>();
        for (T t : actual) {
            counts.merge(t, 1, Integer::sum);
        }
        List<T> missing = new ArrayList<>();
        for (T t : expected) {
            Integer c = counts.remove(t);
            if (c == null) {
                missing.add(t);
            } else if (c > 1) {
                throw new AssertionError("emitted " + c + " times: " + t);
            }
        }
        if (!missing.isEmpty() || !counts.isEmpty()) {
            throw new AssertionError("missing " + missing.size() + " (first: " + missing.stream().limit(5).toList() + "), unexpected "
                    + counts.keySet().stream().limit(5).toList());
        }
    }

    /** One subtask: the function, its state store and the thread running it. */
    static final class SubtaskRun<T> implements SourceFunction.SourceContext<T> {

        private final Object lock = new Object();
        private final SourceFunction<T> function;
        private final TestOperatorStateStore store;
        /** Guarded by lock. */
        private final List<T> elements = new ArrayList<>();
        /** Guarded by lock. */
        private boolean ended;
        /** The element count a waiter waits for (notified only then, to keep collect cheap). Guarded by lock. */
        private int awaited = -1;
        private final CompletableFuture<Void> done = new CompletableFuture<>();

        private SubtaskRun(SourceFunction<T> function, TestOperatorStateStore store) {
            this.function = function;
            this.store = store;
        }

        static <T, F extends SourceFunction<T> & CheckpointedFunction> SubtaskRun<T> start(F function, int subtask, int parallelism,
                TestOperatorStateStore.Snapshot restored) throws Exception {
            TestOperatorStateStore store = new TestOperatorStateStore(restored);
            if (function instanceof RichFunction rich) {
                rich.setRuntimeContext(new TestRuntimeContext(subtask, parallelism));
            }
            function.initializeState(store.initContext());
            if (function instanceof RichFunction rich) {
                rich.open();
            }
            SubtaskRun<T> run = new SubtaskRun<>(function, store);
            Thread t = new Thread(run::runSource, "source " + subtask + "/" + parallelism);
            t.setDaemon(true);
            t.start();
            return run;
        }

        private void runSource() {
            try {
                function.run(this);
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            } finally {
                synchronized (lock) {
                    ended = true;
                    lock.notifyAll();
                }
            }
        }

        @Override
        public void collect(T element) {
            synchronized (lock) {
                elements.add(element);
                if (elements.size() == awaited) {
                    lock.notifyAll();
                }
            }
        }

        @Override
        public void collectWithTimestamp(T element, long timestamp) {
            collect(element);
        }

        @Override
        public Object getCheckpointLock() {
            return lock;
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            // The sources under test emit no watermarks; event time is not part of what is checked here.
        }

        @Override
        public void markAsTemporarilyIdle() {
            // Idleness does not matter for the checkpoint behaviour under test.
        }

        void awaitAtLeast(int n) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            synchronized (lock) {
                awaited = n;
                while (elements.size() < n && !ended) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("source emitted only " + elements.size() + " of " + n + " elements in " + TIMEOUT_SECONDS + " s");
                    }
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                }
            }
        }

        /** Snapshots under the checkpoint lock; adds what was emitted up to now to {@code survived}. */
        TestOperatorStateStore.Snapshot snapshot(long checkpointId, List<T> survived) throws Exception {
            synchronized (lock) {
                ((CheckpointedFunction) function).snapshotState(TestOperatorStateStore.snapshotContext(checkpointId));
                survived.addAll(elements);
                return store.snapshot();
            }
        }

        void cancelAndJoin() throws Exception {
            function.cancel();
            join();
        }

        void join() throws Exception {
            done.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }

        List<T> elements() {
            synchronized (lock) {
                return new ArrayList<>(elements);
            }
        }
    }
}
