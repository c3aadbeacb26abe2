package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.WrappingFunction;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.util.InstantiationUtil;
import io.eddy.streaming.api.functions.windowing.WindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.WindowFunctionAdapter;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A window co-group of two streams: {@code a.coGroup(b).where(keyA).equalTo(keyB).window(assigner).apply(fn)}.
 * For each key and window, {@code fn} gets the elements of both inputs in that window (either side
 * may be empty). Both inputs are tagged ({@link TaggedUnion}), united, keyed by their key selectors
 * and windowed, so the window's settings (trigger, evictor, lateness) and guarantees are those of
 * {@link WindowedStream}. Both key selectors must produce keys of the same type.
 */
public class CoGroupedStreams<T1, T2> {

    private final DataStream<T1> input1;
    private final DataStream<T2> input2;

    public CoGroupedStreams(DataStream<T1> input1, DataStream<T2> input2) {
        this.input1 = Objects.requireNonNull(input1, "input1");
        this.input2 = Objects.requireNonNull(input2, "input2");
    }

    /** The key of the first input; its type is extracted from the selector. */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector) {
        return new Where<>(keySelector, keyType(keySelector, input1, "where"));
    }

    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector, TypeInfo<KEY> keyType) {
        return new Where<>(keySelector, keyType);
    }

    static <T, KEY> TypeInfo<KEY> keyType(KeySelector<T, KEY> selector, DataStream<T> input, String method) {
        Objects.requireNonNull(selector, method + ": keySelector");
        try {
            return TypeExtractor.getOutputType(selector, KeySelector.class, 1, new TypeInfo<?>[] {input.getType()},
                    method + " after '" + input.getTransformation().getName() + "'");
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException("Cannot determine the key type of " + method + "(...) (" + e.getMessage()
                    + "): give it with " + method + "(keySelector, keyType)", e);
        }
    }

    /** The first input's key is set; now the second's. */
    public class Where<KEY> {

        private final KeySelector<T1, KEY> key1;
        private final TypeInfo<KEY> keyType;

        Where(KeySelector<T1, KEY> key1, TypeInfo<KEY> keyType) {
            this.key1 = Objects.requireNonNull(key1, "where: keySelector");
            this.keyType = Objects.requireNonNull(keyType, "where: keyType");
        }

        /**
         * The key of the second input.
         *
         * @throws IllegalArgumentException if its type differs from the first input's key type
         */
        public EqualTo equalTo(KeySelector<T2, KEY> key2) {
            TypeInfo<KEY> otherType = keyType(key2, input2, "equalTo");
            return equalTo(key2, otherType);
        }

        public EqualTo equalTo(KeySelector<T2, KEY> key2, TypeInfo<KEY> key2Type) {
            if (!keyType.equals(key2Type)) {
                throw new IllegalArgumentException("equalTo: the key of the second input has type " + key2Type
                        + ", but the key of the first input (where) has type " + keyType + ": both key selectors must return the same type");
            }
            return new EqualTo(Objects.requireNonNull(key2, "equalTo: keySelector"));
        }

        /** Both keys are set; now the window. */
        public class EqualTo {

            private final KeySelector<T2, KEY> key2;

            EqualTo(KeySelector<T2, KEY> key2) {
                this.key2 = key2;
            }

            public <W extends Window> WithWindow<T1, T2, KEY, W> window(WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(input1, input2, key1, key2, keyType, assigner);
            }
        }
    }

    /** A co-group with its window; set trigger, evictor or lateness, then the function. */
    public static class WithWindow<T1, T2, KEY, W extends Window> {

        private final DataStream<T1> input1;
        private final DataStream<T2> input2;
        private final KeySelector<T1, KEY> key1;
        private final KeySelector<T2, KEY> key2;
        private final TypeInfo<KEY> keyType;
        private final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner;
        private Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger;
        private Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor;
        private Duration allowedLateness = Duration.ZERO;

        WithWindow(DataStream<T1> input1, DataStream<T2> input2, KeySelector<T1, KEY> key1, KeySelector<T2, KEY> key2, TypeInfo<KEY> keyType,
                WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
            this.input1 = input1;
            this.input2 = input2;
            this.key1 = key1;
            this.key2 = key2;
            this.keyType = keyType;
            this.assigner = Objects.requireNonNull(assigner, "window assigner");
        }

        public WithWindow<T1, T2, KEY, W> trigger(Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger) {
            this.trigger = Objects.requireNonNull(trigger, "trigger");
            return this;
        }

        public WithWindow<T1, T2, KEY, W> evictor(Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor) {
            this.evictor = Objects.requireNonNull(evictor, "evictor");
            return this;
        }

        public WithWindow<T1, T2, KEY, W> allowedLateness(Duration lateness) {
            this.allowedLateness = Objects.requireNonNull(lateness, "lateness");
            return this;
        }

        /** Calls {@code function} once per key and window with the elements of both inputs. */
        public <R> SingleOutputStreamOperator<R> apply(CoGroupFunction<T1, T2, R> function) {
            Objects.requireNonNull(function, "coGroup function");
            return apply(function, "coGroup", outputType(function, CoGroupFunction.class));
        }

        /** Like {@link #apply(CoGroupFunction)} with the result type given. */
        public <R> SingleOutputStreamOperator<R> apply(CoGroupFunction<T1, T2, R> function, TypeInfo<R> resultType) {
            Objects.requireNonNull(resultType, "resultType");
            return apply(function, "coGroup", name -> resultType);
        }

        <R> java.util.function.Function<String, TypeInfo<R>> outputType(io.eddy.api.common.functions.Function function, Class<?> type) {
            TypeInfo<T1> t1 = input1.getType();
            TypeInfo<T2> t2 = input2.getType();
            return name -> TypeExtractor.getOutputType(function, type, 2, new TypeInfo<?>[] {t1, t2}, name);
        }

        <R> SingleOutputStreamOperator<R> apply(CoGroupFunction<T1, T2, R> function, String what,
                java.util.function.Function<String, TypeInfo<R>> outputType) {
            InstantiationUtil.serialize(Objects.requireNonNull(function, "function"), "the " + what + " function");
            TypeInfo<TaggedUnion<T1, T2>> unionType = new TaggedUnion.UnionTypeInfo<>(input1.getType(), input2.getType());
            DataStream<TaggedUnion<T1, T2>> tagged1 = input1.map(new TagOne<T1, T2>()).name(what + ": tag input 1").returns(unionType);
            DataStream<TaggedUnion<T1, T2>> tagged2 = input2.map(new TagTwo<T1, T2>()).name(what + ": tag input 2").returns(unionType);
            KeyedStream<TaggedUnion<T1, T2>, KEY> keyed = tagged1.union(tagged2).keyBy(new UnionKey<>(key1, key2), keyType);
            WindowedStream<TaggedUnion<T1, T2>, KEY, W> windowed = new WindowedStream<>(keyed, assigner);
            if (trigger != null) {
                windowed.trigger(trigger);
            }
            if (evictor != null) {
                windowed.evictor(evictor);
            }
            windowed.allowedLateness(allowedLateness);
            return windowed.process(new WindowFunctionAdapter<>(new CoGroupWindowFunction<T1, T2, R, KEY, W>(function)), what, outputType);
        }
    }

    static final class TagOne<T1, T2> implements MapFunction<T1, TaggedUnion<T1, T2>> {
        private static final long serialVersionUID = 1L;

        @Override
        public TaggedUnion<T1, T2> map(T1 value) {
            return TaggedUnion.one(value);
        }
    }

    static final class TagTwo<T1, T2> implements MapFunction<T2, TaggedUnion<T1, T2>> {
        private static final long serialVersionUID = 1L;

        @Override
        public TaggedUnion<T1, T2> map(T2 value) {
            return TaggedUnion.two(value);
        }
    }

    /** The key of a tagged element: the first input's selector or the second's. */
    static final class UnionKey<T1, T2, KEY> implements KeySelector<TaggedUnion<T1, T2>, KEY> {
        private static final long serialVersionUID = 1L;
        private final KeySelector<T1, KEY> key1;
        private final KeySelector<T2, KEY> key2;

        UnionKey(KeySelector<T1, KEY> key1, KeySelector<T2, KEY> key2) {
            this.key1 = key1;
            this.key2 = key2;
        }

        @Override
        public KEY getKey(TaggedUnion<T1, T2> value) throws Exception {
            return value.isOne() ? key1.getKey(value.getOne()) : key2.getKey(value.getTwo());
        }
    }

    /** Splits a window's tagged elements by input and calls the co-group function. */
    static final class CoGroupWindowFunction<T1, T2, R, KEY, W extends Window> extends WrappingFunction<CoGroupFunction<T1, T2, R>>
            implements WindowFunction<TaggedUnion<T1, T2>, R, KEY, W> {
        private static final long serialVersionUID = 1L;

        CoGroupWindowFunction(CoGroupFunction<T1, T2, R> function) {
            super(function);
        }

        @Override
        public void apply(KEY key, W window, Iterable<TaggedUnion<T1, T2>> input, Collector<R> out) throws Exception {
            List<T1> ones = new ArrayList<>();
            List<T2> twos = new ArrayList<>();
            for (TaggedUnion<T1, T2> element : input) {
                if (element.isOne()) {
                    ones.add(element.getOne());
                } else {
                    twos.add(element.getTwo());
                }
            }
            wrapped.coGroup(ones, twos, out);
        }
    }
}
