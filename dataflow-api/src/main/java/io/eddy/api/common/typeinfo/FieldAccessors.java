package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.MemberAccessor;
import io.eddy.api.common.typeutils.MemberAccessors;
import java.util.Arrays;
import java.util.Objects;

/**
 * Creates {@link FieldAccessor}s at plan time for {@code keyBy("field")}, {@code keyBy(0)}, {@code
 * sum("field")}, {@code minBy(...)} and the like.
 *
 * <ul>
 *   <li>By position: the field at that position of a tuple, record or POJO (in its field order);
 *       for an atomic type (basic types, enums, ...) position 0 is the value itself.
 *   <li>By expression: a field name ({@code "f0"}, {@code "name"}), names joined by dots for nested
 *       fields ({@code "address.city"}, {@code "f1.f0"}), or {@code "*"} for the value itself.
 * </ul>
 * Unknown fields fail with an {@link InvalidTypesException} naming the operator, the field, the type
 * and the fields it has.
 */
public final class FieldAccessors {

    private FieldAccessors() {
    }

    /** An accessor of the field at {@code position} of {@code type}. */
    public static <T, F> FieldAccessor<T, F> create(TypeInfo<T> type, int position, String operatorName) {
        Objects.requireNonNull(type, "type");
        if (type instanceof CompositeType<T> composite) {
            if (position < 0 || position >= composite.getArity()) {
                throw new InvalidTypesException("Operator '" + operatorName + "': field position " + position
                        + " does not exist in type " + type + " (expected: 0.." + (composite.getArity() - 1)
                        + "; its fields are " + Arrays.toString(composite.getFieldNames()) + ")");
            }
            return composite.getFieldAccessor(position);
        }
        if (position != 0) {
            throw new InvalidTypesException("Operator '" + operatorName + "': field position " + position
                    + " does not exist in type " + type + ", which has no fields (expected: position 0 for the value"
                    + " itself, or use a KeySelector)");
        }
        return identity(type);
    }

    /** An accessor of the (possibly nested) field named by {@code fieldExpression} in {@code type}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T, F> FieldAccessor<T, F> create(TypeInfo<T> type, String fieldExpression, String operatorName) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(fieldExpression, "fieldExpression");
        String expression = fieldExpression.trim();
        if (expression.equals("*") || expression.equals("_")) {
            return identity(type);
        }
        FieldAccessor accessor = null;
        TypeInfo<?> current = type;
        for (String name : expression.split("\\.", -1)) {
            if (!(current instanceof CompositeType<?> composite)) {
                throw new InvalidTypesException("Operator '" + operatorName + "': field expression '" + fieldExpression
                        + "' selects '" + name + "' in type " + current + ", which has no fields; use '*' for the whole"
                        + " value or a KeySelector");
            }
            int index = composite.getFieldIndex(name);
            if (index < 0) {
                throw new InvalidTypesException("Operator '" + operatorName + "': field '" + name + "' (in expression '"
                        + fieldExpression + "') does not exist in type " + composite + "; its fields are "
                        + Arrays.toString(composite.getFieldNames()));
            }
            FieldAccessor next = composite.getFieldAccessor(index);
            accessor = accessor == null ? next : new NestedFieldAccessor(accessor, next);
            current = composite.getTypeAt(index);
        }
        return (FieldAccessor<T, F>) accessor;
    }

    /** {@code member}, which reads and writes a field of type {@code type}, with that type. */
    public static <T, F> FieldAccessor<T, F> typed(MemberAccessor<T, F> member, TypeInfo<F> type) {
        return new TypedAccessor<>(Objects.requireNonNull(member, "member"), type);
    }

    @SuppressWarnings("unchecked")
    private static <T, F> FieldAccessor<T, F> identity(TypeInfo<T> type) {
        return (FieldAccessor<T, F>) new IdentityAccessor<>(type);
    }

    /** A POJO field or record component ({@link MemberAccessors}) with its type. */
    private static final class TypedAccessor<T, F> implements FieldAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final MemberAccessor<T, F> member;
        private final TypeInfo<F> type;

        TypedAccessor(MemberAccessor<T, F> member, TypeInfo<F> type) {
            this.member = member;
            this.type = type;
        }

        @Override
        public F get(T record) {
            return member.get(record);
        }

        @Override
        public T set(T record, F value) {
            return member.set(record, value);
        }

        @Override
        public TypeInfo<F> getFieldType() {
            return type;
        }

        @Override
        public String toString() {
            return member.toString();
        }
    }

    /** The value itself; {@code set} returns the new value. */
    private static final class IdentityAccessor<T> implements FieldAccessor<T, T> {

        private static final long serialVersionUID = 1L;

        private final TypeInfo<T> type;

        IdentityAccessor(TypeInfo<T> type) {
            this.type = type;
        }

        @Override
        public T get(T record) {
            return record;
        }

        @Override
        public T set(T record, T value) {
            return value;
        }

        @Override
        public TypeInfo<T> getFieldType() {
            return type;
        }
    }

    /** A field of a field: {@code set} writes the inner field and then the (possibly new) middle value back. */
    private static final class NestedFieldAccessor<T, M, F> implements FieldAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final FieldAccessor<T, M> outer;
        private final FieldAccessor<M, F> inner;

        NestedFieldAccessor(FieldAccessor<T, M> outer, FieldAccessor<M, F> inner) {
            this.outer = outer;
            this.inner = inner;
        }

        @Override
        public F get(T record) {
            M middle = outer.get(record);
            return middle == null ? null : inner.get(middle);
        }

        @Override
        public T set(T record, F value) {
            M middle = outer.get(record);
            if (middle == null) {
                throw new NullPointerException("Cannot set nested field " + inner.getFieldType() + " because the"
                        + " enclosing field is null in " + record);
            }
            return outer.set(record, inner.set(middle, value));
        }

        @Override
        public TypeInfo<F> getFieldType() {
            return inner.getFieldType();
        }
    }
}
