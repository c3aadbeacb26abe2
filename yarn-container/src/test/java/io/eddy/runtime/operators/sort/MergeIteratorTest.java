package io.eddy.runtime.operators.sort;

import static io.eddy.runtime.operators.sort.SortTestTypes.INT_STRING;
import static io.eddy.runtime.operators.sort.SortTestTypes.comparator;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.runtime.util.MutableObjectIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MergeIteratorTest {

    @Test
    void mergesSortedInputsIncludingEmptyOnes() throws Exception {
        TypeComparator<Tuple2<Integer, String>> cmp = comparator(INT_STRING, new int[] {0}, new boolean[] {true});
        Random rnd = new Random(9);
        List<MutableObjectIterator<Tuple2<Integer, String>>> inputs = new ArrayList<>();
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            List<Tuple2<Integer, String>> run = new ArrayList<>();
            int n = i == 3 ? 0 : rnd.nextInt(500);
            for (int j = 0; j < n; j++) {
                run.add(Tuple2.of(rnd.nextInt(100), "run" + i));
            }
            run.sort(cmp::compare);
            run.forEach(t -> all.add(t.f0));
            inputs.add(SortTestTypes.iteratorOf(run));
        }
        all.sort(null);
        List<Tuple2<Integer, String>> merged = NormalizedKeySorterTest.drain(new MergeIterator<>(inputs, cmp));
        assertThat(merged).extracting(t -> t.f0).containsExactlyElementsOf(all);
    }

    @Test
    void noInputsMergeToNothing() throws Exception {
        TypeComparator<Tuple2<Integer, String>> cmp = comparator(INT_STRING, new int[] {0}, new boolean[] {true});
        MergeIterator<Tuple2<Integer, String>> it = new MergeIterator<>(List.of(), cmp);
        assertThat(it.next()).isNull();
        assertThat(it.next()).isNull();
    }
}
