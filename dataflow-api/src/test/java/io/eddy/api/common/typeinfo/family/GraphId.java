package io.eddy.api.common.typeinfo.family;

import io.eddy.api.common.typeinfo.TypeInfoFrom;

/**
 * A test value whose type information comes from its annotation: a vertex id. Immutable, not a
 * POJO and not {@link Comparable}; ordered by {@link GraphIdTypeInfo} by its value.
 */
@TypeInfoFrom(GraphIdTypeInfo.Factory.class)
public final class GraphId {

    private final long value;

    public GraphId(long value) {
        this.value = value;
    }

    public static GraphId of(long value) {
        return new GraphId(value);
    }

    public long value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphId g && g.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public String toString() {
        return "#" + value;
    }
}
