package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator.Mode;
import io.eddy.streaming.api.functions.aggregation.SumAggregator;
import io.eddy.streaming.api.functions.windowing.InternalWindowFunction;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.functions.windowing.WindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.AggregateApplyWindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.InternalIterableWindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.InternalSingleValueWindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.PassThroughWindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.ReduceApplyWindowFunction;
import io.eddy.streaming.api.functions.windowing.impl.WindowFunctionAdapter;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.windowing.TimestampedValueTypeInfo;
import io.eddy.streaming.api.windowing.WindowSpec;
import io.eddy.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A keyed stream cut into windows ({@code keyedStream.window(assigner)}): configure the trigger,
 * evictor, allowed lateness and late-data side output, then evaluate each window with a function.
 *
 * <p>{@link #reduce} and {@link #aggregate} are incremental: a window keeps one value per key, not
 * its elements (unless an evictor is set, which needs the elements). {@link #process} and
 * {@link #apply} see all elements of the window. Results carry the window's {@code maxTimestamp()}
 * as their timestamp. Windows live in keyed state and timers, so they are part of checkpoints;
 * the checkpoint interval is independent of the window size (docs/windows.md).
 *
 * <p>An element is <em>late</em> when the watermark has passed the end of all its windows plus
 * the allowed lateness; late elements go to {@link #sideOutputLateData} if set, else they are
 * dropped and counted in the counter {@code "<operator name>.numLateRecordsDropped"}.
 */
public class WindowedStream<T, K, W extends Window> {

    private final KeyedStream<T, K> input;
    private final WindowAssigner<? super T, W> assigner;
    private Trigger<? super T, ? super W> trigger;
    private Evictor<? super T, ? super W> evictor;
    private long allowedLateness;
    private OutputTag<T> lateDataTag;
    private boolean nonParallel;

    @SuppressWarnings("unchecked")
    public WindowedStream(KeyedStream<T, K> input, WindowAssigner<? super T, W> assigner) {
        this.input = Objects.requireNonNull(input, "input");
        this.assigner = Objects.requireNonNull(assigner, "window assigner");
        this.trigger = (Trigger<? super T, ? super W>) assigner.getDefaultTrigger();
    }

    /** Replaces the assigner's default trigger. */
    public WindowedStream<T, K, W> trigger(Trigger<? super T, ? super W> trigger) {
        this.trigger = Objects.requireNonNull(trigger, "trigger");
        return this;
    }

    /** Removes elements from a window before and/or after the window function (keeps all elements in state). */
    public WindowedStream<T, K, W> evictor(Evictor<? super T, ? super W> evictor) {
        this.evictor = Objects.requireNonNull(evictor, "evictor");
        return this;
    }

    /**
     * How long after a window's end (in event time) elements are still added to it (and fire it
     * again with the default trigger); the window's state is kept that long. Default 0.
     *
     * @throws IllegalArgumentException if negative
     */
    public WindowedStream<T, K, W> allowedLateness(Duration lateness) {
        long millis = Objects.requireNonNull(lateness, "lateness").toMillis();
        if (millis < 0) {
            throw new IllegalArgumentException("allowedLateness: " + lateness + " (expected: zero or positive)");
        }
        this.allowedLateness = millis;
        return this;
    }

    /** Sends late elements to the side output {@code tag} (read it with {@code getSideOutput(tag)} on the result). */
    public WindowedStream<T, K, W> sideOutputLateData(OutputTag<T> tag) {
        this.lateDataTag = Objects.requireNonNull(tag, "sideOutputLateData: tag");
        return this;
    }

    /** For {@code windowAll}: the operator runs with parallelism 1. */
    WindowedStream<T, K, W> nonParallel() {
        this.nonParallel = true;
        return this;
    }

    // ---- reduce ----------------------------------------------------------------------------

    /** Reduces each window's elements incrementally and emits the result when the window fires. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> reducer) {
        TypeInfo<T> type = input.getType();
        return reduce(reducer, new PassThroughWindowFunction<>(), "reduce", name -> type);
    }

    /** Reduces incrementally; when the window fires, {@code function} gets the key, the window and the reduced value. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reducer, WindowFunction<T, R, K, W> function) {
        return reduce(reducer, new WindowFunctionAdapter<>(function), "reduce + apply", windowFunctionOutput(function, WindowFunction.class));
    }

    /** Reduces incrementally; when the window fires, {@code function} gets the reduced value with the window context. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reducer, ProcessWindowFunction<T, R, K, W> function) {
        return reduce(reducer, function, "reduce + process", windowFunctionOutput(function, ProcessWindowFunction.class));
    }

    <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reducer, ProcessWindowFunction<T, R, K, W> function, String what,
            java.util.function.Function<String, TypeInfo<R>> outputType) {
        requireNotRich(reducer, "reduce");
        if (evictor != null) {
            return build(what, elementsDescriptor(true), new InternalIterableWindowFunction<>(new ReduceApplyWindowFunction<>(reducer, function)),
                    outputType);
        }
        StateDescriptor<T> contents = new ReducingStateDescriptor<>(WindowSpec.CONTENTS_STATE, reducer, input.getType());
        return build(what, contents, new InternalSingleValueWindowFunction<>(function), outputType);
    }

    // ---- aggregate -------------------------------------------------------------------------

    /** Aggregates each window's elements incrementally with {@code aggregate} and emits its result when the window fires. */
    public <ACC, V> SingleOutputStreamOperator<V> aggregate(AggregateFunction<T, ACC, V> aggregate) {
        TypeInfo<ACC> accType = accumulatorType(aggregate);
        return aggregate(aggregate, accType, new PassThroughWindowFunction<>(), "aggregate", resultType(aggregate, accType));
    }

    /** The lazily extracted result type of {@code aggregate}. */
    <V> java.util.function.Function<String, TypeInfo<V>> resultType(AggregateFunction<T, ?, V> aggregate, TypeInfo<?> accType) {
        TypeInfo<T> type = input.getType();
        return name -> TypeExtractor.getOutputType(aggregate, AggregateFunction.class, 2, new TypeInfo<?>[] {type, accType}, name);
    }

    /** Aggregates incrementally; when the window fires, {@code function} gets the key, the window and the aggregate's result. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate, WindowFunction<V, R, K, W> function) {
        TypeInfo<ACC> accType = accumulatorType(aggregate);
        return aggregate(aggregate, accType, new WindowFunctionAdapter<>(function), "aggregate + apply",
                valueFunctionOutput(function, WindowFunction.class, aggregate, accType));
    }

    /** Aggregates incrementally; when the window fires, {@code function} gets the aggregate's result with the window context. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate,
            ProcessWindowFunction<V, R, K, W> function) {
        TypeInfo<ACC> accType = accumulatorType(aggregate);
        return aggregate(aggregate, accType, function, "aggregate + process",
                valueFunctionOutput(function, ProcessWindowFunction.class, aggregate, accType));
    }

    <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate, TypeInfo<ACC> accType,
            ProcessWindowFunction<V, R, K, W> function, String what, java.util.function.Function<String, TypeInfo<R>> outputType) {
        requireNotRich(aggregate, "aggregate");
        if (evictor != null) {
            return build(what, elementsDescriptor(true),
                    new InternalIterableWindowFunction<>(new AggregateApplyWindowFunction<>(aggregate, function)), outputType);
        }
        StateDescriptor<ACC> contents = new AggregatingStateDescriptor<>(WindowSpec.CONTENTS_STATE, aggregate, accType);
        return build(what, contents, new InternalSingleValueWindowFunction<>(function), outputType);
    }

    <ACC> TypeInfo<ACC> accumulatorType(AggregateFunction<T, ACC, ?> aggregate) {
        Objects.requireNonNull(aggregate, "aggregate function");
        String name = "Window(" + assigner + ", aggregate)";
        try {
            return TypeExtractor.getOutputType(aggregate, AggregateFunction.class, 1, new TypeInfo<?>[] {input.getType()}, name);
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException("The accumulator type of the window aggregate of operator '" + name + "' cannot be determined ("
                    + e.getMessage() + "): implement the AggregateFunction as a class with a concrete accumulator type", e);
        }
    }

    private <V, R> java.util.function.Function<String, TypeInfo<R>> valueFunctionOutput(Function function, Class<?> functionClass,
            AggregateFunction<T, ?, V> aggregate, TypeInfo<?> accType) {
        java.util.function.Function<String, TypeInfo<V>> resultType = resultType(aggregate, accType);
        return name -> {
            TypeInfo<V> valueType = resultType.apply(name);
            return TypeExtractor.getOutputType(function, functionClass, 1, new TypeInfo<?>[] {valueType, input.getKeyType(), null}, name);
        };
    }

    // ---- all elements ----------------------------------------------------------------------

    /** Evaluates each window with all its elements when it fires. */
    public <R> SingleOutputStreamOperator<R> apply(WindowFunction<T, R, K, W> function) {
        return process(new WindowFunctionAdapter<>(function), "apply", windowFunctionOutput(function, WindowFunction.class));
    }

    /** Evaluates each window with all its elements and the window context when it fires. */
    public <R> SingleOutputStreamOperator<R> process(ProcessWindowFunction<T, R, K, W> function) {
        return process(function, "process", windowFunctionOutput(function, ProcessWindowFunction.class));
    }

    /** Like {@link #process(ProcessWindowFunction)}, with the output type given by the caller (join, coGroup, windowAll). */
    <R> SingleOutputStreamOperator<R> process(ProcessWindowFunction<T, R, K, W> function, String what,
            java.util.function.Function<String, TypeInfo<R>> outputType) {
        return build(what, elementsDescriptor(evictor != null), new InternalIterableWindowFunction<>(function), outputType);
    }

    private StateDescriptor<?> elementsDescriptor(boolean timestamped) {
        TypeInfo<T> type = input.getType();
        return timestamped ? new ListStateDescriptor<>(WindowSpec.CONTENTS_STATE, new TimestampedValueTypeInfo<>(type))
                : new ListStateDescriptor<>(WindowSpec.CONTENTS_STATE, type);
    }

    private <R> java.util.function.Function<String, TypeInfo<R>> windowFunctionOutput(Function function, Class<?> functionClass) {
        Objects.requireNonNull(function, "window function");
        TypeInfo<T> inputType = input.getType();
        TypeInfo<K> keyType = input.getKeyType();
        return name -> TypeExtractor.getOutputType(function, functionClass, 1, new TypeInfo<?>[] {inputType, keyType, null}, name);
    }

    // ---- aggregations ----------------------------------------------------------------------

    /** The sum of the field at {@code position} per window; the other fields are those of the window's first element. */
    public SingleOutputStreamOperator<T> sum(int position) {
        String name = "sum(" + position + ")";
        return reduce(new SumAggregator<>(FieldAccessors.create(input.getType(), position, name), serializer(), name));
    }

    public SingleOutputStreamOperator<T> sum(String field) {
        String name = "sum(" + field + ")";
        return reduce(new SumAggregator<>(FieldAccessors.create(input.getType(), field, name), serializer(), name));
    }

    /** The minimum of the field at {@code position} per window; the other fields are the first element's. */
    public SingleOutputStreamOperator<T> min(int position) {
        return comparable("min(" + position + ")", Mode.MIN, position, null);
    }

    public SingleOutputStreamOperator<T> min(String field) {
        return comparable("min(" + field + ")", Mode.MIN, -1, field);
    }

    public SingleOutputStreamOperator<T> max(int position) {
        return comparable("max(" + position + ")", Mode.MAX, position, null);
    }

    public SingleOutputStreamOperator<T> max(String field) {
        return comparable("max(" + field + ")", Mode.MAX, -1, field);
    }

    /** The element with the smallest value at {@code position} per window (the first of equal ones). */
    public SingleOutputStreamOperator<T> minBy(int position) {
        return comparable("minBy(" + position + ")", Mode.MIN_BY, position, null);
    }

    public SingleOutputStreamOperator<T> minBy(String field) {
        return comparable("minBy(" + field + ")", Mode.MIN_BY, -1, field);
    }

    /** The element with the largest value at {@code position} per window (the first of equal ones). */
    public SingleOutputStreamOperator<T> maxBy(int position) {
        return comparable("maxBy(" + position + ")", Mode.MAX_BY, position, null);
    }

    public SingleOutputStreamOperator<T> maxBy(String field) {
        return comparable("maxBy(" + field + ")", Mode.MAX_BY, -1, field);
    }

    private SingleOutputStreamOperator<T> comparable(String name, Mode mode, int position, String field) {
        FieldAccessor<T, Object> accessor = field == null
                ? FieldAccessors.create(input.getType(), position, name)
                : FieldAccessors.create(input.getType(), field, name);
        return reduce(new ComparableAggregator<>(accessor, mode, true, serializer(), name));
    }

    private io.eddy.api.common.typeutils.TypeSerializer<T> serializer() {
        return input.getType().createSerializer(input.getExecutionEnvironment().getConfig());
    }

    // ---- building the operator -------------------------------------------------------------

    private <R> SingleOutputStreamOperator<R> build(String what, StateDescriptor<?> contents, InternalWindowFunction<?, R, K, W> function,
            java.util.function.Function<String, TypeInfo<R>> outputType) {
        String name = "Window(" + assigner + ", " + trigger + (evictor == null ? "" : ", " + evictor) + ", " + what + ")";
        if (assigner instanceof MergingWindowAssigner<?, ?> && !trigger.canMerge()) {
            throw new IllegalArgumentException("Operator '" + name + "': the trigger " + trigger + " cannot merge windows, but the assigner "
                    + assigner + " merges them (sessions). Use a trigger whose canMerge() is true (EventTimeTrigger, ProcessingTimeTrigger, "
                    + "CountTrigger, PurgingTrigger of one of them) or implement onMerge in your trigger");
        }
        WindowSpec spec = new WindowSpec(assigner, trigger, evictor, allowedLateness, lateDataTag, contents);
        InstantiationUtil.serialize(spec, "the window assigner, trigger and evictor of operator '" + name + "'");
        OperatorTransformation<R> op = DataStream.newOperator(name, new OperatorKinds.Window(spec), function, List.of(input.getTransformation()), null);
        op.setKeys(List.of(input.getKeySelector()), input.getKeyType());
        op.setOutputTypeFrom(outputType);
        if (nonParallel) {
            op.setParallelism(1);
        }
        return input.register(op);
    }

    private static void requireNotRich(Function function, String what) {
        Objects.requireNonNull(function, what + " function");
        if (function instanceof RichFunction) {
            throw new IllegalArgumentException("The " + what + " function of a window (" + function.getClass().getName()
                    + ") is a RichFunction, which a window cannot open: the function runs inside the window state. "
                    + "Pass a plain function, and put what needs open()/getRuntimeContext() into a ProcessWindowFunction: "
                    + what + "(function, processWindowFunction)");
        }
    }
}
