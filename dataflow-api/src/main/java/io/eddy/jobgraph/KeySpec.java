package io.eddy.jobgraph;

import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import java.io.Serializable;
import java.util.Arrays;

/**
 * The key of a batch operator or exchange: flat field positions over the record type, with a sort
 * order per position. For an atomic record type (e.g. {@code String}) the only key is {@code {0}}:
 * the record itself. See {@code docs/batch-runtime.md}.
 */
public final class KeySpec implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int[] positions;
    private final boolean[] ascending;

    private KeySpec(int[] positions, boolean[] ascending) {
        if (positions.length == 0) {
            throw new IllegalArgumentException("A key needs at least one field position");
        }
        if (positions.length != ascending.length) {
            throw new IllegalArgumentException("positions " + Arrays.toString(positions) + " and orders " + Arrays.toString(ascending)
                    + " differ in length");
        }
        for (int p : positions) {
            if (p < 0) {
                throw new IllegalArgumentException("key position: " + p + " (expected: >= 0)");
            }
        }
        this.positions = positions.clone();
        this.ascending = ascending.clone();
    }

    /** A key over {@code positions}, all ascending. */
    public static KeySpec of(int... positions) {
        boolean[] asc = new boolean[positions.length];
        Arrays.fill(asc, true);
        return new KeySpec(positions, asc);
    }

    /** A key over {@code positions} with the given order of each. */
    public static KeySpec of(int[] positions, boolean[] ascending) {
        return new KeySpec(positions, ascending);
    }

    public int[] positions() {
        return positions.clone();
    }

    public boolean[] ascending() {
        return ascending.clone();
    }

    public int size() {
        return positions.length;
    }

    /** This key followed by {@code more} (e.g. grouping keys, then the group order). */
    public KeySpec append(KeySpec more) {
        int[] p = Arrays.copyOf(positions, positions.length + more.positions.length);
        boolean[] a = Arrays.copyOf(ascending, ascending.length + more.ascending.length);
        System.arraycopy(more.positions, 0, p, positions.length, more.positions.length);
        System.arraycopy(more.ascending, 0, a, ascending.length, more.ascending.length);
        return new KeySpec(p, a);
    }

    /**
     * The comparator of this key over records of {@code type}.
     *
     * @throws IllegalArgumentException if a position does not exist in {@code type} or a field cannot be a key
     */
    @SuppressWarnings("unchecked")
    public <T> TypeComparator<T> createComparator(TypeInfo<T> type, SerializerConfig config) {
        if (type instanceof CompositeType<T> composite) {
            return composite.createComparator(positions, ascending, config);
        }
        if (type instanceof AtomicType<?> atomic) {
            if (positions.length != 1 || positions[0] != 0) {
                throw new IllegalArgumentException("key " + this + " on the atomic type " + type + ": an atomic type has only key {0}, the value itself");
            }
            return ((AtomicType<T>) atomic).createComparator(ascending[0], config);
        }
        throw new IllegalArgumentException("type " + type + " cannot be used as a key (key " + this + "): its TypeInfo is neither a"
                + " CompositeType nor an AtomicType; use a tuple, record, POJO or basic type, or (for a registered type family)"
                + " let the family's TypeInfo implement AtomicType");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeySpec k && Arrays.equals(positions, k.positions) && Arrays.equals(ascending, k.ascending);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(positions) + Arrays.hashCode(ascending);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < positions.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(positions[i]).append(ascending[i] ? "" : " desc");
        }
        return sb.append(']').toString();
    }
}
