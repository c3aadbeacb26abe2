package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.MapPartitionFunction;
import io.eddy.api.common.functions.rich.RichMapPartitionFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.runtime.operators.OperatorTestHarness;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MapPartitionOperatorTest extends BatchDriverTestBase {

    /** Emits every record's string with its position, so order and completeness can be checked. */
    static final class Numbering implements MapPartitionFunction<Tuple2<Integer, String>, String> {
        @Override
        public void mapPartition(Iterable<Tuple2<Integer, String>> values, Collector<String> out) {
            int i = 0;
            for (Tuple2<Integer, String> v : values) {
                out.collect(i++ + ":" + v.f0 + ":" + v.f1);
            }
        }
    }

    private OperatorTestHarness mapPartition(MapPartitionFunction<Tuple2<Integer, String>, String> function) {
        return harness(descriptor(BatchKinds.MAP_PARTITION, function, INT_STRING, Types.STRING).build(), "MapPartition").open();
    }

    @Test
    void partitionLargerThanMemorySpillsAndComesBackInOrder() throws Exception {
        Random rnd = new Random(7);
        List<String> expected = new ArrayList<>();
        try (OperatorTestHarness h = mapPartition(new Numbering())) {
            // ~1.5 MB of records through 256 KiB of managed memory.
            for (int i = 0; i < 40_000; i++) {
                Tuple2<Integer, String> r = randomRecord(rnd, 1000);
                expected.add(i + ":" + r.f0 + ":" + r.f1);
                h.process(r);
            }
            assertThat(spillFiles()).as("the partition spilled").isEqualTo(1);
            h.finish();
            assertThat(h.<String>output()).isEqualTo(expected);
        }
    }

    /** Records its life cycle. */
    static final class LifecycleRecording extends RichMapPartitionFunction<Tuple2<Integer, String>, String> {
        boolean opened;
        boolean closed;

        @Override
        public void open() {
            opened = true;
        }

        @Override
        public void mapPartition(Iterable<Tuple2<Integer, String>> values, Collector<String> out) {
            out.collect(getRuntimeContext().getTaskName() + " opened=" + opened);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void richFunctionIsOpenedBeforeAndClosedAfterTheCall() {
        OperatorTestHarness h = mapPartition(new LifecycleRecording());
        try {
            h.finish();
            assertThat(h.<String>output()).containsExactly("MapPartition (1/1) opened=true");
            assertThat(h.<LifecycleRecording>userFunction(0).closed).isFalse();
        } finally {
            h.close();
        }
        assertThat(h.<LifecycleRecording>userFunction(0).closed).isTrue();
    }

    @Test
    void smallPartitionStaysInMemory() throws Exception {
        try (OperatorTestHarness h = mapPartition(new Numbering())) {
            h.process(Tuple2.of(1, "a")).process(Tuple2.of(2, "b"));
            h.finish();
            assertThat(spillFiles()).isZero();
            assertThat(h.<String>output()).containsExactly("0:1:a", "1:2:b");
        }
    }

    @Test
    void emptyPartitionCallsTheFunctionOnceWithNoValues() {
        try (OperatorTestHarness h = mapPartition((values, out) -> out.collect("called, empty=" + !values.iterator().hasNext()))) {
            h.finish();
            assertThat(h.<String>output()).containsExactly("called, empty=true");
        }
    }

    @Test
    void secondIterationFailsWithAClearMessage() {
        OperatorTestHarness h = mapPartition((values, out) -> {
            Iterator<Tuple2<Integer, String>> first = values.iterator();
            first.next();
            values.iterator();
        });
        h.process(Tuple2.of(1, "a"));
        assertThatThrownBy(h::finish).hasRootCauseInstanceOf(IllegalStateException.class)
                .rootCause().hasMessageContaining("can be iterated only once").hasMessageContaining("MapPartition (1/1)");
        h.close();
    }

    @Test
    void failureOfTheFunctionAfterSpillingLeavesNoPagesAndNoFiles() throws Exception {
        OperatorTestHarness h = mapPartition((values, out) -> {
            int n = 0;
            for (Tuple2<Integer, String> ignored : values) {
                if (++n == 30_000) {
                    throw new IllegalStateException("user failure");
                }
            }
        });
        Random rnd = new Random(3);
        for (int i = 0; i < 40_000; i++) {
            h.process(randomRecord(rnd, 10));
        }
        assertThat(spillFiles()).isEqualTo(1);
        assertThat(memoryManager.verifyEmpty()).isFalse();
        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(h::finish);
        assertThat(failure).hasRootCauseMessage("user failure");
        h.closeAfterFailure(failure);
        // The base class checks that all pages are back and the spill file is gone.
    }

    @Test
    void withAnOrderThePartitionIsSortedThroughSpilledRunsBeforeTheOneCall() throws Exception {
        Random rnd = new Random(11);
        List<Tuple2<Integer, String>> records = new ArrayList<>();
        // ~1.5 MB of records through 256 KiB of managed memory: several sorted runs, merged for the call.
        for (int i = 0; i < 40_000; i++) {
            records.add(randomRecord(rnd, 1000));
        }
        KeySpec descending = KeySpec.of(new int[] {0}, new boolean[] {false});
        MapPartitionFunction<Tuple2<Integer, String>, String> function = (values, out) -> {
            out.collect("call");
            for (Tuple2<Integer, String> v : values) {
                out.collect(v.f0 + ":" + v.f1);
            }
        };
        try (OperatorTestHarness h = harness(descriptor(new BatchKinds.MapPartition(descending), function, INT_STRING, Types.STRING).build(),
                "MapPartition").open()) {
            for (Tuple2<Integer, String> r : records) {
                h.process(r);
            }
            assertThat(spillFiles()).as("the sort spilled runs").isGreaterThan(1);
            h.finish();
            List<String> output = h.output();
            assertThat(output.get(0)).isEqualTo("call");
            output = output.subList(1, output.size());
            assertThat(output).containsExactlyInAnyOrderElementsOf(records.stream().map(r -> r.f0 + ":" + r.f1).toList());
            List<Integer> keys = output.stream().map(line -> Integer.parseInt(line.substring(0, line.indexOf(':')))).toList();
            assertThat(keys).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        }
    }
}
