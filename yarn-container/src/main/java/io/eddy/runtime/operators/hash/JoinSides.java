package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.operators.util.KeyCompatibility;
import io.eddy.runtime.operators.util.KeyHasher;
import io.eddy.runtime.operators.util.TypePairComparator;

/**
 * The types, keys and unmatched sides of a hash join; every recursion level and the nested-loop fallback
 * derive their own (thread-confined) serializer, hasher and comparator instances from it.
 */
record JoinSides<BT, PT>(TypeSerializer<BT> buildSerializer, TypeComparator<BT> buildComparator,
        TypeSerializer<PT> probeSerializer, TypeComparator<PT> probeComparator, UnmatchedSides unmatched) {

    JoinSides {
        KeyCompatibility.check(buildComparator, probeComparator);
        if (unmatched == null) {
            throw new IllegalArgumentException("unmatched: null (expected: one of " + java.util.Arrays.toString(UnmatchedSides.values()) + ")");
        }
    }

    KeyHasher<BT> buildHasher() {
        return new KeyHasher<>(buildComparator);
    }

    KeyHasher<PT> probeHasher() {
        return new KeyHasher<>(probeComparator);
    }

    /** Takes a probe record as reference and build records as candidates. */
    TypePairComparator<PT, BT> pairComparator() {
        return TypePairComparator.of(probeComparator, buildComparator);
    }
}
