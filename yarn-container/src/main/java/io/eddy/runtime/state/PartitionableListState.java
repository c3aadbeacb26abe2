package io.eddy.runtime.state;

import io.eddy.api.common.state.ListState;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One operator list state of a {@link HeapOperatorStateBackend}: a list of elements per parallel
 * instance, redistributed on rescaling by its {@link OperatorStateHandle.Mode}. Not scoped to keys.
 *
 * <p>Task thread only.
 */
final class PartitionableListState<S> implements ListState<S> {

    private final String name;
    private final OperatorStateHandle.Mode mode;
    private TypeSerializer<S> serializer;
    private final ArrayList<S> elements = new ArrayList<>();
    /** True while the state was restored and the operator has not registered it again. */
    private boolean awaitingRegistration;

    PartitionableListState(String name, OperatorStateHandle.Mode mode, TypeSerializer<S> serializer) {
        this.name = name;
        this.mode = mode;
        this.serializer = serializer;
    }

    String name() {
        return name;
    }

    OperatorStateHandle.Mode mode() {
        return mode;
    }

    TypeSerializer<S> serializer() {
        return serializer;
    }

    boolean awaitingRegistration() {
        return awaitingRegistration;
    }

    void markRestored() {
        awaitingRegistration = true;
    }

    /** The operator registered the state again, with {@code newSerializer} (checked to be compatible). */
    void registered(TypeSerializer<S> newSerializer) {
        this.serializer = newSerializer;
        this.awaitingRegistration = false;
    }

    void addRestored(S element) {
        elements.add(element);
    }

    @Override
    public Iterable<S> get() {
        return Collections.unmodifiableList(elements);
    }

    @Override
    public void add(S value) {
        elements.add(requireNonNull(value));
    }

    @Override
    public void addAll(List<S> values) {
        values.forEach(this::requireNonNull);
        elements.addAll(values);
    }

    @Override
    public void update(List<S> values) {
        values.forEach(this::requireNonNull);
        elements.clear();
        elements.addAll(values);
    }

    @Override
    public void clear() {
        elements.clear();
    }

    /** A copy of the elements that later changes do not affect (deep, unless the type is immutable); for snapshots. */
    List<S> copyElements() {
        if (serializer.isImmutableType()) {
            return new ArrayList<>(elements);
        }
        List<S> copy = new ArrayList<>(elements.size());
        for (S element : elements) {
            copy.add(serializer.copy(element));
        }
        return copy;
    }

    private S requireNonNull(S value) {
        if (value == null) {
            throw new NullPointerException("Operator list state '" + name + "' does not accept null elements");
        }
        return value;
    }
}
