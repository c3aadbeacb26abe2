package io.eddy.iteration.runtime;

import java.io.IOException;

/**
 * One hash partition of a {@link ManagedSolutionSet}: an append log of entries and an
 * open-addressing index from hash to entry, each in a {@link PageStore} (pages of managed memory
 * until the partition is spilled, files afterwards; the code below is the same for both).
 *
 * <pre>
 * entry := [int hash][int length][length bytes: the serialized record][zeros up to a multiple of 8]
 *          a replaced entry is dead: its length is stored as ~length (negative); its bytes are garbage
 * slot  := [int hash][int entry address / 8 + 1]          (0: free)
 * home  := the top slotBits bits of (hash &lt;&lt; partition bits)   (linear probing from there)
 * </pre>
 *
 * <p>The index holds live entries only (the set never deletes a key), so there are no tombstones,
 * and a full hash is compared before a candidate is deserialized. Since an entry starts at a
 * multiple of 8, its header never spans a page or block. The home slot is taken from the top bits,
 * so doubling the index sends the entries of old slot <i>i</i> to new slots near 2<i>i</i>: growing
 * reads the old index and writes the new one front to back, which matters when both are files.
 *
 * <p>Not thread-safe: used under the set's lock.
 */
final class SolutionSetPartition {

    static final int HEADER_BYTES = 8;
    private static final int SLOT_BYTES = 8;
    /** Slots hold address / 8 + 1 in an int: at most this many bytes of entries per partition (16 GiB). */
    static final long MAX_LOG_BYTES = ((long) Integer.MAX_VALUE - 1) << 3;
    /** The index doubles before more than this share of its slots is used. */
    private static final double MAX_LOAD = 0.75;
    /** A spilled log is compacted once half of it, and at least this much, is garbage. */
    static final long MIN_DISK_COMPACTION_BYTES = 256 * 1024;

    /** Decides whether the entry at an address holds the key looked for (it reads and deserializes the record). */
    interface EntryMatcher {
        boolean matches(SolutionSetPartition partition, long address) throws IOException;
    }

    /** Receives the address of each live entry. */
    interface EntryVisitor {
        void visit(SolutionSetPartition partition, long address) throws Exception;
    }

    /** The bytes of the record read last; one per set, shared by its partitions. */
    static final class Scratch {
        private byte[] bytes = new byte[256];

        byte[] bytes() {
            return bytes;
        }

        byte[] ensure(int length) {
            if (bytes.length < length) {
                bytes = new byte[Math.max(length, bytes.length * 2)];
            }
            return bytes;
        }
    }

    private final int number;
    private final SolutionSetStorage storage;
    private final Scratch scratch;
    private final String owner;
    private final int hashShift;
    private final int maxSlotBits;

    private PageStore log;
    private long logEnd;
    private long garbageBytes;
    private int records;
    private PageStore index;
    private int slotBits;
    /** The slot of the entry the last successful {@link #find} returned. */
    private int foundSlot = -1;
    private int compactions;
    private int compactionsOnDisk;

    /**
     * An empty partition with an index of one page, taken from {@code storage}.
     *
     * @param number the partition's number, for errors
     * @param partitionBits the top hash bits that chose the partition (the index uses those below)
     * @param owner the set's name, for errors
     */
    SolutionSetPartition(int number, int partitionBits, SolutionSetStorage storage, Scratch scratch, String owner) {
        this.number = number;
        this.storage = storage;
        this.scratch = scratch;
        this.owner = owner;
        this.hashShift = partitionBits;
        this.maxSlotBits = Math.min(30, 32 - partitionBits);
        this.log = storage.memoryStore(false);
        this.index = storage.memoryStore(true);
        this.slotBits = Math.min(maxSlotBits, Integer.numberOfTrailingZeros(storage.pageSize() / SLOT_BYTES));
        index.extendTo(indexBytes(slotBits));
    }

