package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.operators.util.KeyCompatibility;
import io.eddy.runtime.operators.util.KeyHasher;
import io.eddy.runtime.operators.util.TypePairComparator;

/**
 * The types, keys and join type of a hash join; every recursion level and the nested-loop fallback
 * derive their own (thread-confined) serializer, hasher and comparator instances from it.
 */
record JoinSides<BT, PT>(TypeSerializer<BT> buildSerializer, TypeComparator<BT> buildComparator,
        TypeSerializer<PT> probeSerializer, TypeComparator<PT> probeComparator, JoinType joinType) {

    JoinSides {
        KeyCompatibility.check(buildComparator, probeComparator);
        if (joinType == null) {
            throw new IllegalArgumentException("joinType: null (expected: one of " + java.util.Arrays.toString(JoinType.values()) + ")");
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
