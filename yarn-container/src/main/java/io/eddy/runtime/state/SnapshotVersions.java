package io.eddy.runtime.state;

import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The copy-on-write clock of one keyed backend. Every snapshot gets a version ({@link #start()});
 * every array of a {@link StateMap} and every value in it carries the version ("epoch") that was
 * latest when it was created or copied. A snapshot with version {@code v} holds everything whose
 * epoch is below {@code v}, so an array or value must be copied before it is changed iff a snapshot
 * that is still running has a version above its epoch ({@link #isShared}).
 *
 * <p>Threads: {@link #start()}, {@link #latest()} and {@link #isShared} run on the task thread and
 * read plain fields; {@link #release} may run on any thread (the asynchronous snapshot writer). The
 * task thread's {@code highestRunning} is a conservative cache: a release is noticed the next time
 * something would be copied because of it (the slow path re-reads the concurrent set), so the hot
 * path pays one plain comparison and no volatile read, and nothing is copied once the snapshots
 * holding it are released.
 */
final class SnapshotVersions {

    // Task thread only.
    private int latest;
    // Task thread only: at least the highest version in 'running' (exactly it after a refresh).
    private int highestRunning;
    // Any thread.
    private final ConcurrentSkipListSet<Integer> running = new ConcurrentSkipListSet<>();

    /** The version of the latest snapshot, 0 before the first: the epoch of what is created now. */
    int latest() {
        return latest;
    }

    /** Starts a snapshot; task thread. */
    int start() {
        int version = ++latest;
        running.add(version);
        highestRunning = version;
        return version;
    }

    /** Ends snapshot {@code version}: what only it held need not be copied any more. Any thread; idempotent. */
    void release(int version) {
        running.remove(version);
    }

    /** Whether something created at {@code epoch} is held by a running snapshot; task thread. */
    boolean isShared(int epoch) {
        return epoch < highestRunning && refreshIsShared(epoch);
    }

    private boolean refreshIsShared(int epoch) {
        Integer highest = running.floor(Integer.MAX_VALUE);
        highestRunning = highest == null ? 0 : highest;
        return epoch < highestRunning;
    }

    /** The number of snapshots not yet released (for tests). */
    int runningCount() {
        return running.size();
    }
}
