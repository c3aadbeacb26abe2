package io.eddy.runtime.state;

import java.util.Collections;
import java.util.Map;

/**
 * The values of one piece of keyed state, split by key group: one {@link StateMap} of key to value
 * per key group of the backend's range. The split lets a later snapshot write and restore the state
 * key group by key group, so that it can be redistributed when the parallelism changes.
 *
 * <p>Owned by the task thread; not thread-safe.
 */
final class StateTable<V> {

    private final int firstKeyGroup;
    // A key group's map is created on first write, so an operator with few keys stays small.
    private final StateMap<V>[] byKeyGroup;

    @SuppressWarnings("unchecked")
    StateTable(int firstKeyGroup, int numberOfKeyGroups) {
        this.firstKeyGroup = firstKeyGroup;
        this.byKeyGroup = (StateMap<V>[]) new StateMap<?>[numberOfKeyGroups];
    }

    V get(int keyGroupIndex, Object key) {
        StateMap<V> map = byKeyGroup[keyGroupIndex];
        return map == null ? null : map.get(key);
    }

    /** Sets the value (not null) of {@code key}; a state without a value uses {@link #remove}. */
    void put(int keyGroupIndex, Object key, V value) {
        StateMap<V> map = byKeyGroup[keyGroupIndex];
        if (map == null) {
            map = new StateMap<>();
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

    /** The number of keys with a value, over all key groups. */
    int size() {
        int size = 0;
        for (StateMap<V> map : byKeyGroup) {
            size += map == null ? 0 : map.size();
        }
        return size;
    }
}
