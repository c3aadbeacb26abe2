package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.EnumTypeInfo;
import io.eddy.api.common.typeinfo.GenericTypeInfo;
import io.eddy.api.common.typeinfo.PojoTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator.Mode;
import io.eddy.streaming.api.functions.aggregation.SumAggregator;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.PartitionTransformation;
import java.util.List;
import java.util.Objects;

/**
 * A stream partitioned by key: records with equal keys go to the same subtask, where keyed
 * operators ({@link #reduce}, the aggregations, {@link #process(KeyedProcessFunction)}) keep state
 * per key. {@code map}, {@code flatMap} and {@code filter} inherited from {@link DataStream} run
 * on the partitioned records without keyed state.
 */
public class KeyedStream<T, K> extends DataStream<T> {

    private final KeySelector<T, K> keySelector;
    private final TypeInfo<K> keyType;

    /**
     * @throws IllegalArgumentException if {@code keyType} cannot be a key (e.g. an array), naming the operator
     */
    public KeyedStream(DataStream<T> input, KeySelector<T, K> keySelector, TypeInfo<K> keyType) {
        super(input.getExecutionEnvironment(), new PartitionTransformation<>(input.getTransformation(), ShipStrategy.HASH,
                Objects.requireNonNull(keySelector, "keySelector")));
        this.keySelector = keySelector;
        this.keyType = Objects.requireNonNull(keyType, "keyType");
        if (!keyType.isKeyType()) {
            throw new IllegalArgumentException("keyBy after operator '" + input.getTransformation().getName() + "': the key type " + keyType
                    + " cannot be a key, because its values are not hashed and compared by value (arrays, for example, are not)."
                    + " Use a key of a basic type, String, an enum, a tuple, a record or a POJO of key types");
        }
        String unstable = unstableHashPart(keyType, true);
        if (unstable != null) {
            throw new IllegalArgumentException("keyBy after operator '" + input.getTransformation().getName() + "': the key type " + keyType
                    + " cannot be a key, because " + unstable + ": its hashCode() differs between JVMs (or between equal objects),"
                    + " so a key's records would reach another worker than its state. Key by the enum's name() or by fields"
                    + " whose hashCode() is computed from their values (override hashCode() and equals() in the class)");
        }
    }

