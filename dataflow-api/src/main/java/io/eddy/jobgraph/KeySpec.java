package io.eddy.jobgraph;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SelectorKeyComparator;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The key of a batch operator or exchange: flat field positions over the record type, with a sort
 * order per position. For an atomic record type (e.g. {@code String}) the only key is {@code {0}}:
 * the record itself. See {@code docs/batch-runtime.md}.
 *
 * <p>A <b>selector key</b> ({@link #selector}) is the key a {@link KeySelector} extracts (a basic
 * type, or a tuple, record or POJO compared on all its fields), ascending: used where the runtime keeps whole records keyed by a selector
 * (a delta iteration's solution set, its lookups and the exchanges into them). It has no field
 * positions ({@link #positions()} fails, so no property reasoning can mistake it for a field key);
 * its comparator is a {@link SelectorKeyComparator}, which hashes as a field key over the same values.
 */
public final class KeySpec implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int[] positions;
    private final boolean[] ascending;
    /** Null for a field key. */
    private final KeySelector<?, ?> selector;
    private final TypeInfo<?> selectorKeyType;

    private KeySpec(KeySelector<?, ?> selector, TypeInfo<?> keyType) {
        this.positions = null;
        this.ascending = new boolean[] {true};
        this.selector = Objects.requireNonNull(selector, "selector");
        this.selectorKeyType = Objects.requireNonNull(keyType, "keyType");
        if (!keyType.isKeyType() || !(keyType instanceof AtomicType<?> || keyType instanceof CompositeType<?>)) {
            throw new IllegalArgumentException("The key selector " + selector.getClass().getName() + " extracts keys of type " + keyType
                    + ", which cannot be a key: select a basic type, String, enum, or a tuple, record or POJO of those");
        }
    }

    /**
     * The key {@code selector} extracts, of type {@code keyType}, ascending.
     *
     * @throws IllegalArgumentException if values of {@code keyType} cannot be compared
     */
    public static KeySpec selector(KeySelector<?, ?> selector, TypeInfo<?> keyType) {
        return new KeySpec(selector, keyType);
    }

    /** Whether this is a selector key (no field positions). */
    public boolean isSelector() {
        return selector != null;
    }

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
        this.selector = null;
        this.selectorKeyType = null;
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

    /**
     * The flat field positions.
     *
     * @throws IllegalStateException for a selector key, which has none
     */
    public int[] positions() {
        requireFields("field positions");
        return positions.clone();
    }

    public boolean[] ascending() {
        return ascending.clone();
    }

    public int size() {
        return ascending.length;
    }

    private void requireFields(String what) {
        if (selector != null) {
            throw new IllegalStateException("Bug: the selector key " + this + " has no " + what + " (only field keys do)");
        }
    }

    /** This key followed by {@code more} (e.g. grouping keys, then the group order). */
    public KeySpec append(KeySpec more) {
        requireFields("appended keys");
        more.requireFields("appended keys");
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
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> TypeComparator<T> createComparator(TypeInfo<T> type, SerializerConfig config) {
        if (selector != null) {
            TypeComparator<?> keyComparator = CompositeType.comparatorFor(selectorKeyType, true, config,
                    "the key of " + selector.getClass().getName());
            return new SelectorKeyComparator(selector, keyComparator, type.createSerializer(config));
        }
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

    /** Field keys are equal by positions and orders; selector keys by the selector's class and the key type. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof KeySpec k) || (selector == null) != (k.selector == null)) {
            return false;
        }
        if (selector != null) {
            return selector.getClass() == k.selector.getClass() && selectorKeyType.equals(k.selectorKeyType);
        }
        return Arrays.equals(positions, k.positions) && Arrays.equals(ascending, k.ascending);
    }

    @Override
    public int hashCode() {
        return selector != null ? selector.getClass().hashCode() : 31 * Arrays.hashCode(positions) + Arrays.hashCode(ascending);
    }

    @Override
    public String toString() {
        if (selector != null) {
            return "[selector " + selector.getClass().getName() + " -> " + selectorKeyType + "]";
        }
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < positions.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(positions[i]).append(ascending[i] ? "" : " desc");
        }
        return sb.append(']').toString();
    }
}
