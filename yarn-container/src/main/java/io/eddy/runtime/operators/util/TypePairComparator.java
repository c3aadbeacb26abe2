package io.eddy.runtime.operators.util;

import io.eddy.api.common.typeutils.TypeComparator;

/**
 * Compares records of two different types by their key fields: the form in which joins match a
 * probe-side record against build-side candidates, or a left against a right input.
 *
 * <p>Usage: {@link #setReference} with a record of the first type, then any number of {@link
 * #equalToReference} / {@link #compareToReference} calls with records of the second type.
 *
 * <p>Not thread-safe (the reference is state): one instance per task thread.
 */
public abstract class TypePairComparator<T1, T2> {

    /** Remembers the key fields of {@code reference} for the following comparisons. */
    public abstract void setReference(T1 reference);

    /** Whether the key fields of {@code candidate} equal those of the reference. */
    public abstract boolean equalToReference(T2 candidate);

    /**
     * Compares the reference with {@code candidate} by their key fields, in the order of the first
     * side's comparator: negative if the reference is smaller, zero if equal, positive if larger.
     */
    public abstract int compareToReference(T2 candidate);

    /**
     * A pair comparator over the flattened key fields of both comparators: keys are extracted with
     * {@link TypeComparator#extractKeys} and compared field by field with the first side's flat
     * comparators.
     *
     * @throws IllegalArgumentException if the two sides' keys differ in number or type of fields
     */
    public static <T1, T2> TypePairComparator<T1, T2> of(TypeComparator<T1> first, TypeComparator<T2> second) {
        return new GenericPairComparator<>(first, second);
    }
}
