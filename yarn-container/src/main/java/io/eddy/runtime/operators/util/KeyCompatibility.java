package io.eddy.runtime.operators.util;

import io.eddy.api.common.typeutils.TypeComparator;
import java.util.Arrays;

/**
 * Checks that the keys of two inputs can be compared and hashed with each other: the same number of
 * flattened key fields, and pairwise comparators of the same class (so both sides compare with the
 * same ordering and hash equal key values to equal hashes).
 */
public final class KeyCompatibility {

    private KeyCompatibility() {}

    /**
     * @throws IllegalArgumentException naming both sides' key types if they are not compatible
     */
    @SuppressWarnings("rawtypes")
    public static void check(TypeComparator<?> first, TypeComparator<?> second) {
        TypeComparator[] a = first.getFlatComparators();
        TypeComparator[] b = second.getFlatComparators();
        if (a.length != b.length) {
            throw new IllegalArgumentException("Incompatible join keys: the first input's key has " + a.length
                    + " field(s) " + describe(a) + ", the second input's key has " + b.length + " field(s) "
                    + describe(b) + " (expected: the same number of key fields on both sides; check the key"
                    + " positions or expressions given to where(...)/equalTo(...))");
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i].getClass() != b[i].getClass()) {
                throw new IllegalArgumentException("Incompatible join keys: key field " + i + " is compared by "
                        + a[i].getClass().getSimpleName() + " on the first input and by "
                        + b[i].getClass().getSimpleName() + " on the second input (first key " + describe(a)
                        + ", second key " + describe(b) + "; expected: the same key types on both sides;"
                        + " convert one side's key field with a map before the join)");
            }
        }
    }

    @SuppressWarnings("rawtypes")
    static String describe(TypeComparator[] flat) {
        String[] names = new String[flat.length];
        for (int i = 0; i < flat.length; i++) {
            names[i] = flat[i].getClass().getSimpleName();
        }
        return Arrays.toString(names);
    }
}
