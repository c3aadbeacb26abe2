package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Co-group against a reference: one call per key present on either side with both groups; group
 * orders per input; inputs larger than memory; a group iterated twice fails with a clear message.
 */
class CoGroupOperatorTest extends DriverTestBase {

    /** Writes {@code key=leftLabels|rightLabels}, each side in iteration order (or sorted, without group orders). */
    static final class Describe implements CoGroupFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> {
        private static final long serialVersionUID = 1L;
        private final boolean sortLabels;

        Describe(boolean sortLabels) {
            this.sortLabels = sortLabels;
        }

        @Override
        public void coGroup(Iterable<Tuple2<Integer, String>> first, Iterable<Tuple2<Integer, Long>> second, Collector<String> out) {
            Integer key = null;
            List<String> left = new ArrayList<>();
            for (Tuple2<Integer, String> l : first) {
                key = l.f0;
                left.add(leftLabel(l));
            }
            List<String> right = new ArrayList<>();
            for (Tuple2<Integer, Long> r : second) {
                key = r.f0;
                right.add(rightLabel(r));
            }
            if (sortLabels) {
                left.sort(null);
                right.sort(null);
            }
            out.collect(key + "=" + String.join(",", left) + "|" + String.join(",", right));
        }
    }

    static List<String> reference(List<Tuple2<Integer, String>> left, List<Tuple2<Integer, Long>> right, boolean sortLabels) {
        Map<Integer, List<Tuple2<Integer, String>>> l = new TreeMap<>();
        Map<Integer, List<Tuple2<Integer, Long>>> r = new TreeMap<>();
        left.forEach(t -> l.computeIfAbsent(t.f0, k -> new ArrayList<>()).add(t));
        right.forEach(t -> r.computeIfAbsent(t.f0, k -> new ArrayList<>()).add(t));
        Map<Integer, String> out = new TreeMap<>();
        for (Integer key : union(l, r)) {
            List<Tuple2<Integer, String>> lg = new ArrayList<>(l.getOrDefault(key, List.of()));
            List<Tuple2<Integer, Long>> rg = new ArrayList<>(r.getOrDefault(key, List.of()));
            // With group orders: input 0 by f1 ascending, input 1 by f1 descending.
            lg.sort(Comparator.comparing(t -> t.f1));
            rg.sort(Comparator.comparing((Tuple2<Integer, Long> t) -> t.f1).reversed());
            List<String> ll = lg.stream().map(DriverTestBase::leftLabel).collect(Collectors.toList());
            List<String> rl = rg.stream().map(DriverTestBase::rightLabel).collect(Collectors.toList());
            if (sortLabels) {
                ll.sort(null);
                rl.sort(null);
            }
            out.put(key, key + "=" + String.join(",", ll) + "|" + String.join(",", rl));
        }
        return new ArrayList<>(out.values());
    }

    private static List<Integer> union(Map<Integer, ?> a, Map<Integer, ?> b) {
        TreeMap<Integer, Boolean> keys = new TreeMap<>();
        a.keySet().forEach(k -> keys.put(k, true));
        b.keySet().forEach(k -> keys.put(k, true));
        return new ArrayList<>(keys.keySet());
    }

    private static final BatchKinds.CoGroup ON_FIELD_0 = new BatchKinds.CoGroup(KeySpec.of(0), KeySpec.of(0), null, null);

    @Test
    void oneCallPerKeyOfEitherInput() {
        List<Tuple2<Integer, String>> left = leftRecords(31, 600, 0, 150, 8);
        List<Tuple2<Integer, Long>> right = rightRecords(32, 700, 100, 250);

        Run run = run(descriptor(ON_FIELD_0, new Describe(true), 32), left, right);

        assertSameElements(run.output(), reference(left, right, true));
    }

    @Test
    void groupOrdersPerInput() {
        BatchKinds.CoGroup kind = new BatchKinds.CoGroup(KeySpec.of(0), KeySpec.of(0), KeySpec.of(1), KeySpec.of(new int[] {1}, new boolean[] {false}));
        List<Tuple2<Integer, String>> left = leftRecords(33, 500, 0, 40, 8);
        List<Tuple2<Integer, Long>> right = rightRecords(34, 500, 20, 60);

        Run run = run(descriptor(kind, new Describe(false), 32), left, right);

        assertSameElements(run.output(), reference(left, right, false));
    }

    @Test
    void inputsLargerThanMemory() {
        // 16 pages (64 KiB) against ~0.5 MB of input: both sorters spill runs.
        List<Tuple2<Integer, String>> left = leftRecords(35, 6_000, 0, 2_000, 60);
        List<Tuple2<Integer, Long>> right = rightRecords(36, 8_000, 1_000, 3_000);

        Run run = run(descriptor(ON_FIELD_0, new Describe(true), 16), left, right);

        assertSameElements(run.output(), reference(left, right, true));
    }

    @Test
    void groupsCanBeIteratedOnce() {
        CoGroupFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> twice = (first, second, out) -> {
            first.forEach(l -> out.collect(leftLabel(l)));
            first.forEach(l -> out.collect(leftLabel(l)));
        };
        List<Tuple2<Integer, String>> left = leftRecords(37, 10, 0, 3, 1);

        assertThatThrownBy(() -> run(descriptor(ON_FIELD_0, twice, 16), left, List.of()))
                .hasStackTraceContaining("can be iterated only once");
        assertThat(memoryManager.verifyEmpty()).isTrue();
    }
}
