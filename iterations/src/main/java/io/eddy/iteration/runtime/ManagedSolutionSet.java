package io.eddy.iteration.runtime;

import io.eddy.configuration.WorkerMemoryOptions;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.util.TypePairComparator;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link SolutionSet} in managed memory (the default of a delta iteration): serialized records in
 * a fixed number of pages, allocated when the set is created and released by {@link #close()}. Its
 * memory never grows beyond those pages; a set that outgrows them spills partitions to files of
 * the worker's {@link IOManager} and goes on.
 *
 * <pre>
 *   hash = mix(keys.hash(record))            partition = top bits of hash (1 to 32 partitions)
 *   partition in memory:  log pages   [hash|length|record bytes|pad] [hash|~length|garbage] ...
 *                         index pages [hash|address/8+1] [0] [hash|address/8+1] ...   (linear probing)
 *   partition spilled:    the same bytes in two spill files, read and written through a block cache
 * </pre>
 *
 * <p><b>Layout.</b> Each partition ({@link SolutionSetPartition}) has an append log of entries
 * (hash, length, the serialized record) and an open-addressing index from hash to entry, both in
 * pages of the set; the index is in managed memory too, so the budget bounds the whole table. On
 * the heap are only the partition objects, a block cache's bookkeeping, and buffers as large as the
 * largest record. An index holds up to 3/4 of its slots and doubles when full (old and new index
 * are held together while it doubles).
 *
 * <p><b>Upserts.</b> A record with a key the set holds and the same serialized length overwrites
 * the entry in place; otherwise the record is appended, the index points at it, and the old entry
 * becomes garbage. Lookups and upserts deserialize a candidate only when its full 32-bit hash
 * matches, into a reused object; a lookup returns a copy of it.
 *
 * <p><b>When the free pages run out</b>, the set first compacts, in place, every in-memory
 * partition whose garbage is at least an eighth of its log and a page: live entries move to the
 * front of the log and the pages behind them are freed (no second copy of the memory is needed).
 * Garbage under that share is left, so that a compaction moves at most seven bytes for each byte
 * it frees. If that does not free enough, the set spills the in-memory partition that holds the
 * most pages: it compacts it, writes its log and index pages to two spill files, and frees them.
 * This repeats until the operation fits; a partition that must spill is the one being written, at
 * the latest.
 *
 * <p><b>Spilled partitions</b> keep the same layout in their files and stay on disk until the set
 * is closed. Their bytes are read and written through {@value #CACHE_PAGES} pages of the budget
 * cut into blocks of at most 4 KiB ({@link BlockCache}: least recently used blocks are evicted,
 * changed ones written back). The costs: a lookup of a spilled key reads about two blocks (the
 * index slot's and the entry's) unless they are cached; an upsert also writes them back when they
 * are evicted; appends go to the log file's last block, which usually stays cached. A spilled log
 * is compacted on disk once half of it is garbage; moving an entry there also rewrites its index
 * slot, a random block access, so replacing records by ones of another length in a spilled
 * partition costs, amortized, about one more block read and write per replacement. A spilled index
 * doubles in one pass over the old file and one mostly sequential pass over the new one. Heap use
 * does not grow with the spilled data: there is no in-memory map of file offsets.
 *
 * <p>Without an {@link IOManager} the set never spills: after compacting all garbage it fails with
 * an {@link IllegalStateException} that names the set, what it holds, and the two settings that fix
 * it ({@code DeltaIteration.setSolutionSetUnManaged(true)} and raising {@code
 * worker.memory.managed.size}).
 *
 * <p><b>Threads.</b> Every method, and {@link SolutionSet.Lookup#find}, synchronizes on the set: the
 * delta tail's and the solution-set join's threads may share it. A lookup keeps its own
 * comparators; everything else (serialization buffers, the reused candidate, the block cache) is
 * guarded by the set's lock.
 *
 * @param <T> the type of the records
 */
public final class ManagedSolutionSet<T> implements SolutionSet<T> {

    private static final Logger LOG = LoggerFactory.getLogger(ManagedSolutionSet.class);

    /** The pages of the budget that the block cache of spilled partitions takes (when the set may spill). */
    static final int CACHE_PAGES = 4;
    /** The fewest pages a set accepts. */
    public static final int MIN_PAGES = CACHE_PAGES + 4;
    private static final int MAX_PARTITION_BITS = 5;
    /** In-memory pages of the budget per partition at least, when the number of partitions is chosen. */
    private static final int PAGES_PER_PARTITION = 4;
    /** A partition is compacted when out of pages only once its garbage is at least 1/8 of its log. */
    private static final int COMPACTION_SHARE = 8;
    private static final int HASH_SEED = 0x2F0B3A49;

    private final String name;
    private final MemoryManager memory;
    private final int pageCount;
    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> keys;
    private final SolutionSetStorage storage;
    private final SolutionSetPartition[] partitions;
    private final int partitionBits;
    private final SolutionSetPartition.Scratch scratch = new SolutionSetPartition.Scratch();
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private final SolutionSetPartition.EntryMatcher keyMatcher = this::matchesKey;

    // Guarded by this.
    /** A deserialized entry, reused by every comparison. */
    private T candidate;
    private long size;
    /** Counts changes, so that forEach notices a consumer that changes the set. */
    private long changes;
    private int spills;
    private boolean closed;

    /**
     * Creates the set and allocates its pages (all or nothing).
     *
     * @param name what the set is, for errors ("solution set of iteration 'cc', lane 1/2")
     * @param serializer the records' serializer (the set keeps a duplicate)
     * @param keys the records' key comparator (the set keeps a duplicate)
     * @param memory the worker's memory manager; the pages are held under this set
     * @param pages the head operator's share of managed memory in pages, at least {@link #MIN_PAGES}
     * @param io where to spill partitions that do not fit, or null for a set that fails instead
     * @throws IllegalStateException if the memory manager cannot give {@code pages} pages
     */
    public ManagedSolutionSet(String name, TypeSerializer<T> serializer, TypeComparator<T> keys, MemoryManager memory, int pages,
            IOManager io) {
        this.name = Objects.requireNonNull(name, "name");
        this.serializer = Objects.requireNonNull(serializer, "serializer").duplicate();
        this.keys = Objects.requireNonNull(keys, "keys").duplicate();
        this.memory = Objects.requireNonNull(memory, "memory");
        if (pages < MIN_PAGES) {
            throw new IllegalArgumentException("pages of the " + name + ": " + pages + " (expected: at least " + MIN_PAGES
                    + ", the block cache's " + CACHE_PAGES + " and a few for records)");
        }
        List<MemorySegment> segments;
        try {
            segments = memory.allocatePages(this, pages);
        } catch (MemoryAllocationException e) {
            throw new IllegalStateException("The " + name + " cannot get its " + pages + " pages of managed memory: " + e.getMessage()
                    + " Raise " + WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key() + ", or keep the solution set on the heap with "
                    + "DeltaIteration.setSolutionSetUnManaged(true).", e);
        }
        this.pageCount = pages;
        int cachePages = io == null ? 0 : CACHE_PAGES;
        this.storage = new SolutionSetStorage(segments.subList(cachePages, pages), io, segments.subList(0, cachePages));
        this.partitionBits = partitionBits(pages - cachePages);
        this.partitions = new SolutionSetPartition[1 << partitionBits];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = new SolutionSetPartition(i, partitionBits, storage, scratch, name);
        }
    }

    private static int partitionBits(int pages) {
        int bits = 31 - Integer.numberOfLeadingZeros(Math.max(1, pages / PAGES_PER_PARTITION));
        return Math.min(MAX_PARTITION_BITS, bits);
    }

    @Override
    public synchronized void upsert(T record) throws IOException {
        checkOpen();
        out.clear();
        serializer.serialize(record, out);
        byte[] bytes = out.getSharedBuffer();
        int length = out.length();
        int hash = spread(keys.hash(record));
        keys.setReference(record);
        changes++;
        while (true) {
            SolutionSetPartition partition = partitionOf(hash);
            long old = partition.find(hash, keyMatcher);
            if (old >= 0 && partition.lengthAt(old) == length) {
                partition.overwrite(old, bytes, length);
                return;
            }
            int needed = partition.pagesToAdd(length, old < 0);
            if (needed > storage.available()) {
                makeRoom(needed); // compacts or spills, which moves entries: find again
                continue;
            }
            if (old >= 0) {
                partition.replace(old, hash, bytes, length);
            } else {
                partition.insert(hash, bytes, length);
                size++;
            }
            return;
        }
    }

    @Override
    public <P> Lookup<P, T> lookup(TypeComparator<P> probeComparator) {
        return new Probe<>(probeComparator);
    }

    @Override
    public synchronized long size() {
        return size;
    }

    @Override
    public synchronized void forEach(RecordConsumer<T> consumer) throws Exception {
        checkOpen();
        long before = changes;
        SolutionSetPartition.EntryVisitor visitor = (partition, address) -> {
            consumer.accept(serializer.deserialize(bytesOf(partition, address)));
            if (changes != before) {
                throw new IllegalStateException("The " + name + " was changed by the consumer of forEach (expected: no upsert until "
                        + "forEach returns)");
            }
        };
        for (SolutionSetPartition partition : partitions) {
            partition.forEachLive(visitor);
        }
    }

    /**
     * Deletes the spill files and releases the pages. Idempotent; later calls of the other methods
     * fail.
     *
     * @throws IOException the first failure to delete a spill file (every file is tried; the memory
     *     is released either way)
     */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        changes++;
        size = 0;
        candidate = null;
        IOException error = null;
        try {
            for (SolutionSetPartition partition : partitions) {
                try {
                    partition.discard();
                } catch (IOException e) {
                    if (error == null) {
                        error = e;
                    } else {
                        error.addSuppressed(e);
                    }
                }
            }
        } finally {
            memory.releaseAll(this);
        }
        if (error != null) {
            throw error;
        }
    }

    /** The number of partitions spilled since the set was created (tests and metrics). */
    synchronized int spilledPartitions() {
        return spills;
    }

    /** The number of compactions of all partitions since the set was created (tests and metrics). */
    synchronized int compactions() {
        int n = 0;
        for (SolutionSetPartition partition : partitions) {
            n += partition.compactions();
        }
        return n;
    }

    /** The number of compactions of spilled partitions' files since the set was created (tests and metrics). */
    synchronized int compactionsOnDisk() {
        int n = 0;
        for (SolutionSetPartition partition : partitions) {
            n += partition.compactionsOnDisk();
        }
        return n;
    }

    /** The number of partitions. */
    int partitionCount() {
        return partitions.length;
    }

    /** The block cache of spilled partitions, or null for a set without an I/O manager (tests and reports). */
    BlockCache blockCache() {
        return storage.cache();
    }

    /**
     * One step towards {@code needed} free pages: compacts the partitions with enough garbage, else
     * spills the largest in-memory partition, else (no I/O manager) compacts all garbage, else fails.
     */
    private void makeRoom(int needed) throws IOException {
        if (compact(COMPACTION_SHARE) && storage.available() >= needed) {
            return;
        }
        if (storage.canSpill()) {
            SolutionSetPartition largest = null;
            for (SolutionSetPartition partition : partitions) {
                if (!partition.isSpilled() && (largest == null || partition.memoryPages() > largest.memoryPages())) {
                    largest = partition;
                }
            }
            if (largest == null) {
                throw new IllegalStateException("Bug: the " + name + " needs " + needed + " free pages but has no partition in memory");
            }
            largest.spill();
            spills++;
            LOG.info("The {} ({} records in {} pages) moved a partition to disk: {} of {} partitions are spilled; lookups and updates"
                    + " of their keys read and write the spill files", name, size, pageCount, spills, partitions.length);
            return;
        }
        if (compact(0) && storage.available() >= needed) {
            return;
        }
        throw full(needed);
    }

    /**
     * Compacts the in-memory partitions with at least a page of garbage that is at least
     * 1/{@code share} of their log; with {@code share} 0, those with any garbage.
     *
     * @return whether that freed pages
     */
    private boolean compact(int share) throws IOException {
        int before = storage.available();
        for (SolutionSetPartition partition : partitions) {
            long garbage = partition.garbageBytes();
            boolean worth = share == 0 ? garbage > 0 : garbage >= storage.pageSize() && garbage * share >= partition.logBytes();
            if (worth && !partition.isSpilled()) {
                partition.compact();
            }
        }
        return storage.available() > before;
    }

    private IllegalStateException full(int needed) {
        long liveBytes = 0;
        for (SolutionSetPartition partition : partitions) {
            liveBytes += partition.liveBytes();
        }
        return new IllegalStateException("The " + name + " is full: it holds " + size + " records in " + liveBytes + " bytes of "
                + "managed memory (with their headers), and its " + pageCount + " pages of " + storage.pageSize() + " bytes have no "
                + needed + " more free after compaction; it cannot spill (no I/O manager). Keep the solution set on the heap with "
                + "DeltaIteration.setSolutionSetUnManaged(true), or give it more managed memory by raising "
                + WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key() + ".");
    }

    private SolutionSetPartition partitionOf(int hash) {
        return partitionBits == 0 ? partitions[0] : partitions[hash >>> (32 - partitionBits)];
    }

    /** Whether the entry at {@code address} has the key of the record being upserted ({@code keys}' reference). */
    private boolean matchesKey(SolutionSetPartition partition, long address) throws IOException {
        candidate = read(partition, address);
        return keys.equalToReference(candidate);
    }

    /** Deserializes the entry at {@code address} into the reused candidate. */
    private T read(SolutionSetPartition partition, long address) throws IOException {
        DataInputDeserializer source = bytesOf(partition, address);
        return candidate == null ? serializer.deserialize(source) : serializer.deserialize(candidate, source);
    }

    private DataInputDeserializer bytesOf(SolutionSetPartition partition, long address) throws IOException {
        int length = partition.readRecord(address);
        in.setBuffer(scratch.bytes(), 0, length);
        return in;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("The " + name + " is closed (its loop ended or was cancelled)");
        }
    }

    /**
     * Spreads a key hash over all bits (murmur3's finalizer after a seed): partitions take the top
     * bits and index slots the ones below, and a seed of its own keeps them independent of the
     * exchange that chose this lane from the same key hash.
     */
    static int spread(int h) {
        h ^= HASH_SEED;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h;
    }

    @Override
    public String toString() {
        return name + " (managed memory)";
    }

    /** A lookup with its own comparators, for one probing thread. */
    private final class Probe<P> implements Lookup<P, T>, SolutionSetPartition.EntryMatcher {
        private final TypeComparator<P> probeKeys;
        private final TypePairComparator<P, T> pairs;

        Probe(TypeComparator<P> probeComparator) {
            this.probeKeys = probeComparator.duplicate();
            this.pairs = TypePairComparator.of(probeComparator.duplicate(), keys.duplicate());
        }

        @Override
        public T find(P probe) throws IOException {
            synchronized (ManagedSolutionSet.this) {
                checkOpen();
                int hash = spread(probeKeys.hash(probe));
                pairs.setReference(probe);
                long address = partitionOf(hash).find(hash, this);
                return address < 0 ? null : serializer.copy(candidate);
            }
        }

        @Override
        public boolean matches(SolutionSetPartition partition, long address) throws IOException {
            candidate = read(partition, address);
            return pairs.equalToReference(candidate);
        }
    }
}
