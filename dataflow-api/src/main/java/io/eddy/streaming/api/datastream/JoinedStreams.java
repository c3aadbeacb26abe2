package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.rich.WrappingFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.Objects;

/**
 * A window (inner) join of two streams: {@code a.join(b).where(keyA).equalTo(keyB).window(assigner).apply(fn)}.
 * For each key and window, {@code fn} is called for every pair of an element of the first input and
 * one of the second in that window. Runs as a {@link CoGroupedStreams co-group} whose function forms
 * the pairs; the elements of both inputs of one key and window are kept in state until it fires.
 */
public class JoinedStreams<T1, T2> {

    private final CoGroupedStreams<T1, T2> coGroup;

    public JoinedStreams(DataStream<T1> input1, DataStream<T2> input2) {
        this.coGroup = new CoGroupedStreams<>(input1, input2);
    }

    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector) {
        return new Where<>(coGroup.where(keySelector));
    }

    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector, TypeInfo<KEY> keyType) {
        return new Where<>(coGroup.where(keySelector, keyType));
    }

    /** The first input's key is set; now the second's. */
    public class Where<KEY> {

        private final CoGroupedStreams<T1, T2>.Where<KEY> where;

        Where(CoGroupedStreams<T1, T2>.Where<KEY> where) {
            this.where = where;
        }

        public EqualTo equalTo(KeySelector<T2, KEY> keySelector) {
            return new EqualTo(where.equalTo(keySelector));
        }

        public EqualTo equalTo(KeySelector<T2, KEY> keySelector, TypeInfo<KEY> keyType) {
            return new EqualTo(where.equalTo(keySelector, keyType));
        }

        /** Both keys are set; now the window. */
        public class EqualTo {

            private final CoGroupedStreams<T1, T2>.Where<KEY>.EqualTo equalTo;

            EqualTo(CoGroupedStreams<T1, T2>.Where<KEY>.EqualTo equalTo) {
                this.equalTo = equalTo;
            }

            public <W extends Window> WithWindow<T1, T2, KEY, W> window(WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(equalTo.window(assigner));
            }
        }
    }

    /** A join with its window; set trigger, evictor or lateness, then the function. */
    public static class WithWindow<T1, T2, KEY, W extends Window> {

        private final CoGroupedStreams.WithWindow<T1, T2, KEY, W> coGroup;

        WithWindow(CoGroupedStreams.WithWindow<T1, T2, KEY, W> coGroup) {
            this.coGroup = coGroup;
        }

        public WithWindow<T1, T2, KEY, W> trigger(Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger) {
            coGroup.trigger(trigger);
            return this;
        }

        public WithWindow<T1, T2, KEY, W> evictor(Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor) {
            coGroup.evictor(evictor);
            return this;
        }

        public WithWindow<T1, T2, KEY, W> allowedLateness(Duration lateness) {
            coGroup.allowedLateness(lateness);
            return this;
        }

        /** Emits {@code function(a, b)} for every pair of the two inputs with equal keys in one window. */
        public <R> SingleOutputStreamOperator<R> apply(JoinFunction<T1, T2, R> function) {
            Objects.requireNonNull(function, "join function");
            return coGroup.apply(new JoinCoGroup<>(function), "join", coGroup.outputType(function, JoinFunction.class));
        }

        public <R> SingleOutputStreamOperator<R> apply(JoinFunction<T1, T2, R> function, TypeInfo<R> resultType) {
            Objects.requireNonNull(resultType, "resultType");
            return coGroup.apply(new JoinCoGroup<>(function), "join", name -> resultType);
        }

        /** Calls {@code function} for every pair of the two inputs with equal keys in one window; it emits any number of results. */
        public <R> SingleOutputStreamOperator<R> apply(FlatJoinFunction<T1, T2, R> function) {
            Objects.requireNonNull(function, "join function");
            return coGroup.apply(new FlatJoinCoGroup<>(function), "join", coGroup.outputType(function, FlatJoinFunction.class));
        }

        public <R> SingleOutputStreamOperator<R> apply(FlatJoinFunction<T1, T2, R> function, TypeInfo<R> resultType) {
            Objects.requireNonNull(resultType, "resultType");
            return coGroup.apply(new FlatJoinCoGroup<>(function), "join", name -> resultType);
        }
    }

    /** The pairs of a co-group, joined by a {@link JoinFunction}. */
    static final class JoinCoGroup<T1, T2, R> extends WrappingFunction<JoinFunction<T1, T2, R>> implements CoGroupFunction<T1, T2, R> {
        private static final long serialVersionUID = 1L;

        JoinCoGroup(JoinFunction<T1, T2, R> function) {
            super(function);
        }

        @Override
        public void coGroup(Iterable<T1> first, Iterable<T2> second, Collector<R> out) throws Exception {
            for (T1 a : first) {
                for (T2 b : second) {
                    out.collect(wrapped.join(a, b));
                }
            }
        }
    }

    /** The pairs of a co-group, joined by a {@link FlatJoinFunction}. */
    static final class FlatJoinCoGroup<T1, T2, R> extends WrappingFunction<FlatJoinFunction<T1, T2, R>> implements CoGroupFunction<T1, T2, R> {
        private static final long serialVersionUID = 1L;

        FlatJoinCoGroup(FlatJoinFunction<T1, T2, R> function) {
            super(function);
        }

        @Override
        public void coGroup(Iterable<T1> first, Iterable<T2> second, Collector<R> out) throws Exception {
            for (T1 a : first) {
                for (T2 b : second) {
                    wrapped.join(a, b, out);
                }
            }
        }
    }
}
