package io.eddy.runtime.timers;

import java.util.Objects;

/**
 * A timer as {@link TimerQueue} keeps it: time, key, namespace, the key's key group, and its
 * position in the heap. Two entries are equal when time, key and namespace are (that is what makes
 * registering twice keep one timer). Immutable apart from the heap position, which only the owning
 * queue touches on the task thread; snapshot writers read the other fields only.
 */
final class TimerHeapEntry<K, N> implements InternalTimer<K, N> {

    private final long timestamp;
    private final K key;
    private final N namespace;
    private final int keyGroup;
    /** Index in the queue's heap array, or -1 when not in a queue. Task thread. */
    int heapIndex = -1;

    TimerHeapEntry(long timestamp, K key, N namespace, int keyGroup) {
        this.timestamp = timestamp;
        this.key = key;
        this.namespace = namespace;
        this.keyGroup = keyGroup;
    }

    @Override
    public long timestamp() {
        return timestamp;
    }

    @Override
    public K key() {
        return key;
    }

    @Override
    public N namespace() {
        return namespace;
    }

    int keyGroup() {
        return keyGroup;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimerHeapEntry<?, ?> other && other.timestamp == timestamp && Objects.equals(other.key, key)
                && Objects.equals(other.namespace, namespace);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Long.hashCode(timestamp) + Objects.hashCode(key)) + Objects.hashCode(namespace);
    }

    @Override
    public String toString() {
        return "Timer(" + timestamp + ", key " + key + ", " + namespace + ")";
    }
}
