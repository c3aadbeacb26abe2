package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link StateMap} against {@link HashMap} as the reference, including colliding keys and the lookup memo. */
class StateMapTest {

    /** A key whose hash code is chosen, so that tests can force collisions. */
    private record Key(int id, int hash) {
        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.id == id;
        }
    }

    @Test
    void randomOperationsMatchAHashMap() {
        SplittableRandom random = new SplittableRandom(42);
        for (int hashes : new int[] {3, 50, Integer.MAX_VALUE}) {
            StateMap<Integer> map = new StateMap<>(new SnapshotVersions());
            Map<Key, Integer> reference = new HashMap<>();
            for (int op = 0; op < 50_000; op++) {
                int id = random.nextInt(300);
                // A fresh key object for every operation, as keys extracted from deserialized records are.
                Key key = new Key(id, Math.floorMod(id * 31, hashes));
                switch (random.nextInt(4)) {
                    case 0 -> assertThat(map.get(key)).isEqualTo(reference.get(key));
                    case 1 -> {
                        assertThat(map.get(key)).isEqualTo(reference.get(key));
                        map.put(key, op);
                        reference.put(key, op);
                    }
                    case 2 -> {
                        assertThat(map.get(key)).isEqualTo(reference.get(key));
                        map.remove(key);
                        reference.remove(key);
                    }
                    default -> {
                        map.put(key, op);
                        reference.put(key, op);
                    }
                }
                assertThat(map.size()).isEqualTo(reference.size());
            }
            assertThat(map.asReadOnlyMap()).isEqualTo(reference);
            for (Map.Entry<Key, Integer> entry : reference.entrySet()) {
                assertThat(map.get(new Key(entry.getKey().id(), entry.getKey().hash()))).isEqualTo(entry.getValue());
            }
        }
    }

    @Test
    void theMemoOfALookupNeverAnswersForAnotherKeyOrAfterARemoval() {
        StateMap<String> map = new StateMap<>(new SnapshotVersions());
        Key a = new Key(1, 7);
        Key b = new Key(2, 7);

        assertThat(map.get(a)).isNull();
        map.put(a, "a");
        assertThat(map.get(b)).isNull();
        map.put(b, "b");
        assertThat(map.get(a)).isEqualTo("a");
        map.remove(a);
        assertThat(map.get(a)).isNull();
        assertThat(map.get(b)).isEqualTo("b");
        map.put(a, "a2");
        map.remove(b);
        assertThat(map.get(a)).isEqualTo("a2");
        assertThat(map.get(b)).isNull();
        assertThat(map.size()).isEqualTo(1);
    }

    @Test
    void integerKeysMatchAHashMapAndStayApartFromEqualHashesOfOtherTypes() {
        SplittableRandom random = new SplittableRandom(3);
        StateMap<Integer> map = new StateMap<>(new SnapshotVersions());
        Map<Object, Integer> reference = new HashMap<>();
        for (int op = 0; op < 50_000; op++) {
            // Fresh Integer objects (outside the box cache), with negative values and removals.
            Integer key = Integer.valueOf(1_000_000 + random.nextInt(-400, 400) * 1_000);
            if (random.nextInt(3) == 0) {
                map.remove(key);
                reference.remove(key);
            } else {
                assertThat(map.get(key)).isEqualTo(reference.get(key));
                map.put(key, op);
                reference.put(key, op);
            }
        }
        assertThat(map.asReadOnlyMap()).isEqualTo(reference);

        // A Long and a String with the hash code of a stored Integer are other keys, before and after they are stored.
        Integer five = 5;
        map.put(five, -5);
        assertThat(map.get(5L)).isNull();
        map.put(5L, -50);
        assertThat(map.get(Integer.valueOf(5))).isEqualTo(-5);
        assertThat(map.get(Long.valueOf(5))).isEqualTo(-50);
        String sameHash = "\u0005";
        assertThat(sameHash.hashCode()).isEqualTo(5);
        assertThat(map.get(sameHash)).isNull();
        map.remove(five);
        assertThat(map.get(5L)).isEqualTo(-50);
        assertThat(map.get(5)).isNull();
    }

    @Test
    void intKeysAreTheirIntegersWhicheverWayTheyAreGivenAndStayApartFromOtherTypes() {
        SplittableRandom random = new SplittableRandom(11);
        for (boolean otherTypesToo : new boolean[] {false, true}) {
            StateMap<Integer> map = new StateMap<>(new SnapshotVersions());
            Map<Object, Integer> reference = new HashMap<>();
            for (int op = 0; op < 50_000; op++) {
                int key = 1_000_000 + random.nextInt(-300, 300) * 1_000;
                // A Long of the same value has the same hash code: with it in the map, equal hashes no longer mean equal keys.
                Object other = otherTypesToo && random.nextInt(4) == 0 ? (Object) Long.valueOf(key) : null;
                boolean byInt = random.nextBoolean();
                switch (random.nextInt(4)) {
                    case 0 -> assertThat(byInt ? map.getInt(key) : map.get(key)).isEqualTo(reference.get(key));
                    case 1 -> {
                        // read then write the same key, as a value state's value() and update() do
                        assertThat(byInt ? map.getInt(key) : map.get(Integer.valueOf(key))).isEqualTo(reference.get(key));
                        if (byInt) {
                            map.putInt(key, op);
                        } else {
                            map.put(Integer.valueOf(key), op);
                        }
                        reference.put(key, op);
                    }
                    case 2 -> {
                        assertThat(map.getInt(key)).isEqualTo(reference.get(key));
                        if (byInt) {
                            map.removeInt(key);
                        } else {
                            map.remove(key);
                        }
                        reference.remove(key);
                    }
                    default -> {
                        if (other != null) {
                            map.put(other, -op);
                            reference.put(other, -op);
                            assertThat(map.getInt(key)).as("an int key is not the Long of the same value").isEqualTo(reference.get(key));
                        } else {
                            map.putInt(key, op);
                            reference.put(key, op);
                        }
                    }
                }
                assertThat(map.size()).isEqualTo(reference.size());
            }
            assertThat(map.asReadOnlyMap()).isEqualTo(reference);
            assertThat(map.asReadOnlyMap().keySet()).as("inserted by int, stored as Integer").allMatch(k -> k instanceof Integer || k instanceof Long);
        }
    }

    @Test
    void aValueReplacedByIntKeyAfterASnapshotLeavesTheSnapshotAsItWas() {
        SnapshotVersions versions = new SnapshotVersions();
        StateMap<String> map = new StateMap<>(versions);
        map.putInt(7, "before");
        map.putInt(8, "kept");
        int version = versions.start();
        StateMap.View view = map.snapshot();
        map.putInt(7, "after");
        map.removeInt(8);
        map.putInt(9, "new");
        assertThat(contents(view)).isEqualTo(Map.of(7, "before", 8, "kept"));
        assertThat(map.asReadOnlyMap()).isEqualTo(Map.of(7, "after", 9, "new"));
        versions.release(version);
    }

    @Test
    void growsAndKeepsEveryEntry() {
        StateMap<Integer> map = new StateMap<>(new SnapshotVersions());
        for (int i = 0; i < 10_000; i++) {
            map.put(i * 128, i);
        }
        assertThat(map.size()).isEqualTo(10_000);
        for (int i = 0; i < 10_000; i++) {
            assertThat(map.get(i * 128)).isEqualTo(i);
        }
        for (int i = 0; i < 10_000; i += 2) {
            map.remove(i * 128);
        }
        assertThat(map.asReadOnlyMap()).hasSize(5_000).containsEntry(128, 1).doesNotContainKey(0);
    }

    /** A view's entries as a map. */
    private static Map<Object, Object> contents(StateMap.View view) {
        Map<Object, Object> m = new HashMap<>();
        for (int slot = 0; slot < view.capacity(); slot++) {
            if (view.keyAt(slot) != null) {
                m.put(view.keyAt(slot), view.valueAt(slot));
            }
        }
        assertThat(m).hasSize(view.size());
        return m;
    }

    @Test
    void viewsStayAsTheyWereWhileTheMapChanges() {
        SplittableRandom random = new SplittableRandom(7);
        SnapshotVersions versions = new SnapshotVersions();
        StateMap<int[]> map = new StateMap<>(versions);
        Map<Integer, Integer> reference = new HashMap<>();
        java.util.List<Object[]> held = new java.util.ArrayList<>();   // {version, view, expected contents}
        for (int op = 0; op < 30_000; op++) {
            int id = random.nextInt(400);
            Key key = new Key(id, Math.floorMod(id * 31, 64));   // few hash codes: long probe runs
            switch (random.nextInt(5)) {
                case 0, 1 -> {
                    map.put(key, new int[] {op});
                    reference.put(key.id(), op);
                }
                case 2 -> {
                    map.remove(key);
                    reference.remove(key.id());
                }
                case 3 -> {   // change a value in place, as list and map states do, after taking it owned
                    int[] value = map.getOwned(key, v -> v.clone());
                    if (value != null) {
                        value[0] = -op;
                        reference.put(key.id(), -op);
                    }
                }
                default -> {
                    if (held.size() < 3 && random.nextInt(50) == 0) {
                        Map<Integer, Integer> expected = new HashMap<>(reference);
                        held.add(new Object[] {versions.start(), map.snapshot(), expected});
                    } else if (!held.isEmpty() && random.nextInt(40) == 0) {
                        Object[] h = held.remove(random.nextInt(held.size()));
                        assertThatViewHolds((StateMap.View) h[1], (Map<?, ?>) h[2]);
                        versions.release((Integer) h[0]);
                    }
                }
            }
        }
        for (Object[] h : held) {
            assertThatViewHolds((StateMap.View) h[1], (Map<?, ?>) h[2]);
        }
    }

    private static void assertThatViewHolds(StateMap.View view, Map<?, ?> expected) {
        Map<Object, Object> actual = new HashMap<>();
        contents(view).forEach((k, v) -> actual.put(((Key) k).id(), ((int[]) v)[0]));
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void mapsThatNeverHeldAKeyShareNothingThatAnotherMapWrites() {
        SnapshotVersions versions = new SnapshotVersions();
        StateMap<String> first = new StateMap<>(versions);
        StateMap<String> second = new StateMap<>(versions);
        StateMap<String> untouched = new StateMap<>(versions);
        assertThat(first.snapshot().capacity()).isEqualTo(2);
        assertThat(first.get(new Key(1, 7))).isNull();
        first.remove(new Key(1, 7));
        assertThat(first.getOwned(new Key(1, 7), v -> v + "'")).isNull();

        // Both slots of the shared empty arrays are where these keys would go.
        first.put(new Key(1, 0), "a");
        second.put(new Key(2, 0x40000000), "b");
        second.put(new Key(3, 0), "c");

        assertThat(first.snapshot().capacity()).isEqualTo(8);
        assertThat(first.asReadOnlyMap()).isEqualTo(Map.of(new Key(1, 0), "a"));
        assertThat(second.asReadOnlyMap()).isEqualTo(Map.of(new Key(2, 0x40000000), "b", new Key(3, 0), "c"));
        assertThat(untouched.size()).isZero();
        assertThat(untouched.get(new Key(1, 0))).isNull();
        assertThat(untouched.get(new Key(2, 0x40000000))).isNull();
        assertThat(untouched.asReadOnlyMap()).isEmpty();
        assertThat(new StateMap<String>(versions).snapshot().size()).isZero();
    }
}
