package io.eddy.iteration.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link SolutionSet} contract, run against each implementation by a subclass: upserts by key,
 * lookups by a probe record of another type, copies in and out, forEach, close, two threads, and a
 * randomized run against a {@link HashMap}.
 */
abstract class SolutionSetContractTest {

    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple2<Long, Long>> LONGS = (CompositeType<Tuple2<Long, Long>>) (Object) Types.TUPLE(Types.LONG, Types.LONG);
    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple2<Long, String>> TEXTS =
            (CompositeType<Tuple2<Long, String>>) (Object) Types.TUPLE(Types.LONG, Types.STRING);
    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple3<Long, String, Integer>> PROBES =
            (CompositeType<Tuple3<Long, String, Integer>>) (Object) Types.TUPLE(Types.LONG, Types.STRING, Types.INT);

    private final List<SolutionSet<?>> created = new ArrayList<>();

    /** A new, empty set of the implementation under test. */
    protected abstract <T> SolutionSet<T> create(String name, TypeSerializer<T> serializer, TypeComparator<T> keys);

    /** A set of {@code type} keyed on field 0, closed after the test. */
    protected final <T> SolutionSet<T> newSet(String name, CompositeType<T> type) {
        SolutionSet<T> set = create(name, type.createSerializer(new SerializerConfig()), keyOnField0(type));
        created.add(set);
        return set;
    }

