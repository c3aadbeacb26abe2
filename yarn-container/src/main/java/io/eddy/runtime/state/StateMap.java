package io.eddy.runtime.state;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The values of one key group of one piece of keyed state: an open-addressing hash map (linear
 * probing, backward-shift deletion, no per-entry objects) from key to value.
 *
 * <p>Each slot keeps its key's hash code beside the key, so that a probe compares hash codes first
 * and dereferences a stored key only when they match: a stored key is an object the map has not
 * touched for a while (its cache line is cold), and the hashes also spare removal and resizing any
 * call of {@code hashCode()}. While every key is an {@link Integer}, equal hash codes mean equal
 * keys and a lookup never reads a stored key at all (keyed streams are often keyed by an int).
 *
 * <p>It remembers the slot of the last key it looked up. A keyed operator reads a state of the
 * current key and then writes or clears it ({@code value()} then {@code update()}), always with the
 * same key object (the backend's current key), so the write finds its slot without a second
 * lookup. The memo is dropped by every change that moves entries (removal, resize) and replaced by
 * an insertion.
 *
 * <p>Copy-on-write for asynchronous snapshots ({@link SnapshotVersions}): {@link #snapshot()} hands
 * out the current arrays; the map copies its arrays before the next change that would touch them
 * while a snapshot still holds them, and {@link #getOwned} copies a value (with the state's copier)
 * before the caller may change it in place. Each slot remembers the epoch of its value.
 *
 * <p>Owned by the task thread; not thread-safe. A {@link View} is immutable and may be read by any
 * thread once handed over.
 */
final class StateMap<V> {

    private static final int INITIAL_CAPACITY = 8;
    /** Fibonacci hashing: spreads hash codes whose low bits are alike (keys of one key group often are). */
    private static final int GOLDEN = 0x9E3779B9;

    /**
     * The arrays of every map that never held a key: two empty slots, never written (the first
     * insertion resizes, {@link #growAt} is 0), so that a table can hold a map per key group from
     * the start without allocating their arrays.
     */
    private static final Object[] NO_OBJECTS = new Object[2];
    private static final int[] NO_INTS = new int[2];

    private final SnapshotVersions versions;
    private Object[] keys = NO_OBJECTS;
    private Object[] values = NO_OBJECTS;
    private int[] epochs = NO_INTS;
    /** Per slot the {@code hashCode()} of its key (meaningless where there is no key). */
    private int[] hashes = NO_INTS;
    /** The size at which the next insertion resizes first: half the capacity, 0 while the arrays are the shared empty ones. */
    private int growAt;
    /** Whether every key ever put is an {@link Integer}: then equal hash codes mean equal keys. */
    private boolean integerKeysOnly = true;
    /** The epoch of the keys and values arrays: a snapshot taken after it holds them. */
    private int arraysEpoch;
    private int shift = Integer.numberOfLeadingZeros(NO_OBJECTS.length - 1);
    private int size;

    /** The key object of the last lookup (compared by identity) and its slot, or -1 if absent. */
    private Object memoKey;
    private int memoSlot;
    /** The hash code of {@code memoKey}. */
    private int memoHash;

    StateMap(SnapshotVersions versions) {
        this.versions = versions;
        this.arraysEpoch = versions.latest();
    }

    int size() {
        return size;
    }

    /**
     * The value of {@code key}, or null, which the caller may change in place: if a running
     * snapshot holds it, it is replaced by {@code copier}'s copy first.
     */
    @SuppressWarnings("unchecked")
    V getOwned(Object key, java.util.function.UnaryOperator<V> copier) {
        int slot = find(key);
        if (slot < 0) {
            return null;
        }
        V value = (V) values[slot];
        if (versions.isShared(epochs[slot])) {
            ensureArraysOwned();
            value = copier.apply(value);
            values[slot] = value;
            epochs[slot] = versions.latest();
        }
        return value;
    }

    /** The entries as of now, unaffected by later changes (copy-on-write); O(1). */
    View snapshot() {
        return new View(keys, values, size);
    }

    /**
     * Copies the arrays a running snapshot holds (keys and values, see {@link #snapshot()}) before
     * they are changed. Epochs and hashes are the map's own: the copies keep every entry's slot.
     */
    private void ensureArraysOwned() {
        if (versions.isShared(arraysEpoch)) {
            keys = keys.clone();
            values = values.clone();
            arraysEpoch = versions.latest();
        }
    }

    /** The value of {@code key}, or null. */
    @SuppressWarnings("unchecked")
    V get(Object key) {
        int slot = find(key);
        return slot < 0 ? null : (V) values[slot];
    }

    /**
     * Sets the value of {@code key} (not null). The value must not be held by a snapshot: a new
     * object, or one obtained from {@link #getOwned}.
     */
    void put(Object key, V value) {
        Objects.requireNonNull(value, "value");
        int slot = find(key);
        if (slot >= 0) {
            ensureArraysOwned();
            values[slot] = value;
            epochs[slot] = versions.latest();
            return;
        }
        int hash = memoHash; // find() just hashed this key
        if (size >= growAt) {
            resize();
        } else {
            ensureArraysOwned();
        }
        int mask = keys.length - 1;
        slot = indexFor(hash);
        while (keys[slot] != null) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        values[slot] = value;
        epochs[slot] = versions.latest();
        hashes[slot] = hash;
        if (key.getClass() != Integer.class) {
            integerKeysOnly = false;
        }
        size++;
        memoKey = key;
        memoSlot = slot;
        memoHash = hash;
    }

    /** Removes {@code key} and its value, if present. */
    void remove(Object key) {
        int slot = find(key);
        if (slot < 0) {
            return;
        }
        ensureArraysOwned();
        memoKey = null;
        size--;
        shiftBack(slot);
    }

    /** The slot of {@code key}, or -1. Remembers the answer for the same key object. */
    private int find(Object key) {
        if (key == memoKey && key != null) {
            return memoSlot;
        }
        int mask = keys.length - 1;
        int hash = key.hashCode();
        int slot = indexFor(hash);
        boolean sameHashIsSameKey = integerKeysOnly && key.getClass() == Integer.class;
        Object k;
        while ((k = keys[slot]) != null) {
            if (hashes[slot] == hash && (sameHashIsSameKey || k == key || k.equals(key))) {
                memoKey = key;
                memoSlot = slot;
                memoHash = hash;
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        memoKey = key;
        memoSlot = -1;
        memoHash = hash;
        return -1;
    }

    private int indexFor(int hash) {
        return (hash * GOLDEN) >>> shift;
    }

    /** Empties {@code slot} and moves later entries of the same probe run back, so that lookups need no tombstones. */
    private void shiftBack(int slot) {
        int mask = keys.length - 1;
        int hole = slot;
        int next = (hole + 1) & mask;
        while (keys[next] != null) {
            int home = indexFor(hashes[next]);
            // Move the entry at 'next' into the hole unless its home slot lies cyclically in (hole, next].
            if (((next - home) & mask) >= ((next - hole) & mask)) {
                keys[hole] = keys[next];
                values[hole] = values[next];
                epochs[hole] = epochs[next];
                hashes[hole] = hashes[next];
                hole = next;
            }
            next = (next + 1) & mask;
        }
        keys[hole] = null;
        values[hole] = null;
    }

    private void resize() {
        Object[] oldKeys = keys;
        Object[] oldValues = values;
        int[] oldEpochs = epochs;
        int[] oldHashes = hashes;
        int doubled = oldKeys.length * 2;
        if (doubled <= 0) {
            throw new IllegalStateException("Keyed state of one key group exceeds " + oldKeys.length / 2
                    + " keys: raise the maximum parallelism so that keys spread over more key groups");
        }
        int capacity = Math.max(INITIAL_CAPACITY, doubled);
        keys = new Object[capacity];
        values = new Object[capacity];
        epochs = new int[capacity];
        hashes = new int[capacity];
        arraysEpoch = versions.latest();
        shift = Integer.numberOfLeadingZeros(capacity - 1);
        growAt = capacity / 2;
        memoKey = null;
        int mask = capacity - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            Object key = oldKeys[i];
            if (key != null) {
                int slot = indexFor(oldHashes[i]);
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                values[slot] = oldValues[i];
                epochs[slot] = oldEpochs[i];
                hashes[slot] = oldHashes[i];
            }
        }
    }

    /** A read-only view of the entries (for snapshots and tests); it must not be used across changes. */
    Map<Object, V> asReadOnlyMap() {
        return new AbstractMap<>() {
            @Override
            public Set<Entry<Object, V>> entrySet() {
                return new AbstractSet<>() {
                    @Override
                    public Iterator<Entry<Object, V>> iterator() {
                        return new EntryIterator();
                    }

                    @Override
                    public int size() {
                        return size;
                    }
                };
            }

            @Override
            public V get(Object key) {
                return key == null ? null : StateMap.this.get(key);
            }

            @Override
            public boolean containsKey(Object key) {
                return key != null && find(key) >= 0;
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private final class EntryIterator implements Iterator<Map.Entry<Object, V>> {

        private int next = advance(0);

        private int advance(int from) {
            int slot = from;
            while (slot < keys.length && keys[slot] == null) {
                slot++;
            }
            return slot;
        }

        @Override
        public boolean hasNext() {
            return next < keys.length;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Map.Entry<Object, V> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Map.Entry<Object, V> entry = Map.entry(keys[next], (V) values[next]);
            next = advance(next + 1);
            return entry;
        }
    }

    /** The entries of a map at one moment: arrays no one changes any more (see {@link #snapshot()}). */
    static final class View {
        private final Object[] keys;
        private final Object[] values;
        private final int size;

        private View(Object[] keys, Object[] values, int size) {
            this.keys = keys;
            this.values = values;
            this.size = size;
        }

        int size() {
            return size;
        }

        /** The capacity: slots {@code 0..capacity()-1}, of which {@link #size()} hold an entry. */
        int capacity() {
            return keys.length;
        }

        /** The key in {@code slot}, or null for an empty slot. */
        Object keyAt(int slot) {
            return keys[slot];
        }

        Object valueAt(int slot) {
            return values[slot];
        }
    }
}
