package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.CompositeComparator;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import java.util.Arrays;
import java.util.Objects;

/**
 * The type information of a type with named, typed fields: tuples ({@code f0}, {@code f1}, ...),
 * Java records and POJOs. Fields are addressed by position or by name; nested fields by a dotted
 * expression ({@code "address.city"}).
 */
public abstract class CompositeType<T> extends TypeInfo<T> {

    private static final long serialVersionUID = 1L;

    protected final Class<T> typeClass;

    protected CompositeType(Class<T> typeClass) {
        this.typeClass = Objects.requireNonNull(typeClass, "typeClass");
    }

    @Override
    public Class<T> getTypeClass() {
        return typeClass;
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    /** The names of the direct fields, in position order. */
    public abstract String[] getFieldNames();

    /** The position of the direct field {@code fieldName}, or -1 if there is none. */
    public int getFieldIndex(String fieldName) {
        String[] names = getFieldNames();
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(fieldName)) {
                return i;
            }
        }
        return -1;
    }

    /** The type of the direct field at {@code pos}. */
    public abstract <X> TypeInfo<X> getTypeAt(int pos);

    /**
     * The type of the field named by {@code fieldExpression}: a field name, or names joined by dots
     * for nested fields.
     *
     * @throws InvalidTypesException if a field does not exist
     */
    @SuppressWarnings("unchecked")
    public <X> TypeInfo<X> getTypeAt(String fieldExpression) {
        TypeInfo<?> current = this;
        for (String name : fieldExpression.split("\\.", -1)) {
            if (!(current instanceof CompositeType<?> composite)) {
                throw new InvalidTypesException("Field expression '" + fieldExpression + "': type " + current
                        + " has no fields, so '" + name + "' cannot be selected");
            }
            int index = composite.getFieldIndex(name);
            if (index < 0) {
                throw new InvalidTypesException("Field expression '" + fieldExpression + "': type " + composite
                        + " has no field '" + name + "'; its fields are " + Arrays.toString(composite.getFieldNames()));
            }
            current = composite.getTypeAt(index);
        }
        return (TypeInfo<X>) current;
    }

    /** An accessor for the direct field at {@code pos}. */
    public abstract <F> FieldAccessor<T, F> getFieldAccessor(int pos);

    /**
     * A comparator on the direct fields at {@code keyFieldPositions}, each ascending or descending.
     * Key fields must be key types (atomic or composite).
     *
     * @throws InvalidTypesException if a key field is not a key type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeComparator<T> createComparator(int[] keyFieldPositions, boolean[] ascending, SerializerConfig config) {
        if (keyFieldPositions.length == 0 || keyFieldPositions.length != ascending.length) {
            throw new IllegalArgumentException("createComparator on " + this + ": " + keyFieldPositions.length
                    + " key positions and " + ascending.length + " directions (expected: the same number, at least one)");
        }
        FieldAccessor<T, ?>[] accessors = new FieldAccessor[keyFieldPositions.length];
        TypeComparator<?>[] comparators = new TypeComparator<?>[keyFieldPositions.length];
        for (int i = 0; i < keyFieldPositions.length; i++) {
            int pos = keyFieldPositions[i];
            if (pos < 0 || pos >= getArity()) {
                throw new InvalidTypesException("Key position " + pos + " is out of range for " + this
                        + " (expected: 0.." + (getArity() - 1) + ")");
            }
            accessors[i] = getFieldAccessor(pos);
            comparators[i] = comparatorFor(getTypeAt(pos), ascending[i], config, getFieldNames()[pos]);
        }
        return new CompositeComparator<>(accessors, comparators, createSerializer(config),
                keyFieldPositions.length == 1 && leadsSerializedForm(keyFieldPositions[0]));
    }

    /**
     * Whether this type's serializer writes the field at {@code pos} first, exactly as the field
     * type's own serializer writes it (so the field's comparator can read serialized records).
     */
    protected boolean leadsSerializedForm(int pos) {
        return false;
    }

    /**
     * A comparator over whole values of {@code type}: atomic types directly, composite types on all
     * their fields.
     *
     * @param what names the values in the error, e.g. a field's name
     * @throws InvalidTypesException if values of {@code type} cannot be compared
     */
    public static <X> TypeComparator<X> comparatorFor(TypeInfo<X> type, boolean ascending, SerializerConfig config, String what) {
        if (type instanceof AtomicType<?> atomic && type.isKeyType()) {
            @SuppressWarnings("unchecked")
            TypeComparator<X> c = ((AtomicType<X>) atomic).createComparator(ascending, config);
            return c;
        }
        if (type instanceof CompositeType<X> composite && type.isKeyType()) {
            int[] all = new int[composite.getArity()];
            boolean[] directions = new boolean[all.length];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
                directions[i] = ascending;
            }
            return composite.createComparator(all, directions, config);
        }
        throw new InvalidTypesException("Field '" + what + "' of type " + type + " cannot be a key: its values cannot be"
                + " compared (key types are basic types, String, enums, tuples, records and POJOs of key types, and registered"
                + " types whose TypeInfo is a key type implementing AtomicType)");
    }

    @Override
    public int getTotalFields() {
        int total = 0;
        for (int i = 0; i < getArity(); i++) {
            total += getTypeAt(i).getTotalFields();
        }
        return total;
    }

    @Override
    public boolean isKeyType() {
        for (int i = 0; i < getArity(); i++) {
            if (!getTypeAt(i).isKeyType()) {
                return false;
            }
        }
        return true;
    }

    /** {@code Name<f0: Type, f1: Type>}. */
    protected String describe(String name) {
        StringBuilder sb = new StringBuilder(name).append('<');
        String[] names = getFieldNames();
        for (int i = 0; i < names.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(names[i]).append(": ").append(getTypeAt(i));
        }
        return sb.append('>').toString();
    }
}
