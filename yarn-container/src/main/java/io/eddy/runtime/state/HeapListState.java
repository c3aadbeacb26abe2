package io.eddy.runtime.state;

import io.eddy.api.common.state.ListState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** {@link ListState} on the heap: an {@link ArrayList} per key. Task thread only. */
final class HeapListState<T> implements ListState<T> {

    private final HeapKeyedStateBackend backend;
    private final StateTable<ArrayList<T>> table;
    private final String name;

    HeapListState(HeapKeyedStateBackend backend, StateTable<ArrayList<T>> table, String name) {
        this.backend = backend;
        this.table = table;
        this.name = name;
    }

    @Override
    public Iterable<T> get() {
        ArrayList<T> list = table.get(backend.currentKeyGroupIndex(), backend.getCurrentKey());
        return list == null ? Collections.emptyList() : Collections.unmodifiableList(list);
    }

    @Override
    public void add(T value) {
        requireNonNull(value);
        listForUpdate().add(value);
    }

    @Override
    public void addAll(List<T> values) {
        if (values.isEmpty()) {
            return;
        }
        values.forEach(this::requireNonNull);
        listForUpdate().addAll(values);
    }

    @Override
    public void update(List<T> values) {
        values.forEach(this::requireNonNull);
        if (values.isEmpty()) {
            clear();
        } else {
            table.put(backend.currentKeyGroupIndex(), backend.getCurrentKey(), new ArrayList<>(values));
        }
    }

    @Override
    public void clear() {
        table.remove(backend.currentKeyGroupIndex(), backend.getCurrentKey());
    }

    private ArrayList<T> listForUpdate() {
        int keyGroupIndex = backend.currentKeyGroupIndex();
        Object key = backend.getCurrentKey();
        ArrayList<T> list = table.get(keyGroupIndex, key);
        if (list == null) {
            list = new ArrayList<>();
            table.put(keyGroupIndex, key, list);
        }
        return list;
    }

    private void requireNonNull(T value) {
        if (value == null) {
            throw new NullPointerException("ListState '" + name + "' does not accept null elements (key " + backend.getCurrentKey() + ")");
        }
    }
}
