package io.eddy.streaming.api;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;
import java.util.Objects;

/**
 * Names a side output of an operator and gives its type. Tags are equal when their ids are.
 * Create one as an anonymous subclass to capture the type ({@code new OutputTag<String>("late") {}})
 * or pass the type explicitly.
 */
public class OutputTag<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final TypeInfo<T> typeInfo;

    public OutputTag(String id, TypeInfo<T> typeInfo) {
        this.id = requireId(id);
        this.typeInfo = Objects.requireNonNull(typeInfo, "typeInfo");
    }

    /** For anonymous subclasses, which carry their type argument. */
    protected OutputTag(String id) {
        this.id = requireId(id);
        this.typeInfo = io.eddy.api.common.typeinfo.TypeExtractor.createTypeInfoFromSubclass(getClass(), OutputTag.class, 0,
                "OutputTag '" + id + "'");
    }

    private static String requireId(String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("OutputTag id: '" + id + "' (expected: a non-empty name)");
        }
        return id;
    }

    public String getId() {
        return id;
    }

    public TypeInfo<T> getTypeInfo() {
        return typeInfo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OutputTag<?> other && other.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "OutputTag(" + id + ", " + typeInfo + ")";
    }
}
