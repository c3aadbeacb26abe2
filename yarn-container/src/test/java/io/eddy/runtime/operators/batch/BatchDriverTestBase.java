package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.OperatorTestHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small managed memory (so that the drivers spill), an I/O manager on a temporary directory, and
 * helpers to build batch descriptors and harnesses. Every test checks afterwards that all pages came
 * back and no spill file is left.
 */
abstract class BatchDriverTestBase {

    static final TypeInfo<Tuple2<Integer, String>> INT_STRING = Types.TUPLE(Types.INT, Types.STRING);

    @TempDir
    Path tempDir;

    MemoryManager memoryManager;
    IOManager ioManager;

    @BeforeEach
    void createServices() {
        memoryManager = new MemoryManager(memoryBytes(), pageSize());
        ioManager = new IOManager(tempDir.toFile());
    }

    @AfterEach
    void checkCleanupAndCloseServices() throws IOException {
        try {
            assertThat(memoryManager.verifyEmpty()).as("all managed memory pages were released").isTrue();
            assertThat(spillFiles()).as("spill files left behind").isZero();
        } finally {
            ioManager.close();
            memoryManager.close();
        }
    }

    /** The worker's managed memory in this test; the drivers get {@link #FRACTION} of it. */
    long memoryBytes() {
        return 64L * 4096;
    }

    int pageSize() {
        return 4096;
    }

    /** The share of managed memory each driver gets. */
    static final double FRACTION = 1.0;

    long spillFiles() throws IOException {
        try (Stream<Path> files = Files.walk(tempDir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    static OperatorDescriptor.Builder descriptor(OperatorKind kind, Function function, TypeInfo<?> in, TypeInfo<?> out) {
        return OperatorDescriptor.builder(kind).userFunction(function).inputType(in).outputType(out).memoryFraction(FRACTION);
    }

    OperatorTestHarness harness(OperatorDescriptor descriptor, String name) {
        return OperatorTestHarness.forOperator(descriptor).name(name).memoryManager(memoryManager).ioManager(ioManager).build();
    }

    /** A record with a key in [0, keys) and a random string of 10 to 49 characters. */
    static Tuple2<Integer, String> randomRecord(Random rnd, int keys) {
        int len = 10 + rnd.nextInt(40);
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            sb.append((char) ('a' + rnd.nextInt(26)));
        }
        return Tuple2.of(rnd.nextInt(keys), sb.toString());
    }
}
