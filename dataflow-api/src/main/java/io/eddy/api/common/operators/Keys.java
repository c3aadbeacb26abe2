package io.eddy.api.common.operators;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The key of a grouping, join, coGroup, distinct or partitioning, over one input.
 *
 * <p><b>Field keys</b> ({@code groupBy(0, 2)}, {@code groupBy("name")}) name fields of the input
 * type; {@link #getFlatPositions()} gives them as flat positions ({@link FlatFields}), which the
 * optimizer compares with partitionings, orders and forwarded fields. <b>Selector keys</b>
 * ({@code groupBy(keySelector)}) have no flat positions: the key is whatever the selector returns.
 *
 * <p>Both kinds give a {@link #getKeySelector() key selector} (for field keys one that reads the
 * fields) and a {@link #getKeyType() key type}: the type that selector returns (for one field its
 * type, for several a tuple of their types). The key's {@link #getKeyFieldTypes() flat field
 * types} decide whether two keys can be matched ({@link #isCompatibleWith}). Immutable.
 */
public final class Keys implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int[] flatPositions;
    private final String description;
    private final KeySelector<?, ?> selector;
    private final TypeInfo<?> keyType;
    private final boolean selectorKeys;

    private Keys(int[] flatPositions, String description, KeySelector<?, ?> selector, TypeInfo<?> keyType, boolean selectorKeys) {
        this.flatPositions = flatPositions;
        this.description = description;
        this.selector = selector;
        this.keyType = keyType;
        this.selectorKeys = selectorKeys;
    }

    /**
     * Field keys by expression: field names ({@code "f0"}, {@code "name"}), dotted names for nested
     * fields, {@code "*"} for the whole value.
     *
     * @throws InvalidTypesException if a field does not exist or cannot be a key, naming the operator
     */
    public static <T> Keys forExpressions(TypeInfo<T> type, String[] expressions, String operatorName) {
        checkCount(expressions.length, operatorName);
        List<FieldAccessor<T, Object>> accessors = new ArrayList<>();
        List<Integer> flat = new ArrayList<>();
        for (String expression : expressions) {
            Objects.requireNonNull(expression, () -> "Operator '" + operatorName + "': a key expression is null");
            accessors.add(FieldAccessors.create(type, expression, operatorName));
            add(flat, FlatFields.of(type, expression, operatorName));
        }
        return forFields(type, accessors, flat, Arrays.toString(expressions), operatorName);
    }

    /**
     * Field keys by the positions of direct fields (position 0 of a non-composite type is the value itself).
     *
     * @throws InvalidTypesException if a position does not exist or its field cannot be a key, naming the operator
     */
    public static <T> Keys forPositions(TypeInfo<T> type, int[] positions, String operatorName) {
        checkCount(positions.length, operatorName);
        List<FieldAccessor<T, Object>> accessors = new ArrayList<>();
        List<Integer> flat = new ArrayList<>();
        for (int position : positions) {
            accessors.add(FieldAccessors.create(type, position, operatorName));
            add(flat, FlatFields.of(type, position, operatorName));
        }
        return forFields(type, accessors, flat, Arrays.toString(positions), operatorName);
    }

    /**
     * Keys computed by {@code selector}, of type {@code keyType}.
     *
     * @throws InvalidTypesException if {@code keyType} cannot be a key, naming the operator
     * @throws IllegalArgumentException if the selector is not serializable
     */
    public static <T, K> Keys forSelector(KeySelector<T, K> selector, TypeInfo<K> keyType, String operatorName) {
        Objects.requireNonNull(selector, () -> "Operator '" + operatorName + "': the key selector is null");
        Objects.requireNonNull(keyType, "keyType");
        InstantiationUtil.serialize(selector, "the key selector of operator '" + operatorName + "'");
        if (!keyType.isKeyType()) {
            throw new InvalidTypesException("Operator '" + operatorName + "': the key selector returns " + keyType
                    + ", which cannot be a key (key types are basic types, String, enums, and tuples, records and POJOs of"
                    + " key types); return a key type from the selector");
        }
        return new Keys(new int[0], "selector " + selector.getClass().getName() + " -> " + keyType, selector, keyType, true);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T> Keys forFields(TypeInfo<T> type, List<FieldAccessor<T, Object>> accessors, List<Integer> flat, String what,
            String operatorName) {
        TypeInfo<?>[] fieldTypes = new TypeInfo<?>[accessors.size()];
        for (int i = 0; i < fieldTypes.length; i++) {
            fieldTypes[i] = accessors.get(i).getFieldType();
        }
        for (int pos : flat) {
            TypeInfo<?> leaf = FlatFields.leafType(type, pos);
            if (!leaf.isKeyType()) {
                throw new InvalidTypesException("Operator '" + operatorName + "': key " + what + " of type " + type + " includes a field of type "
                        + leaf + ", which cannot be a key (key types are basic types, String, enums, and tuples, records and POJOs of"
                        + " key types); choose other key fields or use a KeySelector that returns a key type");
            }
        }
        TypeInfo<?> keyType = fieldTypes.length == 1 ? fieldTypes[0] : new TupleTypeInfo(fieldTypes);
        FieldAccessor<T, Object>[] array = accessors.toArray(new FieldAccessor[0]);
        int[] positions = flat.stream().mapToInt(Integer::intValue).toArray();
        return new Keys(positions, what, new FieldsKeySelector<>(array), keyType, false);
    }

    private static void add(List<Integer> flat, int[] positions) {
        for (int p : positions) {
            flat.add(p);
        }
    }

    private static void checkCount(int count, String operatorName) {
        if (count < 1 || count > Tuple.MAX_ARITY) {
            throw new IllegalArgumentException("Operator '" + operatorName + "': " + count + " key fields (expected: 1 to "
                    + Tuple.MAX_ARITY + ")");
        }
    }

    /** Whether the key is computed by a user key selector (then it has no flat positions). */
    public boolean isSelectorKeys() {
        return selectorKeys;
    }

    /** The key's flat field positions in the input type (field keys), or an empty array (selector keys). */
    public int[] getFlatPositions() {
        return flatPositions.clone();
    }

    /** The selector computing the key from a record: the user's, or one reading the key fields. */
    public KeySelector<?, ?> getKeySelector() {
        return selector;
    }

    /** The type of the key the selector returns. */
    public TypeInfo<?> getKeyType() {
        return keyType;
    }

    /** The flat field types of the key type, in order. */
    public List<TypeInfo<?>> getKeyFieldTypes() {
        return FlatFields.leafTypes(keyType);
    }

    /** The number of flat key fields. */
    public int getNumberOfKeyFields() {
        return keyType instanceof CompositeType<?> ? keyType.getTotalFields() : 1;
    }

    /** Whether records of this key can be matched with records of {@code other}: the same flat key field types. */
    public boolean isCompatibleWith(Keys other) {
        return getKeyFieldTypes().equals(other.getKeyFieldTypes());
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Keys other) || selectorKeys != other.selectorKeys || !keyType.equals(other.keyType)) {
            return false;
        }
        return selectorKeys ? selector == other.selector : Arrays.equals(flatPositions, other.flatPositions);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(flatPositions) + keyType.hashCode();
    }

    /** {@code fields [0, 2] -> flat [0, 3]: Tuple2<...>} or {@code selector ... -> String}. */
    @Override
    public String toString() {
        return selectorKeys ? description : "fields " + description + " -> flat " + Arrays.toString(flatPositions) + ": " + keyType;
    }
}
