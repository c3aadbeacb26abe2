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
     * The key group of {@link #lastKey()} (for the consumer's maximum parallelism), or -1 when
     * there is no key. A local consumer uses it with the key, so that it need not hash the key again.
     */
    default int lastKeyGroup() {
        return -1;
    }
}
