package io.eddy.runtime.state;

import io.eddy.api.common.state.ListState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** {@link ListState} on the heap: an {@link ArrayList} per key (and namespace). Task thread only. */
final class HeapListState<N, T> extends AbstractHeapState<N, ArrayList<T>> implements ListState<T>, InternalMergingState<N> {

    HeapListState(HeapKeyedStateBackend backend, RegisteredKeyedState meta) {
        super(backend, meta);
    }

    @Override
    public Iterable<T> get() {
        ArrayList<T> list = read();
        return list == null ? Collections.emptyList() : Collections.unmodifiableList(list);
    }

    @Override
    public void add(T value) {
        requireNonNull(value);
        ArrayList<T> list = listForUpdate();
        list.add(value);
        write(list);
    }

    @Override
    public void addAll(List<T> values) {
        if (values.isEmpty()) {
            return;
        }
        values.forEach(this::requireNonNull);
        ArrayList<T> list = listForUpdate();
        list.addAll(values);
        write(list);
    }

    @Override
    public void update(List<T> values) {
        values.forEach(this::requireNonNull);
        if (values.isEmpty()) {
            clear();
        } else {
            write(new ArrayList<>(values));
        }
    }

    @Override
    public void mergeNamespaces(N target, Collection<N> sources) throws Exception {
        mergeNamespacesInto(target, sources);
    }

    @Override
    ArrayList<T> mergeValues(ArrayList<T> a, ArrayList<T> b) {
        a.addAll(b);
        return a;
    }

    private ArrayList<T> listForUpdate() {
        ArrayList<T> list = readForUpdate();
        return list == null ? new ArrayList<>() : list;
    }

    private void requireNonNull(T value) {
        if (value == null) {
            throw new NullPointerException("ListState '" + name + "' does not accept null elements (key " + backend.getCurrentKey() + ")");
        }
    }
}
