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
    private final SnapshotVersions versions;
    // A key group's map is created on first write, so an operator with few keys stays small.
    private final StateMap<V>[] byKeyGroup;

    @SuppressWarnings("unchecked")
    StateTable(int firstKeyGroup, int numberOfKeyGroups, SnapshotVersions versions) {
        this.firstKeyGroup = firstKeyGroup;
        this.versions = versions;
        this.byKeyGroup = (StateMap<V>[]) new StateMap<?>[numberOfKeyGroups];
    }

    V get(int keyGroupIndex, Object key) {
        StateMap<V> map = byKeyGroup[keyGroupIndex];
        return map == null ? null : map.get(key);
    }

    /** The value of {@code key}, copied first with {@code copier} if a running snapshot holds it; see {@link StateMap#getOwned}. */
    V getOwned(int keyGroupIndex, Object key, UnaryOperator<V> copier) {
        StateMap<V> map = byKeyGroup[keyGroupIndex];
        return map == null ? null : map.getOwned(key, copier);
    }

    /** Sets the value (not null) of {@code key}; a state without a value uses {@link #remove}. */
    void put(int keyGroupIndex, Object key, V value) {
        StateMap<V> map = byKeyGroup[keyGroupIndex];
        if (map == null) {
            map = new StateMap<>(versions);
            byKeyGroup[keyGroupIndex] = map;
        }
        map.put(key, value);
    }

    void remove(int keyGroupIndex, Object key) {
        StateMap<V> map = byKeyGroup[keyGroupIndex];
        if (map != null) {
            map.remove(key);
        }
    }

    /** The entries of key group {@code keyGroup} (an absolute key group number), read-only. */
    Map<Object, V> entriesOfKeyGroup(int keyGroup) {
        StateMap<V> map = byKeyGroup[keyGroup - firstKeyGroup];
        return map == null ? Collections.emptyMap() : Collections.unmodifiableMap(map.asReadOnlyMap());
    }

    /** Per key group index, the entries as of now (null for a key group without entries); O(key groups). */
    StateMap.View[] snapshot() {
        StateMap.View[] views = new StateMap.View[byKeyGroup.length];
        for (int i = 0; i < views.length; i++) {
            StateMap<V> map = byKeyGroup[i];
            views[i] = map == null || map.size() == 0 ? null : map.snapshot();
        }
        return views;
    }

    /** The number of keys with a value, over all key groups. */
    int size() {
        int size = 0;
        for (StateMap<V> map : byKeyGroup) {
            size += map == null ? 0 : map.size();
        }
        return size;
    }
}
