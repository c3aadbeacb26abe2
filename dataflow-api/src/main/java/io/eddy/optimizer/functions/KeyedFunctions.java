package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.java.tuple.Tuple2;

/**
 * The program's functions run over {@code (key, record)} pairs made by {@link KeyExtractor}: each
 * passes the records ({@code f1}) to the wrapped function. See {@code docs/optimizer.md}.
 */
public final class KeyedFunctions {

    private KeyedFunctions() {}

    /** A reduce over pairs: keeps the key, reduces the records. */
    public static final class Reducer<K, T> extends WrappingFunction<ReduceFunction<T>> implements ReduceFunction<Tuple2<K, T>> {
        private static final long serialVersionUID = 1L;

        public Reducer(ReduceFunction<T> wrapped) {
            super(wrapped);
        }

        @Override
        public Tuple2<K, T> reduce(Tuple2<K, T> a, Tuple2<K, T> b) throws Exception {
            return Tuple2.of(a.f0, wrapped.reduce(a.f1, b.f1));
        }
    }

    /** A group reduce over pairs. */
    public static class GroupReducer<K, IN, OUT> extends WrappingFunction<GroupReduceFunction<IN, OUT>>
            implements GroupReduceFunction<Tuple2<K, IN>, OUT> {
        private static final long serialVersionUID = 1L;

        public GroupReducer(GroupReduceFunction<IN, OUT> wrapped) {
            super(wrapped);
        }

        @Override
        public void reduce(Iterable<Tuple2<K, IN>> values, Collector<OUT> out) throws Exception {
            wrapped.reduce(values(values), out);
        }
    }

    /** A group reduce over pairs whose function is combinable: the combiner keeps each group's key on its output. */
    public static final class CombinableGroupReducer<K, IN, OUT> extends GroupReducer<K, IN, OUT>
            implements GroupCombineFunction<Tuple2<K, IN>, Tuple2<K, IN>> {
        private static final long serialVersionUID = 1L;

        public CombinableGroupReducer(GroupReduceFunction<IN, OUT> wrapped) {
            super(wrapped);
            if (!(wrapped instanceof GroupCombineFunction<?, ?>)) {
                throw new IllegalArgumentException("Bug: " + wrapped.getClass().getName() + " is not a GroupCombineFunction");
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public void combine(Iterable<Tuple2<K, IN>> values, Collector<Tuple2<K, IN>> out) throws Exception {
            // The group's records share one key; remember it as they pass (group iterables may be single-pass).
            java.util.Iterator<Tuple2<K, IN>> it = values.iterator();
            java.util.concurrent.atomic.AtomicReference<K> key = new java.util.concurrent.atomic.AtomicReference<>();
            Iterable<IN> records = () -> new java.util.Iterator<IN>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public IN next() {
                    Tuple2<K, IN> pair = it.next();
                    key.set(pair.f0);
                    return pair.f1;
                }
            };
            GroupCombineFunction<IN, IN> combiner = (GroupCombineFunction<IN, IN>) wrapped;
            combiner.combine(records, new Collector<IN>() {
                @Override
                public void collect(IN record) {
                    if (key.get() == null) {
                        throw new IllegalStateException("The combine function " + wrapped.getClass().getName()
                                + " emitted a record before reading one; with a KeySelector key its output needs the group's key");
                    }
                    out.collect(Tuple2.of(key.get(), record));
                }

                @Override
                public void close() {
                    out.close();
                }
            });
        }
    }

    /** A group combine over pairs. */
    public static final class GroupCombiner<K, IN, OUT> extends WrappingFunction<GroupCombineFunction<IN, OUT>>
            implements GroupCombineFunction<Tuple2<K, IN>, OUT> {
        private static final long serialVersionUID = 1L;

        public GroupCombiner(GroupCombineFunction<IN, OUT> wrapped) {
            super(wrapped);
        }

        @Override
        public void combine(Iterable<Tuple2<K, IN>> values, Collector<OUT> out) throws Exception {
            wrapped.combine(values(values), out);
        }
    }

    /** A join over pairs; a missing side of an outer join stays null. */
    public static final class Joiner<K, L, R, OUT> extends WrappingFunction<FlatJoinFunction<L, R, OUT>>
            implements FlatJoinFunction<Tuple2<K, L>, Tuple2<K, R>, OUT> {
        private static final long serialVersionUID = 1L;

        public Joiner(FlatJoinFunction<L, R, OUT> wrapped) {
            super(wrapped);
        }

        @Override
        public void join(Tuple2<K, L> first, Tuple2<K, R> second, Collector<OUT> out) throws Exception {
            wrapped.join(first == null ? null : first.f1, second == null ? null : second.f1, out);
        }
    }

    /** A coGroup over pairs. */
    public static final class CoGrouper<K, L, R, OUT> extends WrappingFunction<CoGroupFunction<L, R, OUT>>
            implements CoGroupFunction<Tuple2<K, L>, Tuple2<K, R>, OUT> {
        private static final long serialVersionUID = 1L;

        public CoGrouper(CoGroupFunction<L, R, OUT> wrapped) {
            super(wrapped);
        }

        @Override
        public void coGroup(Iterable<Tuple2<K, L>> first, Iterable<Tuple2<K, R>> second, Collector<OUT> out) throws Exception {
            wrapped.coGroup(values(first), values(second), out);
        }
    }
}
