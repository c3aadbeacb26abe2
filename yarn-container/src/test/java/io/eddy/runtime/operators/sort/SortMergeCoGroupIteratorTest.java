package io.eddy.runtime.operators.sort;

import static io.eddy.runtime.operators.sort.SortTestTypes.INT_STRING;
import static io.eddy.runtime.operators.sort.SortTestTypes.STRING_INT;
import static io.eddy.runtime.operators.sort.SortTestTypes.comparator;
import static io.eddy.runtime.operators.sort.SortTestTypes.iteratorOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SortMergeCoGroupIteratorTest {

    private final TypeComparator<Tuple2<Integer, String>> left = comparator(INT_STRING, new int[] {0}, new boolean[] {true});
    // The right input is keyed on its second field, an int as well.
    private final TypeComparator<Tuple2<String, Integer>> right = comparator(STRING_INT, new int[] {1}, new boolean[] {true});

    @Test
    void coGroupsAndJoinsLikeANestedLoop() throws Exception {
        Random rnd = new Random(5);
        List<Tuple2<Integer, String>> l = new ArrayList<>();
        List<Tuple2<String, Integer>> r = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            l.add(Tuple2.of(rnd.nextInt(60), "l" + i));
            r.add(Tuple2.of("r" + i, 30 + rnd.nextInt(60)));
        }
        l.sort(left::compare);
        r.sort(right::compare);
        List<String> expectedJoin = new ArrayList<>();
        for (Tuple2<Integer, String> a : l) {
            for (Tuple2<String, Integer> b : r) {
                if (a.f0.equals(b.f1)) {
                    expectedJoin.add(a.f1 + "-" + b.f0);
                }
            }
        }
        SortMergeCoGroupIterator<Tuple2<Integer, String>, Tuple2<String, Integer>> it =
                new SortMergeCoGroupIterator<>(iteratorOf(l), iteratorOf(r), left.duplicate(), right.duplicate());
        List<String> join = new ArrayList<>();
        int leftSeen = 0;
        int rightSeen = 0;
        Integer previousKey = null;
        while (it.next()) {
            List<Tuple2<Integer, String>> lg = new ArrayList<>();
            it.getLeftValues().forEachRemaining(lg::add);
            List<Tuple2<String, Integer>> rg = new ArrayList<>();
            it.getRightValues().forEachRemaining(rg::add);
            Integer key = lg.isEmpty() ? rg.get(0).f1 : lg.get(0).f0;
            assertThat(lg).allMatch(t -> t.f0.equals(key));
            assertThat(rg).allMatch(t -> t.f1.equals(key));
            assertThat(it.hasBoth()).isEqualTo(!lg.isEmpty() && !rg.isEmpty());
            if (previousKey != null) {
                assertThat(key).isGreaterThan(previousKey);
            }
            previousKey = key;
            leftSeen += lg.size();
            rightSeen += rg.size();
            for (Tuple2<Integer, String> a : lg) {
                for (Tuple2<String, Integer> b : rg) {
                    join.add(a.f1 + "-" + b.f0);
                }
            }
        }
        assertThat(leftSeen).isEqualTo(l.size());
        assertThat(rightSeen).isEqualTo(r.size());
        assertThat(join).containsExactlyInAnyOrderElementsOf(expectedJoin);
    }

    @Test
    void oneEmptySideGivesOneSidedGroups() throws Exception {
        SortMergeCoGroupIterator<Tuple2<Integer, String>, Tuple2<String, Integer>> it = new SortMergeCoGroupIterator<>(
                iteratorOf(List.of(Tuple2.of(1, "a"), Tuple2.of(1, "b"), Tuple2.of(2, "c"))), iteratorOf(List.of()), left, right);
        assertThat(it.next()).isTrue();
        assertThat(it.hasBoth()).isFalse();
        Iterator<Tuple2<Integer, String>> values = it.getLeftValues();
        assertThat(values.next().f1).isEqualTo("a");
        assertThat(it.getRightValues().hasNext()).isFalse();
        assertThat(it.next()).isTrue();
        assertThat(it.getLeftValues().next().f1).isEqualTo("c");
        assertThat(it.next()).isFalse();
    }

    @Test
    void keysOfDifferentTypesOrDirectionsAreRejected() {
        TypeComparator<Tuple2<String, Integer>> stringKey = comparator(STRING_INT, new int[] {0}, new boolean[] {true});
        assertThatThrownBy(() -> new SortMergeCoGroupIterator<>(iteratorOf(List.<Tuple2<Integer, String>>of()),
                iteratorOf(List.<Tuple2<String, Integer>>of()), left, stringKey))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Incompatible join keys");
        TypeComparator<Tuple2<String, Integer>> descending = comparator(STRING_INT, new int[] {1}, new boolean[] {false});
        assertThatThrownBy(() -> new SortMergeCoGroupIterator<>(iteratorOf(List.<Tuple2<Integer, String>>of()),
                iteratorOf(List.<Tuple2<String, Integer>>of()), left, descending))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sorted differently");
    }
}
