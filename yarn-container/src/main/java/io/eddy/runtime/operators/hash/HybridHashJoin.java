package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.operators.util.KeyHasher;
import java.io.IOException;
import java.util.List;

/**
 * A hybrid hash join in managed memory, push-style for the task thread. The build input is hash
 * partitioned; partitions stay in memory while the pages last and the largest is spilled to disk
 * when they run out. Probe records of in-memory partitions are joined at once; those of spilled
 * partitions are spilled too, and each spilled pair of files is joined after the probe input ends,
 * recursively (with a hash function seeded by the recursion level) up to {@link #MAX_RECURSION_DEPTH}
 * levels, beyond which (or when re-partitioning does not split a partition, as with one very
 * frequent key) a block-nested-loop join over the files finishes it. It never fails for lack of
 * memory, only for a single record larger than the memory (see docs/hashing.md).
 *
 * <pre>
 * open(pages, ioManager) → insertBuild(record)* → endBuild() → probe(record, collector)* → endProbe(collector) → close()
 * </pre>
 *
 * {@link #close()} may be called at any point, also after a failure, and must always be called: it
 * waits for pending I/O and deletes the spill files. The pages stay the caller's, to be released to
 * the memory manager after {@code close()}.
 *
 * <p>Not thread-safe: every call comes from the task thread, which also runs the collector.
 */
public final class HybridHashJoin<BT, PT> implements AutoCloseable {

    /** The deepest recursion level that re-partitions; deeper partitions go to the nested-loop fallback. */
    public static final int MAX_RECURSION_DEPTH = 3;
    /** The fewest pages {@link #open} accepts. */
    public static final int MIN_PAGES = 32;
    private static final int MAX_PARTITIONS = 32;
    private static final int PAGES_PER_PARTITION = 8;

    private enum State { CREATED, BUILDING, PROBING, PROBED, FINISHED, CLOSED }

    private final JoinSides<BT, PT> sides;
    private final int level;
    private final JoinMetrics metrics;
    private final TypeSerializer<BT> buildSerializer;
    private final TypeSerializer<PT> probeSerializer;
    private final KeyHasher<BT> buildHasher;
    private final KeyHasher<PT> probeHasher;
    /** The most probe records {@link #probeAll} takes at once. */
    public static final int PROBE_BATCH = 16;
    private final int[] batchHashes = new int[PROBE_BATCH];
    /** Per record of a {@link #probeAll} batch: its in-memory partition's table, or null. */
    private final InMemoryTable[] batchTables = new InMemoryTable[PROBE_BATCH];
    /** What the loading passes of {@link #probeAll} read, kept so that the loads are not left out. */
    private int touched;
    private final TableProber<BT, PT> prober;
    private final DataOutputSerializer buffer = new DataOutputSerializer(256);
    private static final int FILTER_BITS_PER_RECORD = 8;
    private static final long MIN_FILTER_BITS = 1L << 12;
    private static final long MAX_FILTER_BITS = 1L << 26;
    /** {@link #mayMatch}'s filter over the build hashes, built on its first call after {@link #endBuild}; null before. */
    private long[] hashFilter;
    /** 32 minus the log2 of the filter's bits: a hash's bit is its scrambled value's top bits. */
    private int filterShift;

    private State state = State.CREATED;
    private PagePool pool;
    private IOManager ioManager;
    private HashPartition[] partitions;
    private long buildCount;
    /** The spilled partition being joined after the probe input, while it is (for cleanup). */
    private SpilledPartitionJoin<BT, PT> activeSpilledJoin;

    /**
     * @param unmatched which unmatched records to emit besides the matches
     * @throws IllegalArgumentException if the two sides' keys are not of compatible types
     */
    public HybridHashJoin(TypeSerializer<BT> buildSerializer, TypeComparator<BT> buildComparator,
            TypeSerializer<PT> probeSerializer, TypeComparator<PT> probeComparator, UnmatchedSides unmatched) {
        this(new JoinSides<>(buildSerializer, buildComparator, probeSerializer, probeComparator, unmatched), 0,
                new JoinMetrics());
    }

    HybridHashJoin(JoinSides<BT, PT> sides, int level, JoinMetrics metrics) {
        this.sides = sides;
        this.level = level;
        this.metrics = metrics;
        metrics.levelStarted(level);
        this.buildSerializer = sides.buildSerializer().duplicate();
        this.probeSerializer = sides.probeSerializer().duplicate();
        this.buildHasher = sides.buildHasher();
        this.probeHasher = sides.probeHasher();
        this.prober = new TableProber<>(sides);
    }

