package io.eddy.runtime.operators.util;

import io.eddy.api.common.typeutils.TypeComparator;

/**
 * Hashes a record by its flattened key fields, with a seed per recursion level, so that the two
 * inputs of a join hash equal keys to equal values and a spilled partition can be re-partitioned
 * with a different function.
 *
 * <p>Why equal keys of the two inputs hash equally: both sides extract their key fields with
 * {@link TypeComparator#extractKeys} and hash each field with its flat comparator's {@link
 * TypeComparator#hash}; {@link KeyCompatibility} guarantees that the flat comparators are of the
 * same classes pairwise, and the fields are combined here by one shared function ({@link #combine}
 * then {@link #mix}), independent of how the record type itself nests its fields.
 *
 * <p>Not thread-safe (scratch array): one instance per task thread.
 */
public final class KeyHasher<T> {

    private final TypeComparator<T> comparator;
    @SuppressWarnings("rawtypes")
    private final TypeComparator[] flat;
    private final Object[] keys;

    @SuppressWarnings("rawtypes")
    public KeyHasher(TypeComparator<T> comparator) {
        this.comparator = comparator.duplicate();
        TypeComparator[] original = this.comparator.getFlatComparators();
        this.flat = new TypeComparator[original.length];
        for (int i = 0; i < original.length; i++) {
            flat[i] = original[i].duplicate();
        }
        this.keys = new Object[flat.length];
    }

    /** The hash of {@code record}'s key fields for recursion level {@code level} (0 for the first pass). */
    @SuppressWarnings("unchecked")
    public int hash(T record, int level) {
        comparator.extractKeys(record, keys, 0);
        int h = 0;
        for (int i = 0; i < flat.length; i++) {
            h = combine(h, flat[i].hash(keys[i]));
        }
        return mix(h, level);
    }

    /** Folds one field's hash into the running hash of the preceding fields. */
    public static int combine(int running, int fieldHash) {
        return 31 * running + fieldHash;
    }

    /**
     * Scrambles a combined key hash with a seed derived from {@code level} (a bijection for each
     * level, so distinct hashes stay distinct while their partition bits change between levels).
     */
    public static int mix(int h, int level) {
        int x = h ^ (level * 0x9E3779B9);
        x ^= x >>> 16;
        x *= 0x85EBCA6B;
        x ^= x >>> 13;
        x *= 0xC2B2AE35;
        x ^= x >>> 16;
        return x;
    }
}
