package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory sort buffer over a fixed list of pages. Records are serialized back to back into
 * <em>record pages</em>; for each record an <em>index entry</em> of fixed length, {@code (8-byte
 * record offset, normalized-key prefix)}, goes into <em>index pages</em>. Both kinds of page are
 * taken on demand from the same pool, so the split adapts to the record size. Sorting swaps index
 * entries only; comparisons look at the normalized-key bytes first (unsigned, flipped for
 * descending keys) and look at the records only when the bytes are equal and are not the whole key
 * (of the type, or of these records: a short string's key holds all of it): through {@link
 * TypeComparator#compareSerialized} where the comparator compares serialized keys, else by
 * deserializing both records.
 *
 * <pre>
 *   index pages:  [off0|key0][off1|key1]...   --sort()-->  entries in key order
 *   record pages: [rec0 bytes][rec1 bytes][rec2 ... spans pages ...]
 * </pre>
 *
 * <p>Lifecycle: {@link #write} until it returns false (the buffer is full), {@link #sort()}, read
 * with {@link #getIterator()} or {@link #writeToOutput}, then {@link #reset()} to fill it again.
 * A record too large for the whole (empty) buffer makes {@code write} return false on an empty
 * buffer; {@link ExternalSorter} then writes that record alone as a run of its own.
 * The pages stay owned by whoever passed them in: {@link #getMemory()} lists them for release.
 *
 * <p>Not thread-safe: owned by one thread at a time (the task thread that fills it, or the
 * thread it is handed to for spilling).
 */
public final class NormalizedKeySorter<T> implements RadixSortable {

    /** Longest normalized-key prefix kept in an index entry. */
    static final int MAX_NORMALIZED_KEY_LEN = 16;
    private static final int POINTER_LEN = 8;

    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> comparator;
    private final List<MemorySegment> memory;
    private final ArrayDeque<MemorySegment> freePages;
    private final int pageSize;
    private final int keyLen;
    private final int entryLen;
    private final int entriesPerPage;
    /**
     * log2 of {@link #entriesPerPage} when it is a power of two (so index entries are found with a
     * shift and a mask instead of two divisions, per compare and swap of the sort), else -1.
     */
    private final int entryShift;
    private final int entryMask;
    private final boolean keyIsWhole;
    private final boolean invertKey;
    private final boolean compareSerialized;

    private final List<MemorySegment> indexPages = new ArrayList<>();
    private final RecordAreaOutputView recordArea;
    private final RecordAreaInputView compareView1;
    private final RecordAreaInputView compareView2;
    private final byte[] swapBuffer;
    private T compareRecord1;
    private T compareRecord2;
    private int numRecords;

    /**
     * @param serializer the records' serializer (used by this sorter only; pass a duplicate if shared)
     * @param comparator the sort key (used by this sorter only; pass a duplicate if shared)
     * @param memory at least two pages of equal size
     */
    public NormalizedKeySorter(TypeSerializer<T> serializer, TypeComparator<T> comparator, List<MemorySegment> memory) {
        if (memory.size() < 2) {
            throw new IllegalArgumentException("NormalizedKeySorter: " + memory.size()
                    + " memory pages (expected: at least 2, one for the index and one for records)");
        }
        this.serializer = serializer;
        this.comparator = comparator;
        this.memory = List.copyOf(memory);
        this.pageSize = memory.get(0).size();
        for (MemorySegment page : memory) {
            if (page.size() != pageSize) {
                throw new IllegalArgumentException("NormalizedKeySorter: pages of " + pageSize + " and " + page.size()
                        + " bytes (expected: all pages of one size)");
            }
        }
        this.freePages = new ArrayDeque<>(memory);
        this.keyLen = comparator.supportsNormalizedKey() ? Math.min(comparator.getNormalizeKeyLen(), MAX_NORMALIZED_KEY_LEN) : 0;
        this.keyIsWhole = keyLen > 0 && !comparator.isNormalizedKeyPrefixOnly(keyLen);
        this.invertKey = comparator.invertNormalizedKey();
        this.compareSerialized = comparator.comparesSerializedKeys();
        this.entryLen = POINTER_LEN + keyLen;
        this.entriesPerPage = pageSize / entryLen;
        this.entryShift = Integer.bitCount(entriesPerPage) == 1 ? Integer.numberOfTrailingZeros(entriesPerPage) : -1;
        this.entryMask = entriesPerPage - 1;
        this.recordArea = new RecordAreaOutputView(freePages::poll, pageSize);
        this.compareView1 = new RecordAreaInputView(recordArea.pages(), pageSize);
        this.compareView2 = new RecordAreaInputView(recordArea.pages(), pageSize);
        this.swapBuffer = new byte[2 * entryLen];
        this.compareRecord1 = serializer.createInstance();
        this.compareRecord2 = serializer.createInstance();
    }

    /**
     * Adds {@code record} to the buffer.
     *
     * @return false if the buffer has no room left for it (the buffer is unchanged then)
     */
    public boolean write(T record) throws IOException {
        if (numRecords % entriesPerPage == 0 && numRecords / entriesPerPage == indexPages.size()) {
            MemorySegment page = freePages.poll();
            if (page == null) {
                return false;
            }
            indexPages.add(page);
        }
        long start = recordArea.position();
        try {
            serializer.serialize(record, recordArea);
        } catch (EOFException full) {
            // The record area ran out of pages: undo the partial record (full is the expected signal).
            recordArea.truncate(start).forEach(freePages::addFirst);
            releaseUnusedIndexPage();
            return false;
        }
        MemorySegment page = indexPages.get(numRecords / entriesPerPage);
        int offset = (numRecords % entriesPerPage) * entryLen;
        page.putLong(offset, start);
        if (keyLen > 0) {
            comparator.putNormalizedKey(record, page, offset + POINTER_LEN, keyLen);
        }
        numRecords++;
        return true;
    }

    private void releaseUnusedIndexPage() {
        if (numRecords % entriesPerPage == 0 && indexPages.size() > numRecords / entriesPerPage) {
            freePages.addFirst(indexPages.remove(indexPages.size() - 1));
        }
    }

    /**
     * Sorts the records written so far: by radix on the normalized-key bytes ({@link RadixSort}),
     * comparing records only where those bytes tie and are not the whole key; by {@link QuickSort}
     * when the key has no normalized form.
     */
    public void sort() {
        RadixSort.sort(this);
    }

    @Override
    public int keyBytes() {
        return keyLen;
    }

    @Override
    public int keyByte(int i, int depth) {
        int b = indexPage(i).get(indexOffset(i) + POINTER_LEN + depth) & 0xff;
        return invertKey ? b ^ 0xff : b;
    }

    @Override
    public boolean keyIsWhole() {
        return keyIsWhole;
    }

    @Override
    public boolean keyIsWholeAt(int i) {
        return keyIsWhole || keyLen > 0 && comparator.isNormalizedKeyWhole(indexPage(i), indexOffset(i) + POINTER_LEN, keyLen);
    }

    @Override
    public void countKeyBytes(int from, int to, int depth, int[] counts) {
        // Page by page: one index page lookup per page, not per entry.
        int flip = invertKey ? 0xff : 0;
        for (int i = from; i < to; ) {
            MemorySegment page = indexPage(i);
            int pageEnd = Math.min(to, (i / entriesPerPage + 1) * entriesPerPage);
            int end = indexOffset(pageEnd - 1) + entryLen;
            for (int off = indexOffset(i) + POINTER_LEN + depth; off < end; off += entryLen) {
                counts[(page.get(off) & 0xff) ^ flip]++;
            }
            i = pageEnd;
        }
    }

    /** An iterator over the records in index order (sorted order after {@link #sort()}); valid until {@link #reset()}. */
    public MutableObjectIterator<T> getIterator() {
        RecordAreaInputView view = new RecordAreaInputView(recordArea.pages(), pageSize);
        return new MutableObjectIterator<>() {
            private int next;

            @Override
            public T next(T reuse) throws IOException {
                if (next >= numRecords) {
                    return null;
                }
                view.seek(pointer(next++));
                return serializer.deserialize(reuse, view);
            }

            @Override
            public T next() throws IOException {
                if (next >= numRecords) {
                    return null;
                }
                view.seek(pointer(next++));
                return serializer.deserialize(view);
            }
        };
    }

    /** Writes all records, in index order, back to back to {@code output} in their serialized form. */
    public void writeToOutput(DataOutputView output) throws IOException {
        RecordAreaInputView view = new RecordAreaInputView(recordArea.pages(), pageSize);
        for (int i = 0; i < numRecords; i++) {
            view.seek(pointer(i));
            serializer.copy(view, output);
        }
    }

    /** Empties the buffer; all pages return to its free pool. */
    public void reset() {
        freePages.clear();
        freePages.addAll(memory);
        indexPages.clear();
        recordArea.truncate(0);
        numRecords = 0;
    }

    public boolean isEmpty() {
        return numRecords == 0;
    }

    /** The number of records in the buffer. */
    @Override
    public int size() {
        return numRecords;
    }

    /** The bytes of serialized records in the buffer. */
    public long getOccupancy() {
        return recordArea.position();
    }

    /** All pages this sorter was given, whether in use or free. */
    public List<MemorySegment> getMemory() {
        return memory;
    }

    private long pointer(int index) {
        return indexPage(index).getLong(indexOffset(index));
    }

    @Override
    public int compare(int i, int j) {
        MemorySegment pageI = indexPage(i);
        MemorySegment pageJ = indexPage(j);
        int offI = indexOffset(i);
        int offJ = indexOffset(j);
        if (keyLen > 0) {
            int cmp = compareKeyBytes(pageI, offI + POINTER_LEN, pageJ, offJ + POINTER_LEN, keyLen);
            if (cmp != 0) {
                return invertKey ? -cmp : cmp;
            }
            if (keyIsWhole || comparator.isNormalizedKeyWhole(pageI, offI + POINTER_LEN, keyLen)) {
                return 0;
            }
        }
        return compareRecords(pageI.getLong(offI), pageJ.getLong(offJ));
    }

    private int compareRecords(long pointerI, long pointerJ) {
        compareView1.seek(pointerI);
        compareView2.seek(pointerJ);
        try {
            if (compareSerialized) {
                return comparator.compareSerialized(compareView1, compareView2);
            }
            compareRecord1 = serializer.deserialize(compareRecord1, compareView1);
            compareRecord2 = serializer.deserialize(compareRecord2, compareView2);
        } catch (IOException e) {
            throw new IllegalStateException("Bug: cannot read back a record the sort buffer wrote (serializer "
                    + serializer.getClass().getName() + " reads differently than it writes?)", e);
        }
        return comparator.compare(compareRecord1, compareRecord2);
    }

    /** Compares {@code len} bytes as unsigned values, eight at a time where possible (pages are big-endian). */
    static int compareKeyBytes(MemorySegment a, int offA, MemorySegment b, int offB, int len) {
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            int cmp = Long.compareUnsigned(a.getLong(offA + i), b.getLong(offB + i));
            if (cmp != 0) {
                return cmp;
            }
        }
        for (; i < len; i++) {
            int cmp = (a.get(offA + i) & 0xff) - (b.get(offB + i) & 0xff);
            if (cmp != 0) {
                return cmp;
            }
        }
        return 0;
    }

    @Override
    public void swap(int i, int j) {
        MemorySegment pageI = indexPage(i);
        MemorySegment pageJ = indexPage(j);
        int offI = indexOffset(i);
        int offJ = indexOffset(j);
        if ((entryLen & 7) == 0) {
            for (int k = 0; k < entryLen; k += 8) {
                long a = pageI.getLong(offI + k);
                pageI.putLong(offI + k, pageJ.getLong(offJ + k));
                pageJ.putLong(offJ + k, a);
            }
            return;
        }
        pageI.get(offI, swapBuffer, 0, entryLen);
        pageJ.get(offJ, swapBuffer, entryLen, entryLen);
        pageI.put(offI, swapBuffer, entryLen, entryLen);
        pageJ.put(offJ, swapBuffer, 0, entryLen);
    }

    /** The index page holding entry {@code i}. */
    private MemorySegment indexPage(int i) {
        return indexPages.get(entryShift >= 0 ? i >>> entryShift : i / entriesPerPage);
    }

    /** The offset of entry {@code i} in its index page. */
    private int indexOffset(int i) {
        return (entryShift >= 0 ? i & entryMask : i % entriesPerPage) * entryLen;
    }
}