    /**
     * Starts the build phase with {@code pages} of managed memory (at least {@link #MIN_PAGES}, of one
     * size), spilling through {@code ioManager}.
     */
    public void open(List<MemorySegment> pages, IOManager ioManager) {
        if (pages.size() < MIN_PAGES) {
            throw new IllegalArgumentException("HybridHashJoin: " + pages.size() + " memory pages (expected: at least "
                    + MIN_PAGES + "; raise the join's managed memory share)");
        }
        openLevel(pages, ioManager);
    }

    /** Opens a recursion level (which may have fewer pages than {@link #MIN_PAGES}). */
    void openLevel(List<MemorySegment> pages, IOManager ioManager) {
        expectState(State.CREATED, "open");
        this.pool = new PagePool(pages);
        this.ioManager = ioManager;
        int count = Math.max(2, Math.min(MAX_PARTITIONS, pages.size() / PAGES_PER_PARTITION));
        this.partitions = new HashPartition[count];
        for (int i = 0; i < count; i++) {
            partitions[i] = new HashPartition(i, pool);
        }
        state = State.BUILDING;
    }

    /** Adds one record of the build input; may spill a partition. */
    public void insertBuild(BT record) throws IOException {
        expectState(State.BUILDING, "insertBuild");
        int hash = buildHasher.hash(record, level);
        HashPartition partition = partitions[partitionOf(hash)];
        partition.buildCount++;
        buildCount++;
        if (!partition.inMemory()) {
            buildSerializer.serialize(record, partition.buildSpill.out());
            return;
        }
        buffer.clear();
        buildSerializer.serialize(record, buffer);
        while (partition.table.append(buffer.getSharedBuffer(), buffer.length(), hash, SpillFile.IO_BUFFERS) < 0) {
            HashPartition victim = largestInMemory();
            spill(victim == null || victim.recordPages() == 0 ? partition : victim);
            if (!partition.inMemory()) {
                partition.buildSpill.out().write(buffer.getSharedBuffer(), 0, buffer.length());
                return;
            }
        }
    }

    /** Ends the build input: indexes the in-memory partitions, spilling more if their index does not fit. */
    public void endBuild() throws IOException {
        expectState(State.BUILDING, "endBuild");
        for (HashPartition p : partitions) {
            if (!p.inMemory()) {
                p.buildSpill.finishWriting();
            }
        }
        while (pool.available() < pagesNeededToProbe()) {
            HashPartition victim = largestInMemory();
            if (victim == null) {
                throw new IllegalStateException("Bug: " + pool.available() + " free pages do not suffice for the probe"
                        + " buffers of " + partitions.length + " spilled partitions");
            }
            spill(victim);
            victim.buildSpill.finishWriting();
        }
        for (HashPartition p : partitions) {
            if (p.inMemory()) {
                p.table.buildIndex();
            } else {
                p.probeSpill = SpillFile.create(ioManager, pool);
            }
        }
        state = State.PROBING;
    }

    private int pagesNeededToProbe() {
        int needed = 0;
        for (HashPartition p : partitions) {
            needed += p.inMemory() ? p.table.indexPagesNeeded() : SpillFile.IO_BUFFERS;
        }
        return needed;
    }

    /**
     * Joins one probe record: calls {@code collector} with each matching build record (or with null for
     * a probe-side outer join when none matches) now, or later in {@link #endProbe} if its partition was
     * spilled.
     */
    public void probe(PT record, MatchCollector<BT, PT> collector) throws Exception {
        expectState(State.PROBING, "probe");
        probe(record, probeHasher.hash(record, level), collector);
    }

    /**
     * Probes {@code records[0..n)} ({@code n} at most {@link #PROBE_BATCH}) in order, as {@code n}
     * calls of {@link #probe} would, and clears those elements. First the index slot and then the
     * build record each probe will read are loaded for all of them, so the cache misses of the
     * batch overlap instead of stalling one probe after the other.
     */
    @SuppressWarnings("unchecked")
    public void probeAll(Object[] records, int n, MatchCollector<BT, PT> collector) throws Exception {
        int[] hashes = batchHashes;
        for (int i = 0; i < n; i++) {
            hashes[i] = probeHasher.hash((PT) records[i], level);
        }
        probeAllHashed(records, hashes, n, collector);
    }