    /**
     * The address of the live entry with hash {@code hash} that {@code matcher} accepts, or -1.
     * Remembers its slot for {@link #replace}.
     */
    long find(int hash, EntryMatcher matcher) throws IOException {
        int mask = (1 << slotBits) - 1;
        int slot = home(hash);
        while (true) {
            long s = index.getLong((long) slot * SLOT_BYTES);
            int ref = (int) s;
            if (ref == 0) {
                return -1;
            }
            if ((int) (s >>> 32) == hash) {
                long address = address(ref);
                if (matcher.matches(this, address)) {
                    foundSlot = slot;
                    return address;
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The length of the serialized record of the live entry at {@code address}. */
    int lengthAt(long address) throws IOException {
        return log.getInt(address + 4);
    }

    /** Copies the serialized record of the live entry at {@code address} into the scratch bytes; returns its length. */
    int readRecord(long address) throws IOException {
        int length = log.getInt(address + 4);
        log.read(address + HEADER_BYTES, scratch.ensure(length), 0, length);
        return length;
    }

    /** Overwrites the record at {@code address} with one of the same length. */
    void overwrite(long address, byte[] bytes, int length) throws IOException {
        log.write(address + HEADER_BYTES, bytes, 0, length);
    }

    /**
     * The free pages {@link #replace} (when {@code newKey} is false) or {@link #insert} (when true)
     * of a record of {@code length} bytes takes from the set; 0 for a spilled partition.
     */
    int pagesToAdd(int length, boolean newKey) {
        int pages = log.pagesToReach(logEnd + entryBytes(length));
        if (newKey && needsGrowth() && index.inMemory()) {
            pages += (int) ((indexBytes(slotBits + 1) + storage.pageSize() - 1) / storage.pageSize());
        }
        return pages;
    }

    /**
     * Appends a new version of the entry {@link #find} returned last and points its slot at it; the
     * old entry becomes garbage. The caller checked {@link #pagesToAdd}.
     */
    void replace(long oldAddress, int hash, byte[] bytes, int length) throws IOException {
        if (foundSlot < 0) {
            throw new IllegalStateException("Bug: partition " + number + " of the " + owner + " replaces the entry at " + oldAddress
                    + " without a find just before (expected: find, then replace)");
        }
        long address = append(hash, bytes, length);
        int oldLength = log.getInt(oldAddress + 4);
        log.putInt(oldAddress + 4, ~oldLength);
        garbageBytes += entryBytes(oldLength);
        index.putInt((long) foundSlot * SLOT_BYTES + 4, ref(address));
        compactIfSpilledAndWasteful();
    }

    /** Adds the entry of a key the partition does not hold. The caller checked {@link #pagesToAdd}. */
    void insert(int hash, byte[] bytes, int length) throws IOException {
        if (needsGrowth()) {
            growIndex();
        }
        long address = append(hash, bytes, length);
        int mask = (1 << slotBits) - 1;
        int slot = home(hash);
        while (index.getInt((long) slot * SLOT_BYTES + 4) != 0) {
            slot = (slot + 1) & mask;
        }
        index.putLong((long) slot * SLOT_BYTES, slotValue(hash, address));
        records++;
        foundSlot = -1;
    }

    /** Calls {@code visitor} with each live entry, in the order of the log. */
    void forEachLive(EntryVisitor visitor) throws Exception {
        long address = 0;
        while (address < logEnd) {
            int length = log.getInt(address + 4);
            if (length >= 0) {
                visitor.visit(this, address);
            }
            address += entryBytes(length >= 0 ? length : ~length);
        }
    }

    /**
     * Moves the live entries to the front of the log, in their order, repoints their slots, and
     * gives back the pages (or file blocks) behind them. Needs no free page: an entry moves only
     * towards the front, through the scratch bytes.
     */
    void compact() throws IOException {
        long read = 0;
        long write = 0;
        while (read < logEnd) {
            int hash = log.getInt(read);
            int length = log.getInt(read + 4);
            long size = entryBytes(length >= 0 ? length : ~length);
            if (length >= 0) {
                if (write != read) {
                    int bytes = HEADER_BYTES + length;
                    byte[] buffer = scratch.ensure(bytes);
                    log.read(read, buffer, 0, bytes);
                    log.write(write, buffer, 0, bytes);
                    repoint(hash, read, write);
                }
                write += size;
            }
            read += size;
        }
        logEnd = write;
        garbageBytes = 0;
        foundSlot = -1;
        log.truncate(logEnd);
        compactions++;
        if (!log.inMemory()) {
            compactionsOnDisk++;
        }
    }

    /**
     * Moves the partition to two spill files (compacted first): writes its log and index pages and
     * gives them back. Later operations read and write the files through the block cache.
     */
    void spill() throws IOException {
        if (!log.inMemory()) {
            throw new IllegalStateException("Bug: partition " + number + " of the " + owner + " is spilled already");
        }
        if (garbageBytes > 0) {
            compact();
        }
        FilePageStore logFile = null;
        FilePageStore indexFile = null;
        try {
            logFile = storage.fileStore();
            logFile.copyFrom((MemoryPageStore) log, logEnd);
            indexFile = storage.fileStore();
            indexFile.copyFrom((MemoryPageStore) index, indexBytes(slotBits));
        } catch (IOException | RuntimeException e) {
            discardQuietly(logFile, e);
            discardQuietly(indexFile, e);
            throw e;
        }
        log.discard();
        index.discard();
        log = logFile;
        index = indexFile;
        foundSlot = -1;
    }

    /** Gives back the pages and deletes the files; every step runs, the first failure is thrown. Idempotent. */
    void discard() throws IOException {
        IOException error = null;
        try {
            log.discard();
        } catch (IOException e) {
            error = e;
        }
        try {
            index.discard();
        } catch (IOException e) {
            if (error == null) {
                error = e;
            } else {
                error.addSuppressed(e);
            }
        }
        if (error != null) {
            throw error;
        }
    }

    int number() {
        return number;
    }

    int records() {
        return records;
    }

    /** Bytes of live entries, headers and padding included. */
    long liveBytes() {
        return logEnd - garbageBytes;
    }

    long garbageBytes() {
        return garbageBytes;
    }

    long logBytes() {
        return logEnd;
    }

    boolean isSpilled() {
        return !log.inMemory();
    }

    /** The managed-memory pages the partition holds (0 once spilled). */
    int memoryPages() {
        return log.inMemory() ? ((MemoryPageStore) log).pageCount() + ((MemoryPageStore) index).pageCount() : 0;
    }

    int compactions() {
        return compactions;
    }

    int compactionsOnDisk() {
        return compactionsOnDisk;
    }

    /** The bytes an entry of a record of {@code length} bytes takes in the log. */
    static long entryBytes(int length) {
        return (HEADER_BYTES + (long) length + 7) & ~7L;
    }

    private boolean needsGrowth() {
        return records + 1 > (long) (MAX_LOAD * (1L << slotBits));
    }

    private long append(int hash, byte[] bytes, int length) throws IOException {
        long address = logEnd;
        long end = address + entryBytes(length);
        if (end > MAX_LOG_BYTES) {
            throw new IllegalStateException("The " + owner + " cannot hold more than " + MAX_LOG_BYTES + " bytes of records in one of its "
                    + "partitions (partition " + number + " holds " + records + " records in " + liveBytes() + " bytes): its keys are "
                    + "too skewed or its records too large for a managed solution set; use DeltaIteration.setSolutionSetUnManaged(true)");
        }
        log.extendTo(end);
        log.putInt(address, hash);
        log.putInt(address + 4, length);
        log.write(address + HEADER_BYTES, bytes, 0, length);
        logEnd = end;
        return address;
    }

    private void growIndex() throws IOException {
        if (slotBits >= maxSlotBits) {
            throw new IllegalStateException("The " + owner + " cannot index more than " + records + " records in one of its partitions "
                    + "(partition " + number + "): its keys are too skewed or too many for a managed solution set; use "
                    + "DeltaIteration.setSolutionSetUnManaged(true)");
        }
        PageStore old = index;
        int oldSlots = 1 << slotBits;
        PageStore larger = old.inMemory() ? storage.memoryStore(true) : storage.fileStore();
        try {
            larger.extendTo(indexBytes(slotBits + 1));
            int mask = (1 << (slotBits + 1)) - 1;
            // Start behind a free slot, so that no run of slots is split at the end of the old index.
            int start = 0;
            while (old.getInt((long) start * SLOT_BYTES + 4) != 0) {
                start++;
            }
            for (int i = 0; i < oldSlots; i++) {
                long s = old.getLong((long) ((start + i) & (oldSlots - 1)) * SLOT_BYTES);
                if ((int) s != 0) {
                    int slot = homeFor((int) (s >>> 32), slotBits + 1);
                    while (larger.getInt((long) slot * SLOT_BYTES + 4) != 0) {
                        slot = (slot + 1) & mask;
                    }
                    larger.putLong((long) slot * SLOT_BYTES, s);
                }
            }
        } catch (IOException | RuntimeException e) {
            discardQuietly(larger, e);
            throw e;
        }
        slotBits++;
        index = larger;
        foundSlot = -1;
        old.discard();
    }

    private void compactIfSpilledAndWasteful() throws IOException {
        if (!log.inMemory() && garbageBytes >= MIN_DISK_COMPACTION_BYTES && garbageBytes * 2 >= logEnd) {
            compact();
        }
    }

    private void repoint(int hash, long from, long to) throws IOException {
        int mask = (1 << slotBits) - 1;
        int fromRef = ref(from);
        int slot = home(hash);
        while (true) {
            long at = (long) slot * SLOT_BYTES + 4;
            int ref = index.getInt(at);
            if (ref == fromRef) {
                index.putInt(at, ref(to));
                return;
            }
            if (ref == 0) {
                throw new IllegalStateException("Bug: partition " + number + " of the " + owner + " has no slot for its live entry at "
                        + from + " (hash " + hash + ")");
            }
            slot = (slot + 1) & mask;
        }
    }

    private int home(int hash) {
        return homeFor(hash, slotBits);
    }

    private int homeFor(int hash, int bits) {
        return (hash << hashShift) >>> (32 - bits);
    }

    private static long indexBytes(int slotBits) {
        return (long) SLOT_BYTES << slotBits;
    }

    private static int ref(long address) {
        return (int) (address >>> 3) + 1;
    }

    private static long address(int ref) {
        return (long) (ref - 1) << 3;
    }

    private static long slotValue(int hash, long address) {
        return ((long) hash << 32) | (ref(address) & 0xFFFFFFFFL);
    }

    private static void discardQuietly(PageStore store, Exception cause) {
        if (store != null) {
            try {
                store.discard();
            } catch (IOException e) {
                cause.addSuppressed(e);
            }
        }
    }

    @Override
    public String toString() {
        return "partition " + number + " (" + records + " records, " + liveBytes() + " live bytes, " + garbageBytes + " garbage bytes, "
                + (isSpilled() ? "spilled" : memoryPages() + " pages") + ")";
    }
}
