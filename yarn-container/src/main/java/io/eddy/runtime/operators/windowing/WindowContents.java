package io.eddy.runtime.operators.windowing;

import io.eddy.api.common.state.AggregatingState;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ReducingState;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.InternalMergingState;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collection;
import java.util.Iterator;

/**
 * The contents of the windows of the current key, in keyed state with the window as namespace:
 * the elements (list state), the elements with their timestamps (evicting windows), or one reduced
 * or aggregated value. {@link #setWindow} scopes the calls that follow. Task thread only.
 *
 * @param <IN> the element type
 * @param <ACC> what {@link #get} returns: an {@code Iterable<IN>}, an {@code Iterable<TimestampedValue<IN>>}, or the single value
 */
abstract class WindowContents<IN, ACC, W extends Window> {

    private final InternalMergingState<W> state;

    WindowContents(InternalMergingState<W> state) {
        this.state = state;
    }

    /** The contents of the descriptor's kind, registered in {@code backend} and scoped to {@code window}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <IN, ACC, W extends Window> WindowContents<IN, ACC, W> create(HeapKeyedStateBackend backend, StateDescriptor<?> descriptor,
            TypeSerializer<W> windowSerializer, W window, boolean timestamped) {
        Object state = backend.getPartitionedState(window, windowSerializer, descriptor);
        if (descriptor instanceof ListStateDescriptor<?>) {
            return timestamped ? (WindowContents) new TimestampedElements<IN, W>((ListState) state) : (WindowContents) new Elements<IN, W>((ListState) state);
        }
        if (descriptor instanceof ReducingStateDescriptor<?>) {
            return (WindowContents) new Reduced<IN, W>((ReducingState<IN>) state);
        }
        if (descriptor instanceof AggregatingStateDescriptor<?, ?, ?>) {
            return (WindowContents) new Aggregated<IN, Object, W>((AggregatingState<IN, Object>) state);
        }
        throw new IllegalArgumentException("Bug: window contents cannot be kept in " + descriptor
                + " (expected: a list, reducing or aggregating state descriptor)");
    }

    final void setWindow(W window) {
        state.setCurrentNamespace(window);
    }

    abstract void add(StreamRecord<IN> record) throws Exception;

    /** The contents of the current window, or null if it has none. */
    abstract ACC get() throws Exception;

    final void clear() {
        state.clear();
    }

    /** Merges the contents of {@code sources} into {@code target} and clears them in {@code sources}. */
    final void merge(W target, Collection<W> sources) throws Exception {
        state.mergeNamespaces(target, sources);
    }

    private static final class Elements<IN, W extends Window> extends WindowContents<IN, Iterable<IN>, W> {
        private final ListState<IN> list;

        @SuppressWarnings("unchecked")
        Elements(ListState<IN> list) {
            super((InternalMergingState<W>) list);
            this.list = list;
        }

        @Override
        void add(StreamRecord<IN> record) throws Exception {
            list.add(record.getValue());
        }

        @Override
        Iterable<IN> get() throws Exception {
            Iterable<IN> elements = list.get();
            Iterator<IN> it = elements.iterator();
            return it.hasNext() ? elements : null;
        }
    }

    private static final class TimestampedElements<IN, W extends Window> extends WindowContents<IN, Iterable<TimestampedValue<IN>>, W> {
        private final ListState<TimestampedValue<IN>> list;

        @SuppressWarnings("unchecked")
        TimestampedElements(ListState<TimestampedValue<IN>> list) {
            super((InternalMergingState<W>) list);
            this.list = list;
        }

        @Override
        void add(StreamRecord<IN> record) throws Exception {
            list.add(record.hasTimestamp() ? new TimestampedValue<>(record.getValue(), record.getTimestamp())
                    : new TimestampedValue<>(record.getValue()));
        }

        @Override
        Iterable<TimestampedValue<IN>> get() throws Exception {
            Iterable<TimestampedValue<IN>> elements = list.get();
            return elements.iterator().hasNext() ? elements : null;
        }

        /** Replaces the current window's elements (after eviction). */
        void update(java.util.List<TimestampedValue<IN>> remaining) throws Exception {
            list.update(remaining);
        }
    }

    /** The evicting operator's access to the timestamped elements. */
    @SuppressWarnings("unchecked")
    void updateTimestamped(java.util.List<TimestampedValue<IN>> remaining) throws Exception {
        if (!(this instanceof TimestampedElements<?, ?>)) {
            throw new IllegalStateException("Bug: only evicting windows keep timestamped elements");
        }
        ((TimestampedElements<IN, W>) this).update(remaining);
    }

    private static final class Reduced<IN, W extends Window> extends WindowContents<IN, IN, W> {
        private final ReducingState<IN> reducing;

        @SuppressWarnings("unchecked")
        Reduced(ReducingState<IN> reducing) {
            super((InternalMergingState<W>) reducing);
            this.reducing = reducing;
        }

        @Override
        void add(StreamRecord<IN> record) throws Exception {
            reducing.add(record.getValue());
        }

        @Override
        IN get() throws Exception {
            return reducing.get();
        }
    }

    private static final class Aggregated<IN, OUT, W extends Window> extends WindowContents<IN, OUT, W> {
        private final AggregatingState<IN, OUT> aggregating;

        @SuppressWarnings("unchecked")
        Aggregated(AggregatingState<IN, OUT> aggregating) {
            super((InternalMergingState<W>) aggregating);
            this.aggregating = aggregating;
        }

        @Override
        void add(StreamRecord<IN> record) throws Exception {
            aggregating.add(record.getValue());
        }

        @Override
        OUT get() throws Exception {
            return aggregating.get();
        }
    }
}