    /**
     * {@link #probeAll} for records whose hashes are known: {@code hashes[i]} must be {@link
     * #probeHash}{@code (records[i])}.
     */
    @SuppressWarnings("unchecked")
    public void probeAllHashed(Object[] records, int[] hashes, int n, MatchCollector<BT, PT> collector) throws Exception {
        expectState(State.PROBING, "probeAll");
        InMemoryTable[] tables = batchTables;
        long sink = 0;
        for (int i = 0; i < n; i++) {
            HashPartition partition = partitions[partitionOf(hashes[i])];
            tables[i] = partition.inMemory() ? partition.table : null;
            if (tables[i] != null) {
                sink += tables[i].touchSlot(hashes[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            if (tables[i] != null) {
                sink += tables[i].touchRecord(hashes[i]);
                tables[i] = null;
            }
        }
        touched = (int) sink;
        for (int i = 0; i < n; i++) {
            PT record = (PT) records[i];
            records[i] = null;
            probe(record, hashes[i], collector);
        }
    }

    /** The hash a probe record is joined by ({@link #probeAllHashed}, {@link #mayMatch}). */
    public int probeHash(PT record) {
        return probeHasher.hash(record, level);
    }

    /**
     * In the probe phase: false if no probe record of hash {@code hash} can produce anything, so
     * that it may be left out — no build record has that hash and the join emits no unmatched
     * probe records. True if one may match, or if its partition spilled (the record must be
     * probed to be joined later).
     */
    public boolean mayMatch(int hash) {
        if (state != State.PROBING) {
            expectState(State.PROBING, "mayMatch");
        }
        if (sides.unmatched().emitsUnmatchedProbe()) {
            return true;
        }
        HashPartition partition = partitions[partitionOf(hash)];
        if (!partition.inMemory()) {
            return partition.buildCount != 0;
        }
        if (hashFilter == null) {
            buildHashFilter();
        }
        int bit = (hash * 0x9E3779B9) >>> filterShift;
        return (hashFilter[bit >>> 6] & (1L << bit)) != 0;
    }

    /**
     * The filter of {@link #mayMatch}: one bit per bucket of hashes, set for the hash of every
     * in-memory build record; {@value #FILTER_BITS_PER_RECORD} to twice as many bits per record (a
     * power of two; so at most about one in eight absent hashes passes), at least 2^12 and at most
     * 2^26 bits. It stays small enough
     * for the caches where the table's index would miss them.
     */
    private void buildHashFilter() {
        long records = 0;
        for (HashPartition p : partitions) {
            records += p.inMemory() ? p.table.recordCount() : 0;
        }
        long wanted = Math.max(MIN_FILTER_BITS, Math.min(MAX_FILTER_BITS, records * FILTER_BITS_PER_RECORD));
        int log2 = 64 - Long.numberOfLeadingZeros(wanted - 1);
        long[] filter = new long[(int) ((1L << log2) >>> 6)];
        int shift = 32 - log2;
        for (HashPartition p : partitions) {
            if (p.inMemory()) {
                InMemoryTable table = p.table;
                for (long a = table.first(); a >= 0; a = table.next(a)) {
                    int bit = (table.hashAt(a) * 0x9E3779B9) >>> shift;
                    filter[bit >>> 6] |= 1L << bit;
                }
            }
        }
        filterShift = shift;
        hashFilter = filter;
    }

    private void probe(PT record, int hash, MatchCollector<BT, PT> collector) throws Exception {
        HashPartition partition = partitions[partitionOf(hash)];
        if (partition.inMemory()) {
            probeInMemory(partition.table, hash, record, collector);
        } else if (partition.buildCount == 0) {
            if (sides.unmatched().emitsUnmatchedProbe()) {
                collector.collect(null, record);
            }
        } else {
            probeSerializer.serialize(record, partition.probeSpill.out());
            partition.probeCount++;
        }
    }

    private void probeInMemory(InMemoryTable table, int hash, PT record, MatchCollector<BT, PT> collector)
            throws Exception {
        if (!prober.probe(table, hash, record, collector) && sides.unmatched().emitsUnmatchedProbe()) {
            collector.collect(null, record);
        }
    }

    /**
     * Ends the probe input: emits the unmatched build records of the in-memory partitions (build-side
     * outer joins), then joins each spilled partition, calling {@code collector} as {@link #probe} does.
     */
    public void endProbe(MatchCollector<BT, PT> collector) throws Exception {
        expectState(State.PROBING, "endProbe");
        if (canProbeAgain()) {
            state = State.PROBED;
            return;
        }
        for (HashPartition p : partitions) {
            if (p.inMemory()) {
                if (sides.unmatched().emitsUnmatchedBuild()) {
                    prober.emitUnmatchedBuild(p.table, collector);
                }
                p.table.release();
            } else {
                p.probeSpill.finishWriting();
            }
        }
        for (HashPartition p : partitions) {
            if (!p.inMemory()) {
                activeSpilledJoin = new SpilledPartitionJoin<>(sides, level, pool, ioManager, p, buildCount, metrics);
                activeSpilledJoin.run(collector);
                activeSpilledJoin = null;
            }
        }
        state = State.FINISHED;
    }

    /**
     * Whether the table can serve another probe input after {@link #endProbe} ({@link #probeAgain}):
     * every partition of the top level is in memory and no unmatched build record is emitted (the
     * table carries no per-probe state). Then {@code endProbe} keeps the table.
     */
    public boolean canProbeAgain() {
        if (state != State.PROBING && state != State.PROBED) {
            return false;
        }
        if (level != 0 || sides.unmatched().emitsUnmatchedBuild()) {
            return false;
        }
        for (HashPartition p : partitions) {
            if (!p.inMemory()) {
                return false;
            }
        }
        return true;
    }

    /** Starts another probe input over the table that {@link #endProbe} kept (a loop's next superstep). */
    public void probeAgain() {
        expectState(State.PROBED, "probeAgain");
        state = State.PROBING;
    }

    /**
     * Releases all memory (waiting for pending I/O) and deletes all spill files; idempotent, and safe
     * after a failure in any phase.
     *
     * @throws IOException the first error of closing or deleting spill files (all cleanup steps run)
     */
    @Override
    public void close() throws IOException {
        if (state == State.CLOSED || state == State.CREATED) {
            state = State.CLOSED;
            return;
        }
        state = State.CLOSED;
        IOException error = null;
        if (activeSpilledJoin != null) {
            try {
                activeSpilledJoin.close();
            } catch (IOException e) {
                error = e;
            }
            activeSpilledJoin = null;
        }
        for (HashPartition p : partitions) {
            if (p.table != null) {
                p.table.release();
            }
            error = discard(p.buildSpill, error);
            error = discard(p.probeSpill, error);
        }
        if (error != null) {
            throw error;
        }
    }

    static IOException discard(SpillFile file, IOException error) {
        if (file == null) {
            return error;
        }
        try {
            file.discard();
            return error;
        } catch (IOException e) {
            return SpillFile.addSuppressed(error, e);
        }
    }

    /** The pages currently free in this join's pool (all of them after {@link #close()}); for tests. */
    int freePages() {
        return pool == null ? 0 : pool.available();
    }

    /** What this join did so far, over all recursion levels. */
    public JoinMetrics metrics() {
        return metrics;
    }

    /** The number of partitions of this level that are spilled; for tests. */
    int spilledPartitions() {
        int n = 0;
        for (HashPartition p : partitions) {
            n += p.inMemory() ? 0 : 1;
        }
        return n;
    }

    private void spill(HashPartition partition) throws IOException {
        if (pool.available() < SpillFile.IO_BUFFERS) {
            throw new IllegalStateException("Bug: " + pool.available() + " free pages left to spill partition "
                    + partition.number + " (expected: at least " + SpillFile.IO_BUFFERS + " kept in reserve)");
        }
        SpillFile file = SpillFile.create(ioManager, pool);
        partition.buildSpill = file;
        metrics.partitionSpilled(level);
        InMemoryTable table = partition.table;
        for (long address = table.first(); address >= 0; address = table.next(address)) {
            table.copyTo(address, file.out());
        }
        table.release();
        partition.table = null;
    }

    private HashPartition largestInMemory() {
        HashPartition largest = null;
        for (HashPartition p : partitions) {
            if (p.inMemory() && (largest == null || p.recordPages() > largest.recordPages())) {
                largest = p;
            }
        }
        return largest;
    }

    /** The partition of a hash: its high bits (the bucket index uses the low bits). */
    private int partitionOf(int hash) {
        return (int) (((hash & 0xFFFFFFFFL) * partitions.length) >>> 32);
    }

    private void expectState(State expected, String call) {
        if (state != expected) {
            throw new IllegalStateException("HybridHashJoin: " + call + "() in state " + state + " (expected: " + expected
                    + "; call order is open, insertBuild*, endBuild, (probe*, endProbe)+, close)");
        }
    }
}
