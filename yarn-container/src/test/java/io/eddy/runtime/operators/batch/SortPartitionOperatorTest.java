package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.OperatorTestHarness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SortPartitionOperatorTest extends BatchDriverTestBase {

    private OperatorTestHarness sortPartition(KeySpec keys) {
        OperatorDescriptor d = descriptor(new BatchKinds.SortPartition(keys), null, INT_STRING, INT_STRING).build();
        return harness(d, "SortPartition").open();
    }

    @Test
    void sortsMoreDataThanMemoryByTwoKeysInMixedOrder() throws Exception {
        Random rnd = new Random(21);
        List<Tuple2<Integer, String>> input = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            input.add(randomRecord(rnd, 2000));
        }
        List<Tuple2<Integer, String>> expected = new ArrayList<>(input);
        expected.sort(Comparator.comparing((Tuple2<Integer, String> t) -> t.f0).thenComparing(t -> t.f1, Comparator.reverseOrder()));
        try (OperatorTestHarness h = sortPartition(KeySpec.of(new int[] {0, 1}, new boolean[] {true, false}))) {
            h.processAll(input);
            assertThat(spillFiles()).as("sorted runs").isGreaterThan(1);
            h.finish();
            assertThat(h.<Tuple2<Integer, String>>output()).isEqualTo(expected);
        }
    }

    @Test
    void emptyInputEmitsNothing() {
        try (OperatorTestHarness h = sortPartition(KeySpec.of(0))) {
            h.finish();
            assertThat(h.<Object>output()).isEmpty();
        }
    }
}
