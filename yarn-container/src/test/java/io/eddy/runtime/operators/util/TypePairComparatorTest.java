package io.eddy.runtime.operators.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TypePairComparatorTest {

    private static <T> TypeComparator<T> comparator(CompositeType<T> type, int... keys) {
        boolean[] asc = new boolean[keys.length];
        java.util.Arrays.fill(asc, true);
        return type.createComparator(keys, asc, new SerializerConfig());
    }

    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<Integer, String>> LEFT =
            (CompositeType<Tuple2<Integer, String>>) (Object) Types.TUPLE(Types.INT, Types.STRING);
    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple3<String, Integer, Long>> RIGHT =
            (CompositeType<Tuple3<String, Integer, Long>>) (Object) Types.TUPLE(Types.STRING, Types.INT, Types.LONG);

    @Test
    void comparesKeyFieldsAcrossTypes() {
        TypePairComparator<Tuple2<Integer, String>, Tuple3<String, Integer, Long>> pair =
                TypePairComparator.of(comparator(LEFT, 0), comparator(RIGHT, 1));
        pair.setReference(Tuple2.of(5, "five"));
        assertThat(pair.equalToReference(Tuple3.of("x", 5, 1L))).isTrue();
        assertThat(pair.equalToReference(Tuple3.of("x", 6, 1L))).isFalse();
        assertThat(pair.compareToReference(Tuple3.of("x", 6, 1L))).isNegative();
        assertThat(pair.compareToReference(Tuple3.of("x", 4, 1L))).isPositive();
        assertThat(pair.compareToReference(Tuple3.of("y", 5, 9L))).isZero();
    }

    @Test
    void comparesCompositeKeys() {
        TypePairComparator<Tuple2<Integer, String>, Tuple3<String, Integer, Long>> pair =
                TypePairComparator.of(comparator(LEFT, 1, 0), comparator(RIGHT, 0, 1));
        pair.setReference(Tuple2.of(5, "a"));
        assertThat(pair.equalToReference(Tuple3.of("a", 5, 0L))).isTrue();
        assertThat(pair.equalToReference(Tuple3.of("a", 6, 0L))).isFalse();
        assertThat(pair.equalToReference(Tuple3.of("b", 5, 0L))).isFalse();
    }

    @Test
    void rejectsKeysOfDifferentTypesNamingBoth() {
        assertThatThrownBy(() -> TypePairComparator.of(comparator(LEFT, 0), comparator(RIGHT, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IntComparator")
                .hasMessageContaining("StringComparator")
                .hasMessageContaining("key field 0");
    }

    @Test
    void rejectsKeysWithDifferentFieldCounts() {
        assertThatThrownBy(() -> KeyCompatibility.check(comparator(LEFT, 0), comparator(RIGHT, 1, 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 field(s)")
                .hasMessageContaining("2 field(s)");
    }

    @Test
    void equalKeysOfDifferentRecordTypesHashEquallyOnEveryLevel() {
        KeyHasher<Tuple2<Integer, String>> left = new KeyHasher<>(comparator(LEFT, 1, 0));
        KeyHasher<Tuple3<String, Integer, Long>> right = new KeyHasher<>(comparator(RIGHT, 0, 1));
        for (int i = 0; i < 1000; i++) {
            for (int level = 0; level < 4; level++) {
                assertThat(left.hash(Tuple2.of(i, "k" + i), level))
                        .isEqualTo(right.hash(Tuple3.of("k" + i, i, (long) -i), level));
            }
        }
    }

    @Test
    void levelsPartitionDifferently() {
        KeyHasher<Tuple2<Integer, String>> hasher = new KeyHasher<>(comparator(LEFT, 0));
        // keys that share a partition (top 3 bits) on level 0 must spread over partitions on level 1
        Set<Integer> level1Partitions = new HashSet<>();
        int sameOnLevel0 = 0;
        for (int i = 0; i < 10_000 && sameOnLevel0 < 200; i++) {
            if (hasher.hash(Tuple2.of(i, ""), 0) >>> 29 == 0) {
                sameOnLevel0++;
                level1Partitions.add(hasher.hash(Tuple2.of(i, ""), 1) >>> 29);
            }
        }
        assertThat(sameOnLevel0).isEqualTo(200);
        assertThat(level1Partitions).hasSize(8);
    }
}
