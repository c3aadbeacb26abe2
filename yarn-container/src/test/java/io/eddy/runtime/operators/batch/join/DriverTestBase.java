package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Set-up of the two-input driver tests: a memory manager of 4 KiB pages, an I/O manager in a
 * temporary directory, a runner that feeds both inputs through an {@link OperatorTestHarness} in
 * the order a task would (the {@link InputOrdered} input first, {@code endInput} after each input),
 * and a check after each test that every page came back and no spill file is left.
 *
 * <p>Records: input 0 is {@code (key, "L<id>:<padding>")}, input 1 is {@code (key, id)}; functions
 * write a pair as {@code "L<id>|<id>"}, with "null" for a missing side.
 */
abstract class DriverTestBase {

    static final int PAGE_SIZE = 4096;
    static final int TOTAL_PAGES = 1024;
    static final TypeInfo<Tuple2<Integer, String>> LEFT_TYPE = Types.TUPLE(Types.INT, Types.STRING);
    static final TypeInfo<Tuple2<Integer, Long>> RIGHT_TYPE = Types.TUPLE(Types.INT, Types.LONG);

    @TempDir
    Path tempDir;

    IOManager ioManager;
    MemoryManager memoryManager;

    @BeforeEach
    void setUpManagers() {
        ioManager = new IOManager(tempDir.toFile());
        memoryManager = new MemoryManager((long) TOTAL_PAGES * PAGE_SIZE, PAGE_SIZE);
    }

    @AfterEach
    void checkCleanup() {
        assertThat(spillFiles()).as("spill files left behind").isEmpty();
        assertThat(memoryManager.verifyEmpty()).as("all pages released").isTrue();
        ioManager.close();
        memoryManager.close();
    }

    List<File> spillFiles() {
        List<File> files = new ArrayList<>();
        for (File dir : ioManager.spillingDirectories()) {
            files.addAll(List.of(Objects.requireNonNull(dir.listFiles())));
        }
        return files;
    }

    /** The memory fraction that gives an operator {@code pages} pages of this test's memory manager. */
    static double fractionFor(int pages) {
        return (pages + 0.5) / TOTAL_PAGES;
    }

    /** A descriptor of {@code kind} over the two test types with a memory share of {@code pages} pages, emitting strings. */
    static OperatorDescriptor descriptor(OperatorKind kind, Function function, int pages) {
        return OperatorDescriptor.builder(kind).userFunction(function).inputType(LEFT_TYPE).inputType(RIGHT_TYPE).outputType(Types.STRING)
                .memoryFraction(fractionFor(pages)).build();
    }

    /** What a run produced, and the operator (inspected before it was closed). */
    record Run(List<String> output, StreamOperator<?> operator) {}

    /**
     * Runs {@code descriptor} over the two inputs as a task would: for an {@link InputOrdered}
     * operator its first input completely, {@code endInput}, then the other; otherwise the inputs
     * interleaved. Records are fed as copies, so the inputs stay unchanged whatever the function does.
     */
    Run run(OperatorDescriptor descriptor, List<Tuple2<Integer, String>> left, List<Tuple2<Integer, Long>> right) {
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(descriptor).name(descriptor.kind().name())
                .memoryManager(memoryManager).ioManager(ioManager).build()) {
            harness.open();
            StreamOperator<?> op = harness.operator(0);
            List<List<?>> inputs = List.of(left, right);
            if (op instanceof InputOrdered ordered) {
                int first = ordered.firstInput();
                feed(harness, first, inputs.get(first));
                endInput(op, first);
                feed(harness, 1 - first, inputs.get(1 - first));
                endInput(op, 1 - first);
            } else {
                feedInterleaved(harness, left, right);
                endInput(op, 0);
                endInput(op, 1);
            }
            harness.finish();
            return new Run(List.copyOf(harness.<String>output()), op);
        }
    }

    private static void feed(OperatorTestHarness harness, int input, List<?> records) {
        for (Object r : records) {
            harness.process(input, new StreamRecord<>(copy(r)));
        }
    }

    private static void feedInterleaved(OperatorTestHarness harness, List<?> left, List<?> right) {
        for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
            if (i < left.size()) {
                harness.process(0, new StreamRecord<>(copy(left.get(i))));
            }
            if (i < right.size()) {
                harness.process(1, new StreamRecord<>(copy(right.get(i))));
            }
        }
    }

    private static Object copy(Object record) {
        Tuple2<?, ?> t = (Tuple2<?, ?>) record;
        return new Tuple2<>(t.f0, t.f1);
    }

    static void endInput(StreamOperator<?> op, int input) {
        if (op instanceof BoundedMultiInput bounded) {
            try {
                bounded.endInput(input);
            } catch (Exception e) {
                throw new AssertionError("endInput(" + input + ") failed", e);
            }
        }
    }

    /** {@code count} left records with keys in [keyFrom, keyTo) and about {@code padding} bytes each. */
    static List<Tuple2<Integer, String>> leftRecords(long seed, int count, int keyFrom, int keyTo, int padding) {
        Random random = new Random(seed);
        List<Tuple2<Integer, String>> records = new ArrayList<>(count);
        String pad = "x".repeat(padding);
        for (int i = 0; i < count; i++) {
            records.add(new Tuple2<>(keyFrom + random.nextInt(keyTo - keyFrom), "L" + i + ":" + pad));
        }
        return records;
    }

    /** {@code count} right records with keys in [keyFrom, keyTo) and ids 0..count-1. */
    static List<Tuple2<Integer, Long>> rightRecords(long seed, int count, int keyFrom, int keyTo) {
        Random random = new Random(seed);
        List<Tuple2<Integer, Long>> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            records.add(new Tuple2<>(keyFrom + random.nextInt(keyTo - keyFrom), (long) i));
        }
        return records;
    }

    /**
     * Asserts that {@code actual} holds the same strings as {@code expected}, with the same counts, in
     * any order (in linear time, unlike AssertJ's {@code containsExactlyInAnyOrderElementsOf}); a
     * failure lists the strings with wrong counts (positive: missing, negative: extra).
     */
    static void assertSameElements(List<String> actual, List<String> expected) {
        Map<String, Integer> diff = new HashMap<>();
        expected.forEach(e -> diff.merge(e, 1, Integer::sum));
        actual.forEach(a -> diff.merge(a, -1, Integer::sum));
        diff.values().removeIf(v -> v == 0);
        Map<String, Integer> sample = new TreeMap<>();
        diff.entrySet().stream().limit(20).forEach(e -> sample.put(e.getKey(), e.getValue()));
        assertThat(sample).as("records missing (> 0) or extra (< 0) among %d expected and %d actual", expected.size(), actual.size())
                .isEmpty();
        assertThat(actual).hasSameSizeAs(expected);
    }

    /** The pair label of a left record, or "null". */
    static String leftLabel(Tuple2<Integer, String> left) {
        return left == null ? "null" : left.f1.substring(0, left.f1.indexOf(':'));
    }

    static String rightLabel(Tuple2<Integer, Long> right) {
        return right == null ? "null" : String.valueOf(right.f1);
    }

    static String pair(Tuple2<Integer, String> left, Tuple2<Integer, Long> right) {
        return leftLabel(left) + "|" + rightLabel(right);
    }
}
