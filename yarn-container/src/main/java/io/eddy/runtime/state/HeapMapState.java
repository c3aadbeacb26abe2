package io.eddy.runtime.state;

import io.eddy.api.common.state.MapState;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** {@link MapState} on the heap: a {@link HashMap} per key. Task thread only. */
final class HeapMapState<UK, UV> implements MapState<UK, UV> {

    private final HeapKeyedStateBackend backend;
    private final StateTable<HashMap<UK, UV>> table;

    HeapMapState(HeapKeyedStateBackend backend, StateTable<HashMap<UK, UV>> table) {
        this.backend = backend;
        this.table = table;
    }

    @Override
    public UV get(UK key) {
        HashMap<UK, UV> map = currentMap();
        return map == null ? null : map.get(key);
    }

    @Override
    public void put(UK key, UV value) {
        mapForUpdate().put(key, value);
    }

    @Override
    public void putAll(Map<UK, UV> map) {
        if (!map.isEmpty()) {
            mapForUpdate().putAll(map);
        }
    }

    @Override
    public void remove(UK key) {
        HashMap<UK, UV> map = currentMap();
        if (map != null) {
            map.remove(key);
            if (map.isEmpty()) {
                clear();
            }
        }
    }

    @Override
    public boolean contains(UK key) {
        HashMap<UK, UV> map = currentMap();
        return map != null && map.containsKey(key);
    }

    @Override
    public Iterable<Map.Entry<UK, UV>> entries() {
        HashMap<UK, UV> map = currentMap();
        return map == null ? Collections.emptySet() : Collections.unmodifiableMap(map).entrySet();
    }

    @Override
    public Iterable<UK> keys() {
        HashMap<UK, UV> map = currentMap();
        return map == null ? Collections.emptySet() : Collections.unmodifiableSet(map.keySet());
    }

    @Override
    public Iterable<UV> values() {
        HashMap<UK, UV> map = currentMap();
        return map == null ? Collections.emptyList() : Collections.unmodifiableCollection(map.values());
    }

    @Override
    public boolean isEmpty() {
        HashMap<UK, UV> map = currentMap();
        return map == null || map.isEmpty();
    }

    @Override
    public void clear() {
        table.remove(backend.currentKeyGroupIndex(), backend.getCurrentKey());
    }

    private HashMap<UK, UV> currentMap() {
        return table.get(backend.currentKeyGroupIndex(), backend.getCurrentKey());
    }

    private HashMap<UK, UV> mapForUpdate() {
        int keyGroupIndex = backend.currentKeyGroupIndex();
        Object key = backend.getCurrentKey();
        HashMap<UK, UV> map = table.get(keyGroupIndex, key);
        if (map == null) {
            map = new HashMap<>();
            table.put(keyGroupIndex, key, map);
        }
        return map;
    }
}
