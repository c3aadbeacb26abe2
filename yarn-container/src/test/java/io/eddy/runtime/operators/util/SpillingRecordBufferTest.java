package io.eddy.runtime.operators.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeutils.base.StringSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpillingRecordBufferTest {

    private static final int PAGE_SIZE = 4096;

    @TempDir
    Path tempDir;

    private IOManager ioManager;

    @BeforeEach
    void setUp() {
        ioManager = new IOManager(tempDir.toFile());
    }

    @AfterEach
    void tearDown() throws Exception {
        ioManager.close();
    }

    @Test
    void keepsRecordsInMemoryWhileTheyFit() throws IOException {
        try (SpillingRecordBuffer<String> buffer = buffer(8, ioManager)) {
            List<String> records = records(100, 10);
            for (String r : records) {
                assertThat(buffer.add(r)).isTrue();
            }
            assertThat(buffer.spilled()).isFalse();
            assertThat(buffer.size()).isEqualTo(100);
            assertThat(readAll(buffer.pass())).isEqualTo(records);
        }
    }

    @Test
    void spillsWhatDoesNotFitAndReadsEveryPassInOrder() throws IOException {
        try (SpillingRecordBuffer<String> buffer = buffer(SpillingRecordBuffer.MIN_PAGES, ioManager)) {
            List<String> records = records(5_000, 40);
            for (String r : records) {
                buffer.add(r);
            }
            assertThat(buffer.spilled()).isTrue();
            assertThat(buffer.spilledFiles()).isEqualTo(1);
            assertThat(buffer.size()).isEqualTo(5_000);
            assertThat(readAll(buffer.pass())).isEqualTo(records);
            // A second and a third pass, one abandoned half-way, read the same records again.
            SpillingRecordBuffer<String>.Pass half = buffer.pass();
            for (int i = 0; i < 2_500; i++) {
                half.next();
            }
            assertThat(readAll(buffer.pass())).isEqualTo(records);
            assertThat(spillFiles()).hasSize(1);
        }
        assertThat(spillFiles()).isEmpty();
    }

    @Test
    void clearDeletesTheSpillFileAndTheBufferFillsAgain() throws IOException {
        try (SpillingRecordBuffer<String> buffer = buffer(SpillingRecordBuffer.MIN_PAGES, ioManager)) {
            for (String r : records(3_000, 40)) {
                buffer.add(r);
            }
            buffer.pass();
            buffer.clear();
            assertThat(spillFiles()).isEmpty();
            assertThat(buffer.isEmpty()).isTrue();
            assertThat(buffer.pass().next()).isNull();
            buffer.clear();
            List<String> again = records(10, 3);
            for (String r : again) {
                buffer.add(r);
            }
            assertThat(readAll(buffer.pass())).isEqualTo(again);
        }
    }

    @Test
    void withoutAnIoManagerAddReturnsFalseWhenFull() throws IOException {
        try (SpillingRecordBuffer<String> buffer = buffer(1, null)) {
            List<String> added = new ArrayList<>();
            for (String r : records(10_000, 40)) {
                if (!buffer.add(r)) {
                    break;
                }
                added.add(r);
            }
            assertThat(added).isNotEmpty().hasSizeLessThan(10_000);
            assertThat(buffer.size()).isEqualTo(added.size());
            assertThat(buffer.spilled()).isFalse();
            List<String> read = new ArrayList<>();
            buffer.iterator().forEachRemaining(read::add);
            assertThat(read).isEqualTo(added);
        }
    }

    @Test
    void iteratorEndsWithNoSuchElement() throws IOException {
        try (SpillingRecordBuffer<String> buffer = buffer(4, ioManager)) {
            buffer.add("a");
            Iterator<String> it = buffer.iterator();
            assertThat(it.next()).isEqualTo("a");
            assertThat(it.hasNext()).isFalse();
            assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class).hasMessageContaining("test buffer");
        }
    }

    @Test
    void addAfterReadingIsABug() throws IOException {
        try (SpillingRecordBuffer<String> buffer = buffer(4, ioManager)) {
            buffer.add("a");
            buffer.pass();
            assertThatThrownBy(() -> buffer.add("b")).isInstanceOf(IllegalStateException.class).hasMessageContaining("clear()");
        }
    }

    @Test
    void tooFewPagesAreRejected() {
        assertThatThrownBy(() -> buffer(SpillingRecordBuffer.MIN_PAGES - 1, ioManager)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least " + SpillingRecordBuffer.MIN_PAGES);
    }

    /** A buffer that allocates its pages owns them: close() (also a second one) gives them back and deletes its spill file. */
    @Test
    void anAllocatingBufferReturnsItsPagesOnClose() throws Exception {
        MemoryManager memoryManager = new MemoryManager(64L * PAGE_SIZE, PAGE_SIZE);
        SpillingRecordBuffer<String> buffer = SpillingRecordBuffer.allocate(new StringSerializer(), memoryManager, 4, ioManager, "owned buffer");
        assertThat(memoryManager.availablePages()).isEqualTo(60);
        for (String r : records(2000, 20)) {
            buffer.add(r);
        }
        assertThat(buffer.spilled()).isTrue();
        assertThat(readAll(buffer.pass())).isEqualTo(records(2000, 20));
        buffer.close();
        buffer.close();
        assertThat(memoryManager.verifyEmpty()).isTrue();
        assertThat(spillFiles()).isEmpty();
        memoryManager.close();
    }

    private static SpillingRecordBuffer<String> buffer(int pages, IOManager io) {
        List<MemorySegment> segments = new ArrayList<>();
        for (int i = 0; i < pages; i++) {
            segments.add(MemorySegment.allocateHeap(PAGE_SIZE, null));
        }
        return new SpillingRecordBuffer<>(new StringSerializer(), segments, io, "test buffer");
    }

    private static List<String> records(int n, int length) {
        List<String> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder b = new StringBuilder().append(i).append(':');
            while (b.length() < length) {
                b.append((char) ('a' + (i + b.length()) % 26));
            }
            records.add(b.toString());
        }
        return records;
    }

    private static List<String> readAll(SpillingRecordBuffer<String>.Pass pass) throws IOException {
        List<String> out = new ArrayList<>();
        for (String r = pass.next(); r != null; r = pass.next()) {
            out.add(r);
        }
        return out;
    }

    private List<File> spillFiles() throws IOException {
        try (Stream<Path> files = Files.walk(tempDir)) {
            return files.filter(Files::isRegularFile).map(Path::toFile).toList();
        }
    }
}
