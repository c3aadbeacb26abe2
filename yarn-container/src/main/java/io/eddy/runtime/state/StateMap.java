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
 * call of {@code hashCode()}. A slot's four fields lie in two arrays, each interleaved by slot (key
 * and value in one, hash and epoch in the other), so that reading and then updating a key's value
 * touches two cache lines, not four. While every key is an {@link Integer}, equal hash codes mean equal
 * keys and a lookup never reads a stored key at all (keyed streams are often keyed by an int). An
 * Integer key can also be given as an int ({@link #getInt}, {@link #putInt}, {@link #removeInt}):
 * its hash code is the int itself, and it is boxed only to be inserted.
 *
 * <p>It remembers the slot of the last key object it looked up. A keyed operator reads a state of
 * the current key and then writes or clears it ({@code value()} then {@code update()}), always with
 * the same key object (the backend's current key), so the write finds its slot without calling
 * {@code hashCode()} and {@code equals} again. The memo is dropped by every change that moves
 * entries (removal, resize) and replaced by an insertion. An int key is not remembered: looking it
 * up again compares ints in cache lines the first lookup brought in, which costs less than the
 * field stores and the check that keeping the memo adds to every int lookup.
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
    private static final Object[] NO_OBJECTS = new Object[2 * 2];
    private static final int[] NO_INTS = new int[2 * 2];

    private final SnapshotVersions versions;
    /** Slot {@code s}'s key at {@code 2s} (null: an empty slot) and its value at {@code 2s + 1}. */
    private Object[] entries = NO_OBJECTS;
    /**
     * Slot {@code s}'s key's {@code hashCode()} at {@code 2s} (meaningless where there is no key)
     * and its value's epoch at {@code 2s + 1}.
     */
    private int[] meta = NO_INTS;
    /** The size at which the next insertion resizes first: half the capacity, 0 while the arrays are the shared empty ones. */
    private int growAt;
    /** Whether every key ever put is an {@link Integer}: then equal hash codes mean equal keys. */
    private boolean integerKeysOnly = true;
    /** The epoch of the entries array: a snapshot taken after it holds it. */
    private int arraysEpoch;
    private int shift = Integer.numberOfLeadingZeros(NO_OBJECTS.length / 2 - 1);
    private int size;

    /** The key object (never an Integer) of the last lookup by object, compared by identity, and its slot, or -1 if absent. */
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
        V value = (V) entries[2 * slot + 1];
        if (versions.isShared(meta[2 * slot + 1])) {
            ensureArraysOwned();
            value = copier.apply(value);
            entries[2 * slot + 1] = value;
            meta[2 * slot + 1] = versions.latest();
        }
        return value;
    }

    /** The entries as of now, unaffected by later changes (copy-on-write); O(1). */
    View snapshot() {
        return new View(entries, size);
    }

    /**
     * Copies the array a running snapshot holds (keys and values, see {@link #snapshot()}) before
     * it is changed. Hashes and epochs are the map's own: the copy keeps every entry's slot.
     */
    private void ensureArraysOwned() {
        if (versions.isShared(arraysEpoch)) {
            entries = entries.clone();
            arraysEpoch = versions.latest();
        }
    }

    /** The value of {@code key}, or null. */
    @SuppressWarnings("unchecked")
    V get(Object key) {
        int slot = find(key);
        return slot < 0 ? null : (V) entries[2 * slot + 1];
    }

    /**
     * Sets the value of {@code key} (not null). The value must not be held by a snapshot: a new
     * object, or one obtained from {@link #getOwned}.
     */
    void put(Object key, V value) {
        if (key.getClass() == Integer.class) {
            putInt((Integer) key, value); // find() leaves no hash behind for an Integer
            return;
        }
        Objects.requireNonNull(value, "value");
        int slot = find(key);
        if (slot >= 0) {
            replaceValue(slot, value);
        } else {
            insert(key, memoHash, value); // find() just hashed this key (not an Integer)
        }
    }

    /** {@link #get} for the {@link Integer} key {@code key}, without boxing it. */
    @SuppressWarnings("unchecked")
    V getInt(int key) {
        int slot = findInt(key);
        return slot < 0 ? null : (V) entries[2 * slot + 1];
    }

    /** {@link #put} for the {@link Integer} key {@code key}; it is boxed only if it is not in the map yet. */
    void putInt(int key, V value) {
        Objects.requireNonNull(value, "value");
        int slot = findInt(key);
        if (slot >= 0) {
            replaceValue(slot, value);
        } else {
            insert(Integer.valueOf(key), Integer.hashCode(key), value);
        }
    }

    /** {@link #remove} for the {@link Integer} key {@code key}, without boxing it. */
    void removeInt(int key) {
        int slot = findInt(key);
        if (slot >= 0) {
            removeAt(slot);
        }
    }

    private void replaceValue(int slot, V value) {
        ensureArraysOwned();
        entries[2 * slot + 1] = value;
        meta[2 * slot + 1] = versions.latest();
    }

    /** Inserts {@code key}, which is not in the map, with its hash code {@code hash}, and remembers its slot unless it is an Integer. */
    private void insert(Object key, int hash, V value) {
        if (size >= growAt) {
            resize();
        } else {
            ensureArraysOwned();
        }
        int mask = capacity() - 1;
        int slot = indexFor(hash);
        while (entries[2 * slot] != null) {
            slot = (slot + 1) & mask;
        }
        entries[2 * slot] = key;
        entries[2 * slot + 1] = value;
        meta[2 * slot] = hash;
        meta[2 * slot + 1] = versions.latest();
        boolean integer = key.getClass() == Integer.class;
        integerKeysOnly &= integer;
        size++;
        if (!integer) { // an insertion moves no entry: the memo of another key stays right
            memoKey = key;
            memoSlot = slot;
            memoHash = hash;
        }
    }

    /** Removes {@code key} and its value, if present. */
    void remove(Object key) {
        int slot = find(key);
        if (slot >= 0) {
            removeAt(slot);
        }
    }

    private void removeAt(int slot) {
        ensureArraysOwned();
        memoKey = null;
        size--;
        shiftBack(slot);
    }

    /**
     * The slot of {@code key}, or -1. Remembers the answer for the same key object; an {@link
     * Integer} is looked up by its value ({@link #findInt}) and not remembered.
     */
    private int find(Object key) {
        if (key == memoKey && key != null) {
            return memoSlot;
        }
        if (key.getClass() == Integer.class) {
            return findInt((Integer) key);
        }
        int mask = capacity() - 1;
        int hash = key.hashCode();
        int slot = indexFor(hash);
        Object k;
        while ((k = entries[2 * slot]) != null) {
            if (meta[2 * slot] == hash && (k == key || k.equals(key))) {
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

    /**
     * {@link #find} for the {@link Integer} key {@code key}, whose hash code is {@code key}: while
     * every key is an Integer, equal hash codes mean equal keys and no stored key is read.
     */
    private int findInt(int key) {
        int mask = capacity() - 1;
        int slot = indexFor(key);
        Object k;
        while ((k = entries[2 * slot]) != null) {
            if (meta[2 * slot] == key && (integerKeysOnly || (k instanceof Integer stored && stored.intValue() == key))) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    private int indexFor(int hash) {
        return (hash * GOLDEN) >>> shift;
    }

    /** The number of slots, a power of two. */
    private int capacity() {
        return entries.length >> 1;
    }

    /** Empties {@code slot} and moves later entries of the same probe run back, so that lookups need no tombstones. */
    private void shiftBack(int slot) {
        int mask = capacity() - 1;
        int hole = slot;
        int next = (hole + 1) & mask;
        while (entries[2 * next] != null) {
            int home = indexFor(meta[2 * next]);
            // Move the entry at 'next' into the hole unless its home slot lies cyclically in (hole, next].
            if (((next - home) & mask) >= ((next - hole) & mask)) {
                entries[2 * hole] = entries[2 * next];
                entries[2 * hole + 1] = entries[2 * next + 1];
                meta[2 * hole] = meta[2 * next];
                meta[2 * hole + 1] = meta[2 * next + 1];
                hole = next;
            }
            next = (next + 1) & mask;
        }
        entries[2 * hole] = null;
        entries[2 * hole + 1] = null;
    }

    private void resize() {
        Object[] oldEntries = entries;
        int[] oldMeta = meta;
        int oldCapacity = capacity();
        int doubled = oldCapacity * 2;
        // The arrays hold two elements per slot, so they reach Java's limit at half the capacity.
        if (doubled <= 0 || doubled > (1 << 29)) {
            throw new IllegalStateException("Keyed state of one key group exceeds " + oldCapacity / 2
                    + " keys: raise the maximum parallelism so that keys spread over more key groups");
        }
        int capacity = Math.max(INITIAL_CAPACITY, doubled);
        entries = new Object[2 * capacity];
        meta = new int[2 * capacity];
        arraysEpoch = versions.latest();
        shift = Integer.numberOfLeadingZeros(capacity - 1);
        growAt = capacity / 2;
        memoKey = null;
        int mask = capacity - 1;
        for (int i = 0; i < oldCapacity; i++) {
            Object key = oldEntries[2 * i];
            if (key != null) {
                int hash = oldMeta[2 * i];
                int slot = indexFor(hash);
                while (entries[2 * slot] != null) {
                    slot = (slot + 1) & mask;
                }
                entries[2 * slot] = key;
                entries[2 * slot + 1] = oldEntries[2 * i + 1];
                meta[2 * slot] = hash;
                meta[2 * slot + 1] = oldMeta[2 * i + 1];
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
            while (slot < capacity() && entries[2 * slot] == null) {
                slot++;
            }
            return slot;
        }

        @Override
        public boolean hasNext() {
            return next < capacity();
        }

        @Override
        @SuppressWarnings("unchecked")
        public Map.Entry<Object, V> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Map.Entry<Object, V> entry = Map.entry(entries[2 * next], (V) entries[2 * next + 1]);
            next = advance(next + 1);
            return entry;
        }
    }

    /** The entries of a map at one moment: arrays no one changes any more (see {@link #snapshot()}). */
    static final class View {
        /** As {@link StateMap#entries}: key of slot {@code s} at {@code 2s}, value at {@code 2s + 1}. */
        private final Object[] entries;
        private final int size;

        private View(Object[] entries, int size) {
            this.entries = entries;
            this.size = size;
        }

        int size() {
            return size;
        }

        /** The capacity: slots {@code 0..capacity()-1}, of which {@link #size()} hold an entry. */
        int capacity() {
            return entries.length >> 1;
        }

        /** The key in {@code slot}, or null for an empty slot. */
        Object keyAt(int slot) {
            return entries[2 * slot];
        }

        Object valueAt(int slot) {
            return entries[2 * slot + 1];
        }
    }
}
