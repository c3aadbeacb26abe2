package io.eddy.runtime.state;

import java.util.Collections;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The values of one piece of keyed state, split by key group: one {@link StateMap} of entry key
 * (the key, or a {@link NamespacedKey}) to value per key group of the backend's range. The split
 * lets a snapshot write and restore the state key group by key group, so that it can be
 * redistributed when the parallelism changes.
 *
 * <p>Owned by the task thread; not thread-safe. {@link #snapshot()} takes the copy-on-write views
 * that the asynchronous writer reads.
 */
final class StateTable<V> {

    private final int firstKeyGroup;
    /**
     * A map per key group from the start: an empty map shares its arrays with every other empty
     * one until its first key ({@link StateMap}), so this costs a small object per key group. No
     * lookup has a branch for a missing map, which a new job's first keys would take after the
     * previous job's compiled code had learnt that it is never taken.
     */
    private final StateMap<V>[] byKeyGroup;

    @SuppressWarnings("unchecked")
    StateTable(int firstKeyGroup, int numberOfKeyGroups, SnapshotVersions versions) {
        this.firstKeyGroup = firstKeyGroup;
        this.byKeyGroup = (StateMap<V>[]) new StateMap<?>[numberOfKeyGroups];
        for (int i = 0; i < numberOfKeyGroups; i++) {
            byKeyGroup[i] = new StateMap<>(versions);
        }
    }

    V get(int keyGroupIndex, Object key) {
        return byKeyGroup[keyGroupIndex].get(key);
    }

    /** The value of {@code key}, copied first with {@code copier} if a running snapshot holds it; see {@link StateMap#getOwned}. */
    V getOwned(int keyGroupIndex, Object key, UnaryOperator<V> copier) {
        return byKeyGroup[keyGroupIndex].getOwned(key, copier);
    }

    /** Sets the value (not null) of {@code key}; a state without a value uses {@link #remove}. */
    void put(int keyGroupIndex, Object key, V value) {
        byKeyGroup[keyGroupIndex].put(key, value);
    }

    void remove(int keyGroupIndex, Object key) {
        byKeyGroup[keyGroupIndex].remove(key);
    }

    /** {@link #get} for the {@link Integer} key {@code key}, without boxing it. */
    V getInt(int keyGroupIndex, int key) {
        return byKeyGroup[keyGroupIndex].getInt(key);
    }

    /** {@link #put} for the {@link Integer} key {@code key}; boxes it only to insert it. */
    void putInt(int keyGroupIndex, int key, V value) {
        byKeyGroup[keyGroupIndex].putInt(key, value);
    }

    /** {@link #remove} for the {@link Integer} key {@code key}, without boxing it. */
    void removeInt(int keyGroupIndex, int key) {
        byKeyGroup[keyGroupIndex].removeInt(key);
    }

    /** The entries of key group {@code keyGroup} (an absolute key group number), read-only. */
    Map<Object, V> entriesOfKeyGroup(int keyGroup) {
        return Collections.unmodifiableMap(byKeyGroup[keyGroup - firstKeyGroup].asReadOnlyMap());
    }

    /** Per key group index, the entries as of now (null for a key group without entries); O(key groups). */
    StateMap.View[] snapshot() {
        StateMap.View[] views = new StateMap.View[byKeyGroup.length];
        for (int i = 0; i < views.length; i++) {
            StateMap<V> map = byKeyGroup[i];
            views[i] = map.size() == 0 ? null : map.snapshot();
        }
        return views;
    }

    /** The number of keys with a value, over all key groups. */
    int size() {
        int size = 0;
        for (StateMap<V> map : byKeyGroup) {
            size += map.size();
        }
        return size;
    }
}
