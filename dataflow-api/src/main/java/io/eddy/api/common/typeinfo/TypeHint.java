package io.eddy.api.common.typeinfo;

/**
 * Captures a generic type that erasure would otherwise lose. Create an anonymous subclass with the
 * full type: {@code new TypeHint<Tuple2<String, Integer>>() {}}; the type is analysed once, in the
 * constructor.
 *
 * @param <T> the captured type
 */
public abstract class TypeHint<T> {

    private final TypeInfo<T> typeInfo;

    protected TypeHint() {
        this.typeInfo = TypeExtractor.createTypeInfoFromSubclass(getClass(), TypeHint.class, 0, "TypeHint");
    }

    /** The type information of the captured type. */
    public TypeInfo<T> getTypeInfo() {
        return typeInfo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeHint<?> other && other.typeInfo.equals(typeInfo);
    }

    @Override
    public int hashCode() {
        return typeInfo.hashCode();
    }

    @Override
    public String toString() {
        return "TypeHint<" + typeInfo + ">";
    }
}
