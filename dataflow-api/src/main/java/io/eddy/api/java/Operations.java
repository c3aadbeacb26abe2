package io.eddy.api.java;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.operators.FlatFields;
import io.eddy.api.common.operators.GroupCombineOperatorBase;
import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.common.operators.SingleInputSemanticProperties;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.common.typeinfo.ValueOrder;
import io.eddy.api.java.AggregateOperator;
import io.eddy.api.java.Aggregations;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.functions.DistinctReducer;
import io.eddy.api.java.functions.FirstReducer;
import io.eddy.api.java.functions.SelectByReducer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The operations shared by {@link DataSet} (over the whole data set, no keys) and the groupings
 * (per key): reduce, reduceGroup, combineGroup, aggregate, minBy/maxBy, first, distinct; and the
 * construction of keys and sort orders with errors that name the operation. Programs call the
 * {@code DataSet} and grouping methods, not these.
 */
public final class Operations {

    private Operations() {
    }

    // ---- keys and orders --------------------------------------------------------------------

    /** Keys by field positions over {@code input}'s type. */
    public static Keys keys(DataSet<?> input, String operation, int... positions) {
        return Keys.forPositions(input.getType(), positions, describe(operation, Arrays.toString(positions), input));
    }

    /** Keys by field expressions over {@code input}'s type. */
    public static Keys keys(DataSet<?> input, String operation, String... fields) {
        return Keys.forExpressions(input.getType(), fields, describe(operation, Arrays.toString(fields), input));
    }

    /**
     * Keys computed by {@code selector}, whose key type is extracted from it.
     *
     * @throws InvalidTypesException if the key type cannot be determined, saying how to give it
     */
    public static <T, K> Keys keys(DataSet<T> input, String operation, KeySelector<T, K> selector) {
        String what = describe(operation, "keySelector", input);
        TypeInfo<K> keyType;
        try {
            keyType = TypeExtractor.getOutputType(selector, KeySelector.class, 1, new TypeInfo<?>[] {input.getType()}, what);
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException("Cannot determine the key type of " + what + " (" + e.getMessage()
                    + "): implement the KeySelector as a (anonymous) class with concrete type arguments, or use field keys", e);
        }
        return Keys.forSelector(selector, keyType, what);
    }

    private static String describe(String operation, String keys, DataSet<?> input) {
        return operation + "(" + keys + ") on '" + input.getName() + "'";
    }

    /**
     * {@code order} followed by the flat fields of {@code field} in {@code direction}.
     *
     * @throws InvalidTypesException if the field does not exist or cannot be sorted, naming the operation
     */
    static Ordering appendOrder(Ordering order, TypeInfo<?> type, String field, int position, Order direction, String operationName) {
        java.util.Objects.requireNonNull(direction, () -> operationName + ": the order is null (expected: Order.ASCENDING or Order.DESCENDING)");
        int[] flat = field != null ? FlatFields.of(type, field, operationName) : FlatFields.of(type, position, operationName);
        Ordering result = order;
        for (int p : flat) {
            TypeInfo<?> leaf = FlatFields.leafType(type, p);
            if (!leaf.isSortKeyType()) {
                throw new InvalidTypesException("Operator '" + operationName + "': sort field " + (field != null ? "'" + field + "'" : position)
                        + " includes a field of type " + leaf + ", which cannot be sorted; sort on fields of basic types, String, enums,"
                        + " tuples, records or POJOs of such");
            }
            result = result.append(p, leaf, direction);
        }
        return result;
    }

    // ---- operations ---------------------------------------------------------------------------

    /** A reduce over {@code keys} (or the whole input when null). */
    public static <T> SingleInputUdfOperator<T, T> reduce(DataSet<T> input, Keys keys, ReduceFunction<T> function) {
        java.util.Objects.requireNonNull(function, () -> "reduce on '" + input.getName() + "': the function is null");
        TypeInfo<T> type = input.getType();
        SingleInputUdfOperator<T, T> op = new SingleInputUdfOperator<>(input, "Reduce", function, name -> type,
                (info, f, in, props) -> new ReduceOperatorBase<>(info, cast(f), in, props));
        op.setKeys(keys, null);
        return op;
    }