    static <T> TypeComparator<T> keyOnField0(CompositeType<T> type) {
        return type.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig());
    }

    static SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> probeLongs(SolutionSet<Tuple2<Long, Long>> set) {
        return set.lookup(keyOnField0(PROBES));
    }

    static Tuple3<Long, String, Integer> probe(long key) {
        return Tuple3.of(key, "probe", 7);
    }

    static <V> Map<Long, V> contents(SolutionSet<Tuple2<Long, V>> set) throws Exception {
        Map<Long, V> seen = new HashMap<>();
        set.forEach(record -> assertThat(seen.put(record.f0, record.f1)).as("key %s seen twice", record.f0).isNull());
        return seen;
    }

    /** Closes the sets that {@link #newSet} created (idempotent; subclasses call it before their own checks). */
    @AfterEach
    void closeSets() throws IOException {
        for (SolutionSet<?> set : created) {
            set.close();
        }
        created.clear();
    }

    @Test
    void upsertAddsNewKeysAndReplacesTheRecordOfAKnownKey() throws IOException {
        SolutionSet<Tuple2<Long, Long>> set = newSet("solution set of iteration 'cc', lane 1/2", LONGS);
        set.upsert(Tuple2.of(1L, 10L));
        set.upsert(Tuple2.of(2L, 20L));
        set.upsert(Tuple2.of(1L, 11L));

        assertThat(set.size()).isEqualTo(2);
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> lookup = probeLongs(set);
        assertThat(lookup.find(probe(1))).isEqualTo(Tuple2.of(1L, 11L));
        assertThat(lookup.find(probe(2))).isEqualTo(Tuple2.of(2L, 20L));
        assertThat(lookup.find(probe(3))).isNull();
    }

    @Test
    void aLookupByTheSetsOwnTypeFindsTheSameRecords() throws IOException {
        SolutionSet<Tuple2<Long, String>> set = newSet("texts", TEXTS);
        set.upsert(Tuple2.of(5L, "five"));
        set.upsert(Tuple2.of(5L, "FIVE, longer"));

        SolutionSet.Lookup<Tuple2<Long, String>, Tuple2<Long, String>> lookup = set.lookup(keyOnField0(TEXTS));
        assertThat(lookup.find(Tuple2.of(5L, "ignored"))).isEqualTo(Tuple2.of(5L, "FIVE, longer"));
        assertThat(lookup.find(Tuple2.of(6L, "five"))).isNull();
    }

    @Test
    void recordsGoInAndComeOutAsCopies() throws Exception {
        SolutionSet<Tuple2<Long, String>> set = newSet("texts", TEXTS);
        Tuple2<Long, String> original = Tuple2.of(1L, "one");
        set.upsert(original);
        original.f1 = "changed after upsert";

        SolutionSet.Lookup<Tuple2<Long, String>, Tuple2<Long, String>> lookup = set.lookup(keyOnField0(TEXTS));
        Tuple2<Long, String> found = lookup.find(Tuple2.of(1L, ""));
        assertThat(found).isEqualTo(Tuple2.of(1L, "one"));
        found.f1 = "changed by the caller";
        assertThat(lookup.find(Tuple2.of(1L, ""))).isEqualTo(Tuple2.of(1L, "one"));
        assertThat(lookup.find(Tuple2.of(1L, ""))).isNotSameAs(lookup.find(Tuple2.of(1L, "")));

        set.forEach(record -> record.f1 = "changed in forEach");
        assertThat(contents(set)).containsExactly(Map.entry(1L, "one"));
    }

    @Test
    void forEachSeesEachKeyOnceWithItsLatestRecord() throws Exception {
        SolutionSet<Tuple2<Long, String>> set = newSet("texts", TEXTS);
        Map<Long, String> expected = new HashMap<>();
        for (int round = 0; round < 4; round++) {
            for (long key = 0; key < 2000; key++) {
                String value = "v" + round + "-" + "x".repeat((int) ((key * 7 + round * 13) % 40));
                set.upsert(Tuple2.of(key, value));
                expected.put(key, value);
            }
        }

        assertThat(set.size()).isEqualTo(2000);
        assertThat(contents(set)).isEqualTo(expected);
    }

    @Test
    void keysWithEqualHashesAreKeptApart() throws Exception {
        SolutionSet<Tuple2<Long, Long>> set = newSet("collisions", LONGS);
        long[] keys = {5L, (1L << 32) | 4, (2L << 32) | 7, (3L << 32) | 6}; // Long.hashCode is 5 for each
        for (long key : keys) {
            assertThat(Long.hashCode(key)).isEqualTo(5);
            set.upsert(Tuple2.of(key, key + 1));
        }
        set.upsert(Tuple2.of(keys[2], 0L));

        assertThat(set.size()).isEqualTo(4);
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> lookup = probeLongs(set);
        assertThat(lookup.find(probe(keys[0]))).isEqualTo(Tuple2.of(keys[0], keys[0] + 1));
        assertThat(lookup.find(probe(keys[1]))).isEqualTo(Tuple2.of(keys[1], keys[1] + 1));
        assertThat(lookup.find(probe(keys[2]))).isEqualTo(Tuple2.of(keys[2], 0L));
        assertThat(lookup.find(probe(keys[3]))).isEqualTo(Tuple2.of(keys[3], keys[3] + 1));
        assertThat(lookup.find(probe((4L << 32) | 1))).as("same hash, absent key").isNull();
        assertThat(contents(set)).hasSize(4);
    }

    @Test
    void anEmptySetHasNothing() throws Exception {
        SolutionSet<Tuple2<Long, Long>> set = newSet("empty", LONGS);
        assertThat(set.size()).isZero();
        assertThat(contents(set)).isEmpty();
        assertThat(probeLongs(set).find(probe(0))).isNull();
    }

    @Test
    void closeIsIdempotentAndAClosedSetFailsNamingItself() throws IOException {
        SolutionSet<Tuple2<Long, Long>> set = newSet("solution set of iteration 'cc', lane 2/2", LONGS);
        set.upsert(Tuple2.of(1L, 1L));
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> lookup = probeLongs(set);
        set.close();
        set.close();

        assertThatThrownBy(() -> set.upsert(Tuple2.of(2L, 2L)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("solution set of iteration 'cc', lane 2/2")
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> lookup.find(probe(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("solution set of iteration 'cc', lane 2/2");
        assertThatThrownBy(() -> probeLongs(set).find(probe(1))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> set.forEach(record -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("solution set of iteration 'cc', lane 2/2");
    }

    @Test
    void aWriterAndAProberOnTwoThreadsSeeConsistentRecords() throws Exception {
        SolutionSet<Tuple2<Long, Long>> set = newSet("shared", LONGS);
        int keys = 10_000;
        AtomicBoolean writing = new AtomicBoolean(true);
        CompletableFuture<Integer> prober = CompletableFuture.supplyAsync(() -> {
            SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> lookup = probeLongs(set);
            Random random = new Random(7);
            int found = 0;
            try {
                while (writing.get()) {
                    long key = random.nextInt(keys);
                    Tuple2<Long, Long> record = lookup.find(probe(key));
                    if (record != null) {
                        assertThat(record.f1 / 1000).as("value of key %s", key).isEqualTo(key);
                        found++;
                    }
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
            return found;
        });
        try {
            for (int round = 0; round < 3; round++) {
                for (long key = 0; key < keys; key++) {
                    set.upsert(Tuple2.of(key, key * 1000 + round));
                }
            }
        } finally {
            writing.set(false);
        }
        prober.get(30, TimeUnit.SECONDS);

        Map<Long, Long> seen = contents(set);
        assertThat(seen).hasSize(keys);
        assertThat(seen).allSatisfy((key, value) -> assertThat(value).isEqualTo(key * 1000 + 2));
    }

    @Test
    void randomUpsertsAndLookupsMatchAHashMap() throws Exception {
        SolutionSet<Tuple2<Long, String>> set = newSet("random", TEXTS);
        runAgainstAModel(set, new Random(20_240_611L), 100_000, 5_000, 48);
    }

    /**
     * Runs {@code operations} random upserts (with values of random lengths below {@code maxLength})
     * and lookups over {@code keys} keys, checking every lookup, then size and forEach, against a
     * {@link HashMap}.
     */
    static void runAgainstAModel(SolutionSet<Tuple2<Long, String>> set, Random random, int operations, int keys, int maxLength)
            throws Exception {
        Map<Long, String> model = new HashMap<>();
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, String>> lookup = set.lookup(keyOnField0(PROBES));
        for (int i = 0; i < operations; i++) {
            long key = random.nextInt(keys) - keys / 4; // some negative keys, too
            if (random.nextInt(3) == 0) {
                Tuple2<Long, String> found = lookup.find(Tuple3.of(key, "p", i));
                String expected = model.get(key);
                if (expected == null) {
                    assertThat(found).as("lookup of absent key %s at operation %s", key, i).isNull();
                } else {
                    assertThat(found).as("lookup of key %s at operation %s", key, i).isEqualTo(Tuple2.of(key, expected));
                }
            } else {
                String value = Long.toString(i, 36) + "-".repeat(random.nextInt(maxLength));
                set.upsert(Tuple2.of(key, value));
                model.put(key, value);
            }
        }
        assertThat(set.size()).isEqualTo(model.size());
        assertThat(contents(set)).isEqualTo(model);
    }
}