    /**
     * What in a key of {@code type} has a {@code hashCode()} that is not a function of its value, or
     * null. Routing and keyed state hash keys with {@code hashCode()} (an enum as the whole key is
     * hashed by name, see {@code KeyGroups.hashOf}); an enum inside a tuple, record or POJO, or a
     * POJO or generic class that keeps {@code Object.hashCode()}, hashes by identity.
     */
    private static String unstableHashPart(TypeInfo<?> type, boolean wholeKey) {
        if (type instanceof EnumTypeInfo<?>) {
            return wholeKey ? null : "it holds the enum " + type.getTypeClass().getName();
        }
        if ((type instanceof PojoTypeInfo<?> || type instanceof GenericTypeInfo<?>) && keepsIdentityHash(type.getTypeClass())) {
            return "the class " + type.getTypeClass().getName() + " does not override hashCode()";
        }
        if (type instanceof CompositeType<?> composite) {
            for (int i = 0; i < composite.getArity(); i++) {
                String inner = unstableHashPart(composite.getTypeAt(i), false);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** Whether values of {@code type} (a concrete class; an interface or abstract class could hold anything) hash by identity. */
    private static boolean keepsIdentityHash(Class<?> type) {
        if (type == Object.class || type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            return false;
        }
        try {
            return type.getMethod("hashCode").getDeclaringClass() == Object.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("Bug: " + type + " has no public hashCode()", e);
        }
    }

    public KeySelector<T, K> getKeySelector() {
        return keySelector;
    }

    public TypeInfo<K> getKeyType() {
        return keyType;
    }

    /** A rolling reduce: emits the running result per key after each record. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> reducer) {
        return keyedOperator("Keyed Reduce", OperatorKinds.KEYED_REDUCE, reducer, getType());
    }

    /** Applies a {@link KeyedProcessFunction}, which sees each record's key and keyed state. */
    public <R> SingleOutputStreamOperator<R> process(KeyedProcessFunction<K, T, R> function) {
        TypeInfo<T> inputType = getType();
        String name = "Keyed Process";
        OperatorTransformation<R> op = keyedTransformation(name, OperatorKinds.KEYED_PROCESS, function, null);
        op.setOutputTypeFrom(opName -> TypeExtractor.getOutputType(function, KeyedProcessFunction.class, 2,
                new TypeInfo<?>[] {keyType, inputType}, opName));
        return register(op);
    }

    private <R> SingleOutputStreamOperator<R> keyedOperator(String name, OperatorKind kind, Function function, TypeInfo<R> outputType) {
        return register(keyedTransformation(name, kind, function, outputType));
    }

    private <R> OperatorTransformation<R> keyedTransformation(String name, OperatorKind kind, Function function, TypeInfo<R> outputType) {
        OperatorTransformation<R> op = newOperator(name, kind, function, List.of(transformation), outputType);
        op.setKeys(List.of(keySelector), keyType);
        return op;
    }

    // ---- windows ----------------------------------------------------------------------------

    /**
     * Cuts the stream into windows per key, as {@code assigner} puts elements into them (tumbling,
     * sliding, session or global windows); see {@link WindowedStream}.
     */
    public <W extends io.eddy.streaming.api.windowing.windows.Window> WindowedStream<T, K, W> window(
            io.eddy.streaming.api.windowing.assigners.WindowAssigner<? super T, W> assigner) {
        return new WindowedStream<>(this, assigner);
    }

    /** Tumbling count windows: each key's window fires and is emptied every {@code size} elements. */
    public WindowedStream<T, K, io.eddy.streaming.api.windowing.windows.GlobalWindow> countWindow(long size) {
        return window(io.eddy.streaming.api.windowing.assigners.GlobalWindows.create())
                .trigger(io.eddy.streaming.api.windowing.triggers.PurgingTrigger.of(io.eddy.streaming.api.windowing.triggers.CountTrigger.of(size)));
    }

    /** Sliding count windows: every {@code slide} elements of a key, the window over its last {@code size} elements fires. */
    public WindowedStream<T, K, io.eddy.streaming.api.windowing.windows.GlobalWindow> countWindow(long size, long slide) {
        return window(io.eddy.streaming.api.windowing.assigners.GlobalWindows.create())
                .evictor(io.eddy.streaming.api.windowing.evictors.CountEvictor.of(size))
                .trigger(io.eddy.streaming.api.windowing.triggers.CountTrigger.of(slide));
    }

    // ---- aggregations: rolling, per key -------------------------------------------------------

    /** The running sum of the field at {@code position}; the other fields are those of the key's first record. */
    public SingleOutputStreamOperator<T> sum(int position) {
        String name = "Keyed Aggregation: sum(" + position + ")";
        return aggregate(name, new SumAggregator<>(FieldAccessors.create(getType(), position, name), serializer(), name));
    }

    /** The running sum of the field {@code field}; the other fields are those of the key's first record. */
    public SingleOutputStreamOperator<T> sum(String field) {
        String name = "Keyed Aggregation: sum(" + field + ")";
        return aggregate(name, new SumAggregator<>(FieldAccessors.create(getType(), field, name), serializer(), name));
    }

    /** The running minimum of the field at {@code position}; only that field changes, the others are the first record's. */
    public SingleOutputStreamOperator<T> min(int position) {
        return comparable("min(" + position + ")", Mode.MIN, position, null, true);
    }

    public SingleOutputStreamOperator<T> min(String field) {
        return comparable("min(" + field + ")", Mode.MIN, -1, field, true);
    }

    /** The running maximum of the field at {@code position}; only that field changes, the others are the first record's. */
    public SingleOutputStreamOperator<T> max(int position) {
        return comparable("max(" + position + ")", Mode.MAX, position, null, true);
    }

    public SingleOutputStreamOperator<T> max(String field) {
        return comparable("max(" + field + ")", Mode.MAX, -1, field, true);
    }

    /** The record with the smallest value of the field at {@code position} so far (the first of equal ones). */
    public SingleOutputStreamOperator<T> minBy(int position) {
        return minBy(position, true);
    }

    /** The record with the smallest value at {@code position} so far; of equal ones the first if {@code first}, else the last. */
    public SingleOutputStreamOperator<T> minBy(int position, boolean first) {
        return comparable("minBy(" + position + ")", Mode.MIN_BY, position, null, first);
    }

    public SingleOutputStreamOperator<T> minBy(String field) {
        return minBy(field, true);
    }

    public SingleOutputStreamOperator<T> minBy(String field, boolean first) {
        return comparable("minBy(" + field + ")", Mode.MIN_BY, -1, field, first);
    }

    /** The record with the largest value of the field at {@code position} so far (the first of equal ones). */
    public SingleOutputStreamOperator<T> maxBy(int position) {
        return maxBy(position, true);
    }

    public SingleOutputStreamOperator<T> maxBy(int position, boolean first) {
        return comparable("maxBy(" + position + ")", Mode.MAX_BY, position, null, first);
    }

    public SingleOutputStreamOperator<T> maxBy(String field) {
        return maxBy(field, true);
    }

    public SingleOutputStreamOperator<T> maxBy(String field, boolean first) {
        return comparable("maxBy(" + field + ")", Mode.MAX_BY, -1, field, first);
    }

    private SingleOutputStreamOperator<T> comparable(String what, Mode mode, int position, String field, boolean first) {
        String name = "Keyed Aggregation: " + what;
        FieldAccessor<T, Object> accessor = field == null
                ? FieldAccessors.create(getType(), position, name)
                : FieldAccessors.create(getType(), field, name);
        return aggregate(name, new ComparableAggregator<>(accessor, mode, first, serializer(), name));
    }

    private SingleOutputStreamOperator<T> aggregate(String name, ReduceFunction<T> aggregator) {
        return keyedOperator(name, OperatorKinds.KEYED_REDUCE, aggregator, getType());
    }

    private io.eddy.api.common.typeutils.TypeSerializer<T> serializer() {
        return getType().createSerializer(environment.getConfig());
    }
}
