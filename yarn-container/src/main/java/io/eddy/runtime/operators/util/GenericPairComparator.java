package io.eddy.runtime.operators.util;

import io.eddy.api.common.typeutils.TypeComparator;

/**
 * A {@link TypePairComparator} built from one comparator per side: the flattened key fields of both
 * records are extracted into arrays and compared field by field with the first side's flat
 * comparators (both sides' flat comparators are of the same classes, checked on construction).
 *
 * <p>Not thread-safe: owned by one task thread.
 */
final class GenericPairComparator<T1, T2> extends TypePairComparator<T1, T2> {

    private final TypeComparator<T1> first;
    private final TypeComparator<T2> second;
    @SuppressWarnings("rawtypes")
    private final TypeComparator[] flat;
    private final Object[] referenceKeys;
    private final Object[] candidateKeys;

    @SuppressWarnings("rawtypes")
    GenericPairComparator(TypeComparator<T1> first, TypeComparator<T2> second) {
        KeyCompatibility.check(first, second);
        this.first = first.duplicate();
        this.second = second.duplicate();
        TypeComparator[] original = this.first.getFlatComparators();
        this.flat = new TypeComparator[original.length];
        for (int i = 0; i < original.length; i++) {
            flat[i] = original[i].duplicate();
        }
        this.referenceKeys = new Object[flat.length];
        this.candidateKeys = new Object[flat.length];
    }

    @Override
    public void setReference(T1 reference) {
        first.extractKeys(reference, referenceKeys, 0);
    }

    @Override
    public boolean equalToReference(T2 candidate) {
        second.extractKeys(candidate, candidateKeys, 0);
        for (int i = 0; i < flat.length; i++) {
            if (compareField(i) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int compareToReference(T2 candidate) {
        second.extractKeys(candidate, candidateKeys, 0);
        for (int i = 0; i < flat.length; i++) {
            int cmp = compareField(i);
            if (cmp != 0) {
                return cmp;
            }
        }
        return 0;
    }

    @SuppressWarnings("unchecked")
    private int compareField(int i) {
        return flat[i].compare(referenceKeys[i], candidateKeys[i]);
    }

    @Override
    public String toString() {
        return "GenericPairComparator[" + first + " / " + second + "]";
    }
}