    /** A group reduce over {@code keys} (or the whole input when null), groups sorted by {@code order} (or null). */
    public static <T, R> SingleInputUdfOperator<T, R> reduceGroup(DataSet<T> input, Keys keys, Ordering order,
            GroupReduceFunction<T, R> function) {
        java.util.Objects.requireNonNull(function, () -> "reduceGroup on '" + input.getName() + "': the function is null");
        TypeInfo<T> type = input.getType();
        SingleInputUdfOperator<T, R> op = new SingleInputUdfOperator<>(input, "GroupReduce", function,
                name -> TypeExtractor.getOutputType(function, GroupReduceFunction.class, 1, new TypeInfo<?>[] {type}, name),
                (info, f, in, props) -> new GroupReduceOperatorBase<>(info, cast(f), in, props));
        op.setKeys(keys, order);
        return op;
    }

    /** A group combine over {@code keys} (or each partition when null), groups sorted by {@code order} (or null). */
    public static <T, R> SingleInputUdfOperator<T, R> combineGroup(DataSet<T> input, Keys keys, Ordering order,
            GroupCombineFunction<T, R> function) {
        java.util.Objects.requireNonNull(function, () -> "combineGroup on '" + input.getName() + "': the function is null");
        TypeInfo<T> type = input.getType();
        SingleInputUdfOperator<T, R> op = new SingleInputUdfOperator<>(input, "GroupCombine", function,
                name -> TypeExtractor.getOutputType(function, GroupCombineFunction.class, 1, new TypeInfo<?>[] {type}, name),
                (info, f, in, props) -> new GroupCombineOperatorBase<>(info, cast(f), in, props));
        op.setKeys(keys, order);
        return op;
    }

    /** The aggregation of {@code field} per key (or over the whole input when {@code keys} is null). */
    public static <T> AggregateOperator<T> aggregate(DataSet<T> input, Keys keys, Aggregations aggregation, int field) {
        return new AggregateOperator<>(input, keys, aggregation, field);
    }

    /**
     * The record with the smallest ({@code max} false) or largest values of {@code fields}, per key or overall.
     *
     * @throws IllegalArgumentException if a field is not comparable
     */
    public static <T> SingleInputUdfOperator<T, T> selectBy(DataSet<T> input, Keys keys, boolean max, int... fields) {
        String name = max ? "MaxBy" : "MinBy";
        if (fields.length == 0) {
            throw new IllegalArgumentException(name + " on '" + input.getName() + "': no fields given (expected: at least one field position)");
        }
        TypeInfo<T> type = input.getType();
        List<FieldAccessor<T, Object>> accessors = new ArrayList<>();
        for (int field : fields) {
            FieldAccessor<T, Object> accessor = FieldAccessors.create(type, field, name + " on '" + input.getName() + "'");
            if (!ValueOrder.isOrdered(accessor.getFieldType())) {
                throw new IllegalArgumentException(name + " on '" + input.getName() + "': field " + field + " has type "
                        + accessor.getFieldType() + ", which has no order (expected: a number, String, another Comparable type,"
                        + " or a type whose TypeInfo is an AtomicType sort key)");
            }
            accessors.add(accessor);
        }
        SingleInputUdfOperator<T, T> op = reduce(input, keys, new SelectByReducer<>(accessors, max));
        op.name(name).setImplicitSemanticProperties(SingleInputSemanticProperties::identity);
        return op;
    }

    /** The first {@code n} records per key (or overall), in {@code order} within each group when given. */
    public static <T> SingleInputUdfOperator<T, T> first(DataSet<T> input, Keys keys, Ordering order, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("first on '" + input.getName() + "': " + n + " (expected: at least 1 record)");
        }
        TypeInfo<T> type = input.getType();
        SingleInputUdfOperator<T, T> op = new SingleInputUdfOperator<>(input, "First(" + n + ")", new FirstReducer<T>(n), name -> type,
                (info, f, in, props) -> new GroupReduceOperatorBase<>(info, cast(f), in, props));
        op.setKeys(keys, order);
        op.setImplicitSemanticProperties(SingleInputSemanticProperties::identity);
        return op;
    }

    /** One record per distinct key. */
    public static <T> SingleInputUdfOperator<T, T> distinct(DataSet<T> input, Keys keys) {
        SingleInputUdfOperator<T, T> op = reduce(input, keys, new DistinctReducer<>());
        op.name("Distinct").setImplicitSemanticProperties(SingleInputSemanticProperties::identity);
        return op;
    }

    @SuppressWarnings("unchecked")
    static <F extends Function> F cast(Function function) {
        return (F) function;
    }
}
