package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.AllWindowFunction;
import io.eddy.streaming.api.functions.windowing.ProcessAllWindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.AllWindowFunctionAdapter;
import io.eddy.streaming.api.functions.windowing.impl.ProcessAllWindowFunctionAdapter;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.Objects;

/**
 * A non-keyed stream cut into windows ({@code dataStream.windowAll(assigner)}): every element goes
 * to one window operator instance with parallelism 1 (the stream is keyed by a constant), so the
 * windows see the whole stream. Same settings and functions as {@link WindowedStream}, without a key.
 * Use it where the result must cover all elements; a keyed window scales, this does not.
 */
public class AllWindowedStream<T, W extends Window> {

    private final WindowedStream<T, Byte, W> windowed;
    private final TypeInfo<T> inputType;

    public AllWindowedStream(DataStream<T> input, WindowAssigner<? super T, W> assigner) {
        Objects.requireNonNull(input, "input");
        this.inputType = input.getType();
        KeyedStream<T, Byte> keyed = new KeyedStream<>(input, new ConstantKey<>(), Types.BYTE);
        this.windowed = new WindowedStream<>(keyed, assigner).nonParallel();
    }

    public AllWindowedStream<T, W> trigger(Trigger<? super T, ? super W> trigger) {
        windowed.trigger(trigger);
        return this;
    }

    public AllWindowedStream<T, W> evictor(Evictor<? super T, ? super W> evictor) {
        windowed.evictor(evictor);
        return this;
    }

    /** @see WindowedStream#allowedLateness */
    public AllWindowedStream<T, W> allowedLateness(Duration lateness) {
        windowed.allowedLateness(lateness);
        return this;
    }

    /** @see WindowedStream#sideOutputLateData */
    public AllWindowedStream<T, W> sideOutputLateData(OutputTag<T> tag) {
        windowed.sideOutputLateData(tag);
        return this;
    }

    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> reducer) {
        return windowed.reduce(reducer);
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reducer, AllWindowFunction<T, R, W> function) {
        return windowed.reduce(reducer, new AllWindowFunctionAdapter<>(function), "reduce + apply",
                output(function, AllWindowFunction.class, inputType));
    }

    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reducer, ProcessAllWindowFunction<T, R, W> function) {
        return windowed.reduce(reducer, new ProcessAllWindowFunctionAdapter<>(function), "reduce + process",
                output(function, ProcessAllWindowFunction.class, inputType));
    }

    public <ACC, V> SingleOutputStreamOperator<V> aggregate(AggregateFunction<T, ACC, V> aggregate) {
        return windowed.aggregate(aggregate);
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate, AllWindowFunction<V, R, W> function) {
        TypeInfo<ACC> accType = windowed.accumulatorType(aggregate);
        java.util.function.Function<String, TypeInfo<V>> valueType = windowed.resultType(aggregate, accType);
        return windowed.aggregate(aggregate, accType, new AllWindowFunctionAdapter<>(function), "aggregate + apply",
                name -> TypeExtractor.getOutputType(function, AllWindowFunction.class, 1, new TypeInfo<?>[] {valueType.apply(name), null}, name));
    }

    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate,
            ProcessAllWindowFunction<V, R, W> function) {
        TypeInfo<ACC> accType = windowed.accumulatorType(aggregate);
        java.util.function.Function<String, TypeInfo<V>> valueType = windowed.resultType(aggregate, accType);
        return windowed.aggregate(aggregate, accType, new ProcessAllWindowFunctionAdapter<>(function), "aggregate + process",
                name -> TypeExtractor.getOutputType(function, ProcessAllWindowFunction.class, 1,
                        new TypeInfo<?>[] {valueType.apply(name), null}, name));
    }

    /** Evaluates each window with all its elements when it fires. */
    public <R> SingleOutputStreamOperator<R> apply(AllWindowFunction<T, R, W> function) {
        return windowed.process(new AllWindowFunctionAdapter<>(function), "apply", output(function, AllWindowFunction.class, inputType));
    }

    /** Evaluates each window with all its elements and the window context when it fires. */
    public <R> SingleOutputStreamOperator<R> process(ProcessAllWindowFunction<T, R, W> function) {
        return windowed.process(new ProcessAllWindowFunctionAdapter<>(function), "process",
                output(function, ProcessAllWindowFunction.class, inputType));
    }

    public SingleOutputStreamOperator<T> sum(int position) {
        return windowed.sum(position);
    }

    public SingleOutputStreamOperator<T> sum(String field) {
        return windowed.sum(field);
    }

    public SingleOutputStreamOperator<T> min(int position) {
        return windowed.min(position);
    }

    public SingleOutputStreamOperator<T> max(int position) {
        return windowed.max(position);
    }

    public SingleOutputStreamOperator<T> minBy(int position) {
        return windowed.minBy(position);
    }

    public SingleOutputStreamOperator<T> maxBy(int position) {
        return windowed.maxBy(position);
    }

    private static <R> java.util.function.Function<String, TypeInfo<R>> output(Function function, Class<?> functionClass, TypeInfo<?> in) {
        Objects.requireNonNull(function, "window function");
        return name -> TypeExtractor.getOutputType(function, functionClass, 1, new TypeInfo<?>[] {in, null}, name);
    }

    /** The key of {@code windowAll}: one constant, so all elements meet in one window operator instance. */
    static final class ConstantKey<T> implements KeySelector<T, Byte> {
        private static final long serialVersionUID = 1L;
        private static final Byte KEY = 0;

        @Override
        public Byte getKey(T value) {
            return KEY;
        }
    }
}
