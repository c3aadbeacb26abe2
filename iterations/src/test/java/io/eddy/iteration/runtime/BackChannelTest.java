package io.eddy.iteration.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeutils.base.StringSerializer;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackChannelTest {

    /** Small pages, so that a few hundred records fill a superstep's memory. */
    private static final int PAGE_SIZE = 256;
    private static final int PAGES = 4;

    @TempDir
    File tmp;

    private MemoryManager memory;
    private IOManager io;
    private BackChannel<String> channel;

    @BeforeEach
    void setUp() throws MemoryAllocationException {
        memory = new MemoryManager(64L * PAGE_SIZE, PAGE_SIZE);
        io = new IOManager(tmp);
        channel = new BackChannel<>("test back channel", new StringSerializer(), memory, io, PAGES);
    }

    @AfterEach
    void tearDown() throws IOException {
        channel.close();
        io.close();
    }

    @Test
    void aSealedSuperstepIsReadInWriteOrderFromMemory() throws IOException {
        List<String> records = records("a", 20);
        write(1, records);
        channel.seal(1);

        assertThat(readAll(1)).containsExactlyElementsOf(records);
        assertThat(channel.spilledFiles()).isZero();
        assertThat(spillFiles()).isEmpty();
    }

    @Test
    void beyondItsMemoryASuperstepSpillsToAFileAndIsReadMemoryThenFile() throws IOException {
        List<String> records = records("record-", 2000); // about 20 KB against 2 pages of 256 bytes for records
        write(1, records);
        assertThat(spillFiles()).hasSize(1);
        channel.seal(1);

        assertThat(channel.spilledFiles()).isEqualTo(1);
        try (BackChannel<String>.Reader reader = channel.read(1)) {
            assertThat(drain(reader)).containsExactlyElementsOf(records);
            assertThat(spillFiles()).as("the file lives until the reader is closed").hasSize(1);
        }
        assertThat(spillFiles()).as("closing the reader deletes the superstep's file").isEmpty();
    }

    @Test
    void supersteps_alternateBetweenTwoBuffers_theNextIsWrittenWhileTheSealedOneIsRead() throws IOException {
        List<String> first = records("one-", 500);
        List<String> second = records("two-", 700);
        write(1, first);
        channel.seal(1);
        assertThat(channel.writingSuperstep()).isEqualTo(2);

        List<String> read = new ArrayList<>();
        try (BackChannel<String>.Reader reader = channel.read(1)) {
            // Interleaved: superstep 2 is written while superstep 1 is read, both spilling.
            for (int i = 0; i < second.size(); i++) {
                channel.write(2, second.get(i));
                String next = reader.next();
                if (next != null) {
                    read.add(next);
                }
            }
            read.addAll(drain(reader));
        }
        assertThat(read).containsExactlyElementsOf(first);
        channel.seal(2);
        assertThat(readAll(2)).containsExactlyElementsOf(second);

        List<String> third = records("three-", 30);
        write(3, third);
        channel.seal(3);
        assertThat(readAll(3)).containsExactlyElementsOf(third);
        assertThat(channel.spilledFiles()).isEqualTo(2);
    }

    @Test
    void anEmptySuperstepReadsNothing() throws IOException {
        channel.seal(1);
        try (BackChannel<String>.Reader reader = channel.read(1)) {
            assertThat(reader.superstep()).isEqualTo(1);
            assertThat(reader.next()).isNull();
            assertThat(reader.next()).isNull();
        }
        write(2, List.of("x"));
        channel.seal(2);
        assertThat(readAll(2)).containsExactly("x");
    }

    @Test
    void memoryIsAllocatedOnceForBothSuperstepsAndReleasedByClose() throws IOException {
        assertThat(memory.pagesHeldBy(channel)).isEqualTo(2 * PAGES);
        write(1, records("r", 3000));
        channel.seal(1);
        write(2, records("s", 3000));
        assertThat(memory.pagesHeldBy(channel)).as("spilling takes no further pages").isEqualTo(2 * PAGES);

        channel.close();
        channel.close(); // idempotent
        assertThat(memory.pagesHeldBy(channel)).isZero();
        assertThat(memory.verifyEmpty()).isTrue();
    }

    @Test
    void closeDeletesTheFilesOfSealedAndOfWrittenSupersteps() throws IOException {
        write(1, records("r", 3000));
        channel.seal(1);
        write(2, records("s", 3000));
        assertThat(spillFiles()).hasSize(2);

        channel.close();
        assertThat(spillFiles()).isEmpty();
    }

    @Test
    void aChannelWithoutEnoughManagedMemoryFailsWithTheAllocatorsMessage() {
        MemoryManager tiny = new MemoryManager(4L * PAGE_SIZE, PAGE_SIZE);
        assertThatThrownBy(() -> new BackChannel<>("small channel", new StringSerializer(), tiny, io, PAGES))
                .isInstanceOf(MemoryAllocationException.class)
                .hasMessageContaining("worker.memory.managed.size");
        assertThatThrownBy(() -> new BackChannel<>("small channel", new StringSerializer(), memory, io, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pagesPerSuperstep of the small channel: 2 (expected: at least 3");
    }

    // ---- misuse ---------------------------------------------------------------------------------

    @Test
    void writingASealedSuperstepFails() throws IOException {
        write(1, List.of("a"));
        channel.seal(1);
        assertThatThrownBy(() -> channel.write(1, "late"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The test back channel got a record of superstep 1, which is sealed (a sealed superstep is never written again;"
                        + " the channel now takes superstep 2)");
        assertThat(readAll(1)).containsExactly("a");
    }

    @Test
    void writingAheadOfTheUnsealedSuperstepFails() {
        assertThatThrownBy(() -> channel.write(2, "early"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("got a record of superstep 2 while superstep 1 is not sealed yet (expected: seal(1) first)");
    }

    @Test
    void sealingAnotherSuperstepThanTheWrittenOneFails() throws IOException {
        channel.seal(1);
        assertThatThrownBy(() -> channel.seal(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("asked to seal superstep 1 but is writing superstep 2");
    }

    @Test
    void readingAnUnsealedSuperstepFails() throws IOException {
        write(1, List.of("a"));
        assertThatThrownBy(() -> channel.read(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The test back channel cannot read superstep 1: it is not sealed yet (the tail writes superstep 1) (expected:"
                        + " the head reads each sealed superstep once, after the tail sealed it)");
        assertThatThrownBy(() -> channel.read(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aSuperstepIsReadOnce() throws IOException {
        channel.seal(1);
        BackChannel<String>.Reader reader = channel.read(1);
        assertThatThrownBy(() -> channel.read(1)).hasMessageContaining("is reading superstep 1 already");
        reader.close();
        reader.close(); // idempotent
        assertThatThrownBy(reader::next).hasMessageContaining("The reader of superstep 1 of the test back channel is closed");
        assertThatThrownBy(() -> channel.read(1)).hasMessageContaining("cannot read superstep 1: it is read already");
    }

    @Test
    void sealingWhileThePreviousSuperstepIsUnreadIsABug() throws IOException {
        write(1, List.of("a"));
        channel.seal(1);
        write(2, List.of("b"));
        // The head did not read superstep 1, whose buffer superstep 3 would be written into.
        assertThatThrownBy(() -> channel.seal(2))
                .hasMessage("Bug: the test back channel seals superstep 2 while superstep 1 was not read yet: the head must read superstep"
                        + " s - 1 before superstep s ends");
        assertThat(readAll(1)).containsExactly("a");
        channel.seal(2);
        assertThat(readAll(2)).containsExactly("b");
    }

    @Test
    void aClosedChannelRefusesEverything() throws IOException {
        write(1, List.of("a"));
        channel.seal(1);
        BackChannel<String>.Reader reader = channel.read(1);
        channel.close();
        assertThatThrownBy(() -> channel.write(2, "b")).hasMessageContaining("Cannot write a record of superstep 2: the test back channel is closed");
        assertThatThrownBy(() -> channel.seal(2)).hasMessageContaining("Cannot seal superstep 2: the test back channel is closed");
        assertThatThrownBy(() -> channel.read(1)).hasMessageContaining("is closed");
        assertThatThrownBy(reader::next).hasMessageContaining("is closed");
        reader.close(); // after the channel closed: nothing left to release
    }

    // ---- threads --------------------------------------------------------------------------------

    /**
     * A writer and a reader thread follow the loop's protocol: the writer writes superstep s while the
     * reader reads s - 1, and seals s only after the reader finished s - 1 (in a loop, the head's end
     * of superstep s reaches the tail only after the head read s - 1).
     */
    @Test
    void aWriterAndAReaderThreadHandSuperstepsOverInOrder() throws Exception {
        int supersteps = 40;
        Semaphore sealed = new Semaphore(0);
        Semaphore read = new Semaphore(1); // "superstep 0 was read"
        List<List<String>> readBack = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    for (int s = 1; s <= supersteps; s++) {
                        write(s, recordsOf(s));
                        read.acquire();
                        channel.seal(s);
                        sealed.release();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, threads);
            CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
                try {
                    for (int s = 1; s <= supersteps; s++) {
                        sealed.acquire();
                        readBack.add(readAll(s));
                        read.release();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, threads);
            CompletableFuture.allOf(writer, reader).get(60, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
        for (int s = 1; s <= supersteps; s++) {
            assertThat(readBack.get(s - 1)).as("superstep %d", s).containsExactlyElementsOf(recordsOf(s));
        }
        assertThat(spillFiles()).isEmpty();
    }

    /** Every third superstep spills; the others fit in memory. */
    private static List<String> recordsOf(int superstep) {
        return records(superstep + "-", superstep % 3 == 0 ? 1500 : 5);
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static List<String> records(String prefix, int n) {
        List<String> records = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            records.add(prefix + i);
        }
        return records;
    }

    private void write(int superstep, List<String> records) throws IOException {
        for (String record : records) {
            channel.write(superstep, record);
        }
    }

    private List<String> readAll(int superstep) throws IOException {
        try (BackChannel<String>.Reader reader = channel.read(superstep)) {
            return drain(reader);
        }
    }

    private static List<String> drain(BackChannel<String>.Reader reader) throws IOException {
        List<String> records = new ArrayList<>();
        String next;
        while ((next = reader.next()) != null) {
            records.add(next);
        }
        return records;
    }

    private List<File> spillFiles() {
        List<File> files = new ArrayList<>();
        for (File dir : io.spillingDirectories()) {
            files.addAll(List.of(Objects.requireNonNull(dir.listFiles())));
        }
        return files;
    }
}
