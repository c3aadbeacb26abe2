package io.eddy.runtime.state;

import io.eddy.api.common.state.MapState;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** {@link MapState} on the heap: a {@link HashMap} per key (and namespace). Task thread only. */
final class HeapMapState<N, UK, UV> extends AbstractHeapState<N, HashMap<UK, UV>> implements MapState<UK, UV> {

    HeapMapState(HeapKeyedStateBackend backend, RegisteredKeyedState meta) {
        super(backend, meta);
    }

    @Override
    public UV get(UK key) {
        HashMap<UK, UV> map = read();
        return map == null ? null : map.get(key);
    }

    @Override
    public void put(UK key, UV value) {
        HashMap<UK, UV> map = mapForUpdate();
        map.put(key, value);
        write(map);
    }

    @Override
    public void putAll(Map<UK, UV> map) {
        if (!map.isEmpty()) {
            HashMap<UK, UV> current = mapForUpdate();
            current.putAll(map);
            write(current);
        }
    }

    @Override
    public void remove(UK key) {
        HashMap<UK, UV> map = readForUpdate();
        if (map != null && map.containsKey(key)) {
            map.remove(key);
            if (map.isEmpty()) {
                clear();
            } else {
                write(map);
            }
        }
    }

    @Override
    public boolean contains(UK key) {
        HashMap<UK, UV> map = read();
        return map != null && map.containsKey(key);
    }

    @Override
    public Iterable<Map.Entry<UK, UV>> entries() {
        HashMap<UK, UV> map = read();
        return map == null ? Collections.emptySet() : Collections.unmodifiableMap(map).entrySet();
    }

    @Override
    public Iterable<UK> keys() {
        HashMap<UK, UV> map = read();
        return map == null ? Collections.emptySet() : Collections.unmodifiableSet(map.keySet());
    }

    @Override
    public Iterable<UV> values() {
        HashMap<UK, UV> map = read();
        return map == null ? Collections.emptyList() : Collections.unmodifiableCollection(map.values());
    }

    @Override
    public boolean isEmpty() {
        HashMap<UK, UV> map = read();
        return map == null || map.isEmpty();
    }

    private HashMap<UK, UV> mapForUpdate() {
        HashMap<UK, UV> map = readForUpdate();
        return map == null ? new HashMap<>() : map;
    }
}
