package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Inputs and a reference for the hash join tests: build records {@code (key, "id:padding")}, probe
 * records {@code (key, id)}; each join result is written as {@code "buildId|probeId"} with "null" for
 * a missing side.
 */
final class JoinTestData {

    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple2<Integer, String>> BUILD_TYPE =
            (CompositeType<Tuple2<Integer, String>>) (Object) Types.TUPLE(Types.INT, Types.STRING);
    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple2<Integer, Long>> PROBE_TYPE =
            (CompositeType<Tuple2<Integer, Long>>) (Object) Types.TUPLE(Types.INT, Types.LONG);

    private JoinTestData() {}

    static TypeSerializer<Tuple2<Integer, String>> buildSerializer() {
        return BUILD_TYPE.createSerializer(new SerializerConfig());
    }

    static TypeSerializer<Tuple2<Integer, Long>> probeSerializer() {
        return PROBE_TYPE.createSerializer(new SerializerConfig());
    }

    static TypeComparator<Tuple2<Integer, String>> buildComparator() {
        return BUILD_TYPE.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig());
    }

    static TypeComparator<Tuple2<Integer, Long>> probeComparator() {
        return PROBE_TYPE.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig());
    }

    static HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join(UnmatchedSides type) {
        return new HybridHashJoin<>(buildSerializer(), buildComparator(), probeSerializer(), probeComparator(), type);
    }

    static String padding(int length) {
        return "x".repeat(length);
    }

    /** {@code count} build records with keys in [0, keyRange) and payloads of about {@code payloadBytes}. */
    static List<Tuple2<Integer, String>> buildRecords(long seed, int count, int keyRange, int payloadBytes) {
        Random random = new Random(seed);
        String pad = padding(payloadBytes);
        List<Tuple2<Integer, String>> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            records.add(Tuple2.of(random.nextInt(keyRange), "b" + i + ":" + pad));
        }
        return records;
    }

    static List<Tuple2<Integer, Long>> probeRecords(long seed, int count, int keyRange) {
        Random random = new Random(seed);
        List<Tuple2<Integer, Long>> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            records.add(Tuple2.of(random.nextInt(keyRange), (long) i));
        }
        return records;
    }

    static String result(Tuple2<Integer, String> build, Tuple2<Integer, Long> probe) {
        if (build != null && probe != null) {
            assertThat(build.f0).as("keys of a matched pair").isEqualTo(probe.f0);
        }
        String b = build == null ? "null" : build.f1.substring(0, build.f1.indexOf(':'));
        String p = probe == null ? "null" : "p" + probe.f1;
        return b + "|" + p;
    }

    /** The expected results, by a nested loop over both inputs (for small inputs). */
    static List<String> nestedLoop(List<Tuple2<Integer, String>> build, List<Tuple2<Integer, Long>> probe, UnmatchedSides type) {
        List<String> out = new ArrayList<>();
        boolean[] buildMatched = new boolean[build.size()];
        for (Tuple2<Integer, Long> p : probe) {
            boolean matched = false;
            for (int i = 0; i < build.size(); i++) {
                if (build.get(i).f0.equals(p.f0)) {
                    matched = true;
                    buildMatched[i] = true;
                    out.add(result(build.get(i), p));
                }
            }
            if (!matched && type.emitsUnmatchedProbe()) {
                out.add(result(null, p));
            }
        }
        for (int i = 0; i < build.size() && type.emitsUnmatchedBuild(); i++) {
            if (!buildMatched[i]) {
                out.add(result(build.get(i), null));
            }
        }
        return out;
    }

    /** The expected results, by a map from key to build records (for large inputs). */
    static List<String> byKeyMap(List<Tuple2<Integer, String>> build, List<Tuple2<Integer, Long>> probe, UnmatchedSides type) {
        Map<Integer, List<Integer>> byKey = new HashMap<>();
        for (int i = 0; i < build.size(); i++) {
            byKey.computeIfAbsent(build.get(i).f0, k -> new ArrayList<>()).add(i);
        }
        boolean[] buildMatched = new boolean[build.size()];
        List<String> out = new ArrayList<>();
        for (Tuple2<Integer, Long> p : probe) {
            List<Integer> matches = byKey.getOrDefault(p.f0, List.of());
            for (int i : matches) {
                buildMatched[i] = true;
                out.add(result(build.get(i), p));
            }
            if (matches.isEmpty() && type.emitsUnmatchedProbe()) {
                out.add(result(null, p));
            }
        }
        for (int i = 0; i < build.size() && type.emitsUnmatchedBuild(); i++) {
            if (!buildMatched[i]) {
                out.add(result(build.get(i), null));
            }
        }
        return out;
    }

    /** Asserts both lists hold the same elements with the same multiplicities, naming the first difference. */
    static void assertSameMultiset(List<String> actual, List<String> expected) {
        List<String> a = new ArrayList<>(actual);
        List<String> e = new ArrayList<>(expected);
        Collections.sort(a);
        Collections.sort(e);
        for (int i = 0; i < Math.min(a.size(), e.size()); i++) {
            if (!a.get(i).equals(e.get(i))) {
                throw new AssertionError("results differ at sorted position " + i + ": got " + a.get(i) + ", expected "
                        + e.get(i) + " (" + a.size() + " results, " + e.size() + " expected)");
            }
        }
        assertThat(a.size()).as("number of join results").isEqualTo(e.size());
    }
}
