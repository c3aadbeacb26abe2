package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Type information for use with {@code .returns(...)}, state descriptors and side outputs:
 * constants for the basic types and factories for composite ones.
 *
 * <pre>{@code
 * .returns(Types.TUPLE(Types.STRING, Types.INT))
 * .returns(Types.POJO(Person.class))
 * }</pre>
 */
public final class Types {

    public static final TypeInfo<String> STRING = BasicTypeInfo.STRING_TYPE_INFO;
    public static final TypeInfo<Boolean> BOOLEAN = BasicTypeInfo.BOOLEAN_TYPE_INFO;
    public static final TypeInfo<Byte> BYTE = BasicTypeInfo.BYTE_TYPE_INFO;
    public static final TypeInfo<Short> SHORT = BasicTypeInfo.SHORT_TYPE_INFO;
    public static final TypeInfo<Integer> INT = BasicTypeInfo.INT_TYPE_INFO;
    public static final TypeInfo<Long> LONG = BasicTypeInfo.LONG_TYPE_INFO;
    public static final TypeInfo<Float> FLOAT = BasicTypeInfo.FLOAT_TYPE_INFO;
    public static final TypeInfo<Double> DOUBLE = BasicTypeInfo.DOUBLE_TYPE_INFO;
    public static final TypeInfo<Character> CHAR = BasicTypeInfo.CHAR_TYPE_INFO;
    public static final TypeInfo<Void> VOID = BasicTypeInfo.VOID_TYPE_INFO;
    public static final TypeInfo<BigInteger> BIG_INT = BasicTypeInfo.BIG_INT_TYPE_INFO;
    public static final TypeInfo<BigDecimal> BIG_DEC = BasicTypeInfo.BIG_DEC_TYPE_INFO;
    public static final TypeInfo<Instant> INSTANT = BasicTypeInfo.INSTANT_TYPE_INFO;
    public static final TypeInfo<LocalDate> LOCAL_DATE = BasicTypeInfo.LOCAL_DATE_TYPE_INFO;

    private Types() {
    }

    /** The standard tuple type ({@code Tuple<n>}) with the given field types, in order. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T extends io.eddy.api.java.tuple.Tuple> TypeInfo<T> TUPLE(TypeInfo<?>... fieldTypes) {
        return (TypeInfo<T>) new TupleTypeInfo(fieldTypes);
    }

    /**
     * The POJO type of {@code pojoClass}, analysed as by {@link TypeExtractor}.
     *
     * @throws InvalidTypesException if the class is not a POJO; the message says which rule it breaks
     */
    public static <T> TypeInfo<T> POJO(Class<T> pojoClass) {
        TypeInfo<T> info = TypeExtractor.createTypeInfo(pojoClass);
        if (!(info instanceof PojoTypeInfo)) {
            throw new InvalidTypesException("Types.POJO(" + pojoClass.getName() + "): not a POJO: "
                    + TypeAnalyzer.pojoProblem(pojoClass) + ". Fix the class, or use Types.GENERIC(" + pojoClass.getSimpleName()
                    + ".class) to serialize it with Kryo");
        }
        return info;
    }

    /** The type of an enum. */
    public static <T extends Enum<T>> TypeInfo<T> ENUM(Class<T> enumClass) {
        return new EnumTypeInfo<>(enumClass);
    }

    /** The type of a Java record, its components analysed as by {@link TypeExtractor}. */
    public static <T> TypeInfo<T> RECORD(Class<T> recordClass) {
        if (!recordClass.isRecord()) {
            throw new InvalidTypesException("Types.RECORD(" + recordClass.getName() + "): not a record class;"
                    + " use Types.POJO or Types.GENERIC");
        }
        return TypeExtractor.createTypeInfo(recordClass);
    }

    /** Arrays of a primitive type, given by its box's type: {@code PRIMITIVE_ARRAY(Types.INT)} is {@code int[]}. */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> PRIMITIVE_ARRAY(TypeInfo<?> elementType) {
        return (TypeInfo<T>) PrimitiveArrayTypeInfo.forElementType(elementType);
    }

    /** Arrays of objects of {@code elementType}. */
    public static <C> TypeInfo<C[]> OBJECT_ARRAY(TypeInfo<C> elementType) {
        return ObjectArrayTypeInfo.getInfoFor(elementType);
    }

    /** A type serialized with Kryo, not analysed. */
    public static <T> TypeInfo<T> GENERIC(Class<T> type) {
        return new GenericTypeInfo<>(type);
    }
}
