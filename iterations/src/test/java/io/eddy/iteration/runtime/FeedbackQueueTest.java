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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streaming loop's feedback queue: order, markers, spilling, bounded memory, waking the reader, closing, two threads. */
class FeedbackQueueTest {

    /** Small pages, so that a few hundred records fill a buffer's memory. */
    private static final int PAGE_SIZE = 256;
    private static final int PAGES = 4;

    @TempDir
    File tmp;

    private MemoryManager memory;
    private IOManager io;
    private FeedbackQueue<String> queue;

    @BeforeEach
    void setUp() throws MemoryAllocationException {
        memory = new MemoryManager(64L * PAGE_SIZE, PAGE_SIZE);
        io = new IOManager(tmp);
        queue = new FeedbackQueue<>("test feedback queue", new StringSerializer(), memory, io, PAGES);
    }

    @AfterEach
    void tearDown() throws IOException {
        queue.close();
        io.close();
    }

    @Test
    void recordsComeOutInTheOrderTheyWentIn() throws IOException {
        assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.NOTHING_AVAILABLE);
        add(records("a", 10));
        assertThat(drain()).containsExactlyElementsOf(records("a", 10));
        // Interleaved writes and reads: the reader swaps buffers whenever it drained one.
        List<String> read = new ArrayList<>();
        for (String r : records("b", 50)) {
            queue.add(r);
            if (queue.poll() == FeedbackQueue.Next.RECORD) {
                read.add(queue.record());
            }
        }
        read.addAll(drain());
        assertThat(read).containsExactlyElementsOf(records("b", 50));
        assertThat(queue.written()).isEqualTo(60);
        assertThat(queue.spilledFiles()).isZero();
    }

    @Test
    void markersComeOutAfterTheRecordsAddedBeforeThem() throws IOException {
        queue.addMarker(1);
        add(records("x", 3));
        queue.addMarker(2);
        queue.addMarker(3);
        add(records("y", 2));
        queue.addMarker(4);
        queue.addInputsEnded();

        assertThat(drainWithMarkers()).containsExactly("marker 1", "x0", "x1", "x2", "marker 2", "marker 3", "y0", "y1", "marker 4",
                "inputs ended");
        assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.NOTHING_AVAILABLE);
        // A marker added while the reader holds a partly read buffer comes after that buffer's records and the later ones.
        add(records("z", 3));
        assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.RECORD);
        queue.addMarker(5);
        queue.add("late");
        assertThat(drainWithMarkers()).containsExactly("z1", "z2", "marker 5", "late");
    }

    @Test
    void beyondItsMemoryTheQueueSpillsWithinItsPagesAndCloseFreesPagesAndFiles() throws IOException {
        assertThat(memory.pagesHeldBy(queue)).as("allocated when created").isEqualTo(2 * PAGES);
        add(records("record-", 3000)); // some 30 KB against 2 pages of 256 bytes per buffer for records
        assertThat(spillFiles()).as("the writing buffer spilled").hasSize(1);
        assertThat(memory.pagesHeldBy(queue)).as("spilling takes no further pages").isEqualTo(2 * PAGES);

        // The reader takes the spilled buffer; the writer spills into the other one meanwhile.
        for (int i = 0; i < 1500; i++) {
            assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.RECORD);
            assertThat(queue.record()).isEqualTo("record-" + i);
        }
        add(records("more-", 3000));
        assertThat(spillFiles()).hasSize(2);
        assertThat(memory.pagesHeldBy(queue)).isEqualTo(2 * PAGES);

        queue.close();
        assertThat(spillFiles()).as("close deletes the spill files").isEmpty();
        assertThat(memory.pagesHeldBy(queue)).as("close releases the pages").isZero();
        assertThat(memory.verifyEmpty()).isTrue();
    }

    @Test
    void aSpilledQueueIsReadBackExactlyAndItsFilesAreDeletedOnceRead() throws IOException {
        List<String> records = records("record-", 3000);
        add(records.subList(0, 1000));
        queue.addMarker(9);
        add(records.subList(1000, 2000));
        assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.RECORD); // the reader takes the spilled buffer
        add(records.subList(2000, 3000)); // the writer spills into the other one meanwhile
        assertThat(spillFiles()).hasSize(2);

        List<String> read = new ArrayList<>(List.of(queue.record()));
        read.addAll(drainWithMarkers());
        List<String> expected = new ArrayList<>(records.subList(0, 1000));
        expected.add("marker 9");
        expected.addAll(records.subList(1000, 3000));
        assertThat(read).containsExactlyElementsOf(expected);
        assertThat(queue.spilledFiles()).isEqualTo(2);
        assertThat(spillFiles()).as("a drained buffer's file is deleted").isEmpty();
        assertThat(memory.pagesHeldBy(queue)).isEqualTo(2 * PAGES);
    }

    @Test
    void theReaderIsWokenByTheNextAddOrByClose() throws IOException {
        assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.NOTHING_AVAILABLE);
        CompletableFuture<?> available = queue.available();
        assertThat(available).isNotDone();
        assertThat(queue.available()).as("one future while the reader waits").isSameAs(available);
        queue.add("a");
        assertThat(available).isDone();
        assertThat(queue.available()).as("data is there").isDone();
        assertThat(drain()).containsExactly("a");

        CompletableFuture<?> marker = queue.available();
        queue.addMarker(3);
        assertThat(marker).isDone();
        assertThat(drainWithMarkers()).containsExactly("marker 3");

        CompletableFuture<?> closing = queue.available();
        queue.close();
        assertThat(closing).isDone();
    }

    @Test
    void aClosedQueueDropsWhatIsAddedAndRefusesPolls() throws IOException {
        add(records("r", 2000));
        assertThat(spillFiles()).hasSize(1);
        queue.close();
        queue.close(); // idempotent
        assertThat(queue.isClosed()).isTrue();
        assertThat(spillFiles()).isEmpty();
        assertThat(queue.add("late")).isFalse();
        assertThat(queue.addMarker(1)).isFalse();
        assertThatThrownBy(queue::poll).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Cannot poll: the test feedback queue is closed");
        assertThat(memory.verifyEmpty()).isTrue();
    }

    @Test
    void aQueueWithoutEnoughManagedMemoryFailsWithTheAllocatorsMessage() {
        MemoryManager tiny = new MemoryManager(4L * PAGE_SIZE, PAGE_SIZE);
        assertThatThrownBy(() -> new FeedbackQueue<>("small queue", new StringSerializer(), tiny, io, PAGES))
                .isInstanceOf(MemoryAllocationException.class).hasMessageContaining("worker.memory.managed.size");
        assertThatThrownBy(() -> queue.addMarker(0)).hasMessageContaining("expected: an id >= 1");
        assertThatThrownBy(() -> new FeedbackQueue<>("small queue", new StringSerializer(), memory, io, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pagesPerBuffer of the small queue: 2 (expected: at least 3");
        assertThat(FeedbackQueue.pagesPerBuffer(1 << 20, 32 * 1024)).isEqualTo(16);
        assertThat(FeedbackQueue.pagesPerBuffer(1, 32 * 1024)).isEqualTo(3);
    }

    /**
     * A writer thread that never waits and a reader thread that waits on {@code available()}:
     * every record and marker arrives once, in order, through spills, and the writer never blocks
     * however far ahead of the reader it is.
     */
    @Test
    void aWriterAndAReaderThreadPassRecordsAndMarkersInOrder() throws Exception {
        int n = 20_000;
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<String> read = new ArrayList<>();
        try {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < n; i++) {
                        assertThat(queue.add("r" + i)).isTrue();
                        if (i % 1000 == 999) {
                            queue.addMarker(i / 1000 + 1);
                        }
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, threads);
            CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
                try {
                    while (read.size() < n + n / 1000) {
                        switch (queue.poll()) {
                            case RECORD -> read.add(queue.record());
                            case MARKER -> read.add("marker " + queue.marker());
                            case INPUTS_ENDED -> read.add("inputs ended");
                            case NOTHING_AVAILABLE -> queue.available().get(30, TimeUnit.SECONDS);
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, threads);
            CompletableFuture.allOf(writer, reader).get(60, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add("r" + i);
            if (i % 1000 == 999) {
                expected.add("marker " + (i / 1000 + 1));
            }
        }
        assertThat(read).containsExactlyElementsOf(expected);
        assertThat(queue.poll()).isEqualTo(FeedbackQueue.Next.NOTHING_AVAILABLE);
        assertThat(spillFiles()).isEmpty();
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static List<String> records(String prefix, int n) {
        List<String> records = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            records.add(prefix + i);
        }
        return records;
    }

    private void add(List<String> records) throws IOException {
        for (String record : records) {
            assertThat(queue.add(record)).isTrue();
        }
    }

    private List<String> drain() throws IOException {
        List<String> records = new ArrayList<>();
        while (queue.poll() == FeedbackQueue.Next.RECORD) {
            records.add(queue.record());
        }
        return records;
    }

    private List<String> drainWithMarkers() throws IOException {
        List<String> out = new ArrayList<>();
        FeedbackQueue.Next next;
        while ((next = queue.poll()) != FeedbackQueue.Next.NOTHING_AVAILABLE) {
            out.add(switch (next) {
                case RECORD -> queue.record();
                case MARKER -> "marker " + queue.marker();
                case INPUTS_ENDED -> "inputs ended";
                case NOTHING_AVAILABLE -> throw new IllegalStateException("not drained");
            });
        }
        return out;
    }

    private List<File> spillFiles() {
        List<File> files = new ArrayList<>();
        for (File dir : io.spillingDirectories()) {
            files.addAll(List.of(Objects.requireNonNull(dir.listFiles())));
        }
        return files;
    }
}
