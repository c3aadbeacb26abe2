package io.eddy.runtime.io.network.api;

/**
 * Picks the subpartition (the consumer subtask) of each record. Instances hold state (round-robin
 * position, random generator), so each record writer has its own; used by the task thread only.
 */
public interface ChannelSelector<T> {

    /** Called once before the first record with the number of subpartitions. */
    void setup(int numberOfChannels);

    /** The subpartition of {@code record}, in {@code [0, numberOfChannels)}. Not called when {@link #isBroadcast()}. */
    int selectChannel(T record);

    /** Whether every record goes to every subpartition. */
    boolean isBroadcast();

    /**
     * The key the last {@link #selectChannel} computed, for a selector that partitions by key and
     * when handing the key on saves work; null otherwise (for any other selector, and for an
     * {@link Integer} key, which a consumer extracts again for less than its box costs). A local
     * consumer whose key selector is this edge's may use it instead of computing the key again.
     */
    default Object lastKey() {
        return null;
    }

    /**
     * The key group of the key the last {@link #selectChannel} computed (for the consumer's maximum
     * parallelism), or -1 for a selector that does not partition by key. Set also for an
     * {@link Integer} key, whose {@link #lastKey()} is null. A local consumer uses it with the key
     * (or with the int it extracts again), so that it need not hash the key again.
     */
    default int lastKeyGroup() {
        return -1;
    }
}
