package io.eddy.api.common.operators;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;
import java.util.Arrays;

/**
 * A sort order over flat fields ({@link FlatFields}): the first field decides, the next breaks
 * ties, and so on; each field ascending or descending. Immutable: {@link #append} returns a new
 * ordering.
 */
public final class Ordering implements Serializable {

    private static final long serialVersionUID = 1L;

    private static final Ordering EMPTY = new Ordering(new int[0], new TypeInfo<?>[0], new Order[0]);

    private final int[] positions;
    private final TypeInfo<?>[] types;
    private final Order[] orders;

    private Ordering(int[] positions, TypeInfo<?>[] types, Order[] orders) {
        this.positions = positions;
        this.types = types;
        this.orders = orders;
    }

    /** The ordering of no fields. */
    public static Ordering empty() {
        return EMPTY;
    }

    /** This ordering followed by flat field {@code flatPosition} of type {@code type} in {@code order}. */
    public Ordering append(int flatPosition, TypeInfo<?> type, Order order) {
        int n = positions.length;
        int[] p = Arrays.copyOf(positions, n + 1);
        TypeInfo<?>[] t = Arrays.copyOf(types, n + 1);
        Order[] o = Arrays.copyOf(orders, n + 1);
        p[n] = flatPosition;
        t[n] = java.util.Objects.requireNonNull(type, "type");
        o[n] = java.util.Objects.requireNonNull(order, "order");
        return new Ordering(p, t, o);
    }

    public int size() {
        return positions.length;
    }

    public boolean isEmpty() {
        return positions.length == 0;
    }

    /** The flat position of the i-th sort field. */
    public int getFieldPosition(int i) {
        return positions[i];
    }

    /** The flat positions of all sort fields, in sort priority. */
    public int[] getFieldPositions() {
        return positions.clone();
    }

    public TypeInfo<?> getType(int i) {
        return types[i];
    }

    public Order getOrder(int i) {
        return orders[i];
    }

    /** Whether the flat field {@code flatPosition} is one of the sort fields. */
    public boolean contains(int flatPosition) {
        for (int p : positions) {
            if (p == flatPosition) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ordering other && Arrays.equals(positions, other.positions) && Arrays.equals(types, other.types)
                && Arrays.equals(orders, other.orders);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(positions) + Arrays.hashCode(orders);
    }

    /** {@code [0 ASC, 2 DESC]}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < positions.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(positions[i]).append(' ').append(orders[i].shortName());
        }
        return sb.append(']').toString();
    }
}
