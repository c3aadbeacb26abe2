package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.sort.RunFiles.RunReader;
import io.eddy.runtime.util.KeyGroupedIterator;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * External merge sort in a fixed budget of pages. Records are pushed with {@link #add(Object)}
 * into a {@link NormalizedKeySorter}; when it is full, it is sorted (and, with a
 * {@link RecordCombiner}, combined) and written to disk as one sorted run. After
 * {@link #finishInput()}, {@link #getIterator()} returns the records in order: straight from the
 * sort buffer if nothing spilled, otherwise from a k-way merge of all runs, after intermediate
 * merge passes while there are more runs than the fan-in allows. See {@code docs/sorting.md}.
 *
 * <pre>
 *   add()* ──► sort buffer ──full──► sort ─► [combine] ─► run file
 *   finishInput() ──► no runs: sorted buffer
 *                 └─► runs:  spill rest ─► merge passes (fan-in) ─► final k-way merge
 * </pre>
 *
 * <p>Memory: {@code writePages} of the budget are the write buffers of spills, the rest is the
 * sort buffer; once the input is finished every page serves the merge (read-ahead per run and a
 * write buffer for intermediate merges). A record too large for the whole sort buffer is written
 * as a run of its own. {@link #close()} deletes all spill files and releases (or hands back) the
 * pages, whether the sort finished or failed half-way.
 *
 * <p>Threads: not thread-safe. All methods run on the caller's (task) thread; spilling is
 * synchronous on that thread, with the disk writes and read-ahead done by the I/O manager's
 * threads. So memory is bounded and a failure surfaces in the call that caused it.
 */
public final class ExternalSorter<T> implements AutoCloseable {

    /** The smallest budget: two pages of sort buffer and two write buffers. */
    static final int MIN_PAGES = 4;

    /** INPUT -> RESULT -> CLOSED; FAILED after an exception of add or finishInput (only close() is left). */
    private enum Phase { INPUT, RESULT, FAILED, CLOSED }

    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> comparator;
    private final RecordCombiner<T> combiner;
    private final MemoryManager memoryManager;
    private final List<MemorySegment> pages;
    private final List<MemorySegment> writePages;
    private final NormalizedKeySorter<T> sortBuffer;
    private final RunFiles runFiles;
    private final int maxFanIn;
    private final String owner;
    private final ArrayDeque<SpillRun> runs = new ArrayDeque<>();
    private final List<RunReader<T>> finalReaders = new ArrayList<>();
    private Phase phase = Phase.INPUT;
    private MutableObjectIterator<T> result;
    private int spilledRuns;
    private int intermediateMerges;

    /** A builder with the records' serializer and the sort key. */
    public static <T> ExternalSorterBuilder<T> builder(TypeSerializer<T> serializer, TypeComparator<T> comparator) {
        return new ExternalSorterBuilder<>(serializer, comparator);
    }

    ExternalSorter(ExternalSorterBuilder<T> b) throws MemoryAllocationException {
        this.serializer = b.serializer.duplicate();
        this.comparator = b.comparator.duplicate();
        this.combiner = b.combiner;
        this.maxFanIn = b.maxFanIn;
        this.owner = b.owner;
        this.memoryManager = b.memoryManager;
        this.pages = b.pages != null ? b.pages : memoryManager.allocatePages(this, b.numPages);
        int pageSize = pages.get(0).size();
        int numWritePages = Math.max(2, Math.min(8, pages.size() / 16));
        this.writePages = pages.subList(0, numWritePages);
        this.sortBuffer = new NormalizedKeySorter<>(serializer, comparator.duplicate(), pages.subList(numWritePages, pages.size()));
        this.runFiles = new RunFiles(b.ioManager, pageSize, owner);
    }

    /** Adds one record. Spills a full sort buffer on this thread. */
    public void add(T record) throws IOException {
        checkPhase(Phase.INPUT, "add");
        try {
            addRecord(record);
        } catch (IOException | RuntimeException | Error e) {
            phase = Phase.FAILED;
            throw e;
        }
    }

    private void addRecord(T record) throws IOException {
        if (sortBuffer.write(record)) {
            return;
        }
        if (!sortBuffer.isEmpty()) {
            spillSortBuffer();
            if (sortBuffer.write(record)) {
                return;
            }
        }
        // Larger than the whole sort buffer: a single record is a sorted run by itself.
        runs.add(runFiles.write(writePages, out -> {
            serializer.serialize(record, out);
            return 1;
        }));
        spilledRuns++;
    }

    /** Ends the input: spills what is left if anything spilled before, and runs the intermediate merge passes. */
    public void finishInput() throws IOException {
        checkPhase(Phase.INPUT, "finishInput");
        try {
            result = runs.isEmpty() ? sortInMemory() : mergeSpilledRuns();
            phase = Phase.RESULT;
        } catch (IOException | RuntimeException | Error e) {
            phase = Phase.FAILED;
            throw e;
        }
    }

    private MutableObjectIterator<T> sortInMemory() {
        sortBuffer.sort();
        return sortBuffer.getIterator();
    }

    private MutableObjectIterator<T> mergeSpilledRuns() throws IOException {
        if (!sortBuffer.isEmpty()) {
            spillSortBuffer();
        }
        int maxFinalFanIn = Math.min(maxFanIn, pages.size());
        int maxMergeFanIn = Math.min(maxFanIn, pages.size() - writePages.size());
        while (runs.size() > maxFinalFanIn) {
            int k = Math.min(maxMergeFanIn, runs.size() - maxFinalFanIn + 1);
            runs.add(mergeRuns(k));
            intermediateMerges++;
        }
        List<List<MemorySegment>> readPages = split(pages, runs.size());
        for (List<MemorySegment> share : readPages) {
            finalReaders.add(runFiles.open(runs.poll(), share, serializer));
        }
        return new MergeIterator<>(finalReaders, comparator.duplicate());
    }

    /** The records in sorted order; valid until {@link #close()}. Call after {@link #finishInput()}. */
    public MutableObjectIterator<T> getIterator() {
        checkPhase(Phase.RESULT, "getIterator");
        return result;
    }

    /** The number of runs written to disk from the input (not counting intermediate merges). */
    public int getSpilledRuns() {
        return spilledRuns;
    }

    /** The number of intermediate merges (each writes one new run from up to fan-in runs). */
    public int getIntermediateMerges() {
        return intermediateMerges;
    }

    /** The number of spill files that exist now. */
    public int getLiveSpillFiles() {
        return runFiles.liveFiles();
    }

    /**
     * Deletes all spill files and releases the pages to the memory manager (or stops using the
     * caller's pages). Idempotent; safe after a failure at any point.
     *
     * @throws IOException if a spill file could not be closed or deleted (the pages are released anyway)
     */
    @Override
    public void close() throws IOException {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.CLOSED;
        result = null;
        finalReaders.clear();
        try {
            runFiles.deleteAll();
        } finally {
            if (memoryManager != null) {
                memoryManager.releaseAll(this);
            }
        }
    }

    private void spillSortBuffer() throws IOException {
        sortBuffer.sort();
        if (combiner == null) {
            runs.add(runFiles.write(writePages, out -> {
                sortBuffer.writeToOutput(out);
                return sortBuffer.size();
            }));
        } else {
            runs.add(runFiles.write(writePages, out -> writeCombined(sortBuffer.getIterator(), out)));
        }
        spilledRuns++;
        sortBuffer.reset();
    }

    /** Merges the first {@code k} runs into a new one (combining it if there is a combiner) and deletes them. */
    private SpillRun mergeRuns(int k) throws IOException {
        List<MemorySegment> readMemory = pages.subList(writePages.size(), pages.size());
        List<List<MemorySegment>> shares = split(readMemory, k);
        List<RunReader<T>> readers = new ArrayList<>(k);
        for (List<MemorySegment> share : shares) {
            readers.add(runFiles.open(runs.poll(), share, serializer));
        }
        MergeIterator<T> merged = new MergeIterator<>(readers, comparator.duplicate());
        SpillRun run = runFiles.write(writePages, out -> combiner == null ? copyAll(merged, out) : writeCombined(merged, out));
        for (RunReader<T> reader : readers) {
            runFiles.delete(reader);
        }
        return run;
    }

    private long copyAll(MutableObjectIterator<T> input, DataOutputView out) throws IOException {
        long count = 0;
        T reuse = serializer.createInstance();
        while ((reuse = input.next(reuse)) != null) {
            serializer.serialize(reuse, out);
            count++;
        }
        return count;
    }

    private long writeCombined(MutableObjectIterator<T> sorted, DataOutputView out) throws IOException {
        KeyGroupedIterator<T> groups = new KeyGroupedIterator<>(sorted, comparator.duplicate());
        CombinedOutput emitted = new CombinedOutput(out);
        while (groups.nextKey()) {
            try {
                combiner.combine(groups.getValues(), emitted);
            } catch (IOException e) {
                throw e;
            } catch (UncheckedIOException e) {
                // Reading the group from the sorted input failed, not the combiner itself.
                throw e.getCause();
            } catch (Exception e) {
                throw new IOException("The combiner of " + owner + " failed on the group of key record " + groups.getCurrent(), e);
            }
            if (emitted.failure != null) {
                throw emitted.failure;
            }
        }
        return emitted.count;
    }

    /** Serializes what the combiner emits; remembers a write failure for the caller (Consumer cannot throw). */
    private final class CombinedOutput implements Consumer<T> {
        private final DataOutputView out;
        private long count;
        private IOException failure;

        CombinedOutput(DataOutputView out) {
            this.out = out;
        }

        @Override
        public void accept(T record) {
            if (failure != null) {
                return;
            }
            try {
                serializer.serialize(record, out);
                count++;
            } catch (IOException e) {
                failure = e;
            }
        }
    }

    /** Splits {@code memory} into {@code parts} consecutive shares as equal as possible (each at least one page). */
    private List<List<MemorySegment>> split(List<MemorySegment> memory, int parts) {
        if (parts > memory.size()) {
            throw new IllegalStateException("Bug: merging " + parts + " runs of " + owner + " with only " + memory.size() + " pages");
        }
        List<List<MemorySegment>> shares = new ArrayList<>(parts);
        int start = 0;
        for (int i = 0; i < parts; i++) {
            int end = start + (memory.size() - start) / (parts - i);
            shares.add(memory.subList(start, end));
            start = end;
        }
        return shares;
    }

    private void checkPhase(Phase expected, String method) {
        if (phase != expected) {
            throw new IllegalStateException("ExternalSorter of " + owner + ": " + method + "() in phase " + phase
                    + " (expected: " + expected + "; the order is add()*, finishInput(), getIterator(), close(), and after a failure"
                    + " only close())");
        }
    }

    @Override
    public String toString() {
        return "ExternalSorter of " + owner;
    }
}
