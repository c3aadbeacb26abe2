package io.eddy.runtime.operators.hash;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.operators.util.KeyHasher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A final hash reduce over data larger than memory: emits exactly one value per key. Records are
 * reduced in a {@link HashAggregationTable}; when it fills up, its partial values are written to one
 * spill file per partition (by the high bits of the key hash) instead of being emitted. At {@link
 * #finish()} each partition file is reduced again by a nested aggregation one level deeper (a
 * differently seeded hash), which may spill in turn; beyond {@link #MAX_RECURSION_DEPTH} levels, or when
 * a nested level put all its values into one partition again (many distinct keys sharing one 32-bit
 * key hash, which no seed separates), block-wise passes finish the file:
 * it keeps the keys that fit in the table, sends the records of all other keys to an overflow file,
 * emits the table's (final) values, and repeats on the overflow file.
 *
 * <pre>
 * open(pages, ioManager) → updateOrInsert(record)* → finish() → close()
 * pages: [table: all but 2 per partition] [2 write buffers per partition, used once spilling starts]
 * </pre>
 *
 * <p>Not thread-safe: every call comes from the task thread, which also runs the reduce function and
 * the output collector. The pages stay the caller's, to be released after {@link #close()}, which must
 * always be called (it deletes the spill files, also after a failure).
 */
public final class SpillingHashAggregation<T> implements AutoCloseable {

    /** The deepest level that re-partitions; deeper ones use the block-wise pass. */
    public static final int MAX_RECURSION_DEPTH = 4;
    /** The fewest pages {@link #open} accepts. */
    public static final int MIN_PAGES = 16;
    private static final int MAX_PARTITIONS = 16;
    private static final int PAGES_PER_PARTITION = 16;

    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> comparator;
    private final ReduceFunction<T> reducer;
    private final Collector<T> output;
    private final int level;
    private final KeyHasher<T> hasher;
    private final Stats stats;
    private PagePool pool;
    private IOManager ioManager;
    private List<MemorySegment> tablePages;
    private HashAggregationTable<T> table;
    /** The partition files, created when the table first fills up; null before. */
    private SpillFile[] partitions;
    private long[] partitionCounts;
    private boolean finishing;
    private SpillingHashAggregation<T> child;
    private List<MemorySegment> childPages;
    private SpillFile overflow;
    private SpillFile overflowInput;
    private boolean closed;

    /** @param output receives the final value of every key during {@link #finish()} */
    public SpillingHashAggregation(TypeSerializer<T> serializer, TypeComparator<T> comparator, ReduceFunction<T> reducer,
            Collector<T> output) {
        this(serializer, comparator, reducer, output, 0, new Stats());
    }

    private SpillingHashAggregation(TypeSerializer<T> serializer, TypeComparator<T> comparator,
            ReduceFunction<T> reducer, Collector<T> output, int level, Stats stats) {
        this.stats = stats;
        this.serializer = serializer.duplicate();
        this.comparator = comparator.duplicate();
        this.reducer = reducer;
        this.output = output;
        this.level = level;
        this.hasher = new KeyHasher<>(comparator);
    }

    /** Starts with {@code pages} of managed memory (at least {@link #MIN_PAGES}), spilling through {@code ioManager}. */
    public void open(List<MemorySegment> pages, IOManager ioManager) {
        if (pages.size() < MIN_PAGES) {
            throw new IllegalArgumentException("SpillingHashAggregation: " + pages.size() + " memory pages (expected: at"
                    + " least " + MIN_PAGES + "; raise the reduce's managed memory share)");
        }
        openLevel(pages, ioManager);
    }

    private void openLevel(List<MemorySegment> pages, IOManager ioManager) {
        this.pool = new PagePool(pages);
        this.ioManager = ioManager;
        int numPartitions = Math.max(2, Math.min(MAX_PARTITIONS, pages.size() / PAGES_PER_PARTITION));
        this.partitionCounts = new long[numPartitions];
        this.tablePages = pool.take(pages.size() - numPartitions * SpillFile.IO_BUFFERS);
        this.table = new HashAggregationTable<>(serializer, comparator, reducer, tablePages, new Router(), level);
    }

    /** Reduces {@code record} into its key's value; may spill partial values. */
    public void updateOrInsert(T record) throws Exception {
        try {
            table.updateOrInsert(record);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Emits the final value of every key to the output, reading back and reducing spilled partitions. */
    public void finish() throws Exception {
        try {
            finishLevel();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void finishLevel() throws Exception {
        finishing = true;
        table.flush();
        table.close();
        pool.give(tablePages);
        if (partitions == null) {
            return;
        }
        for (SpillFile file : partitions) {
            file.finishWriting();
        }
        long spilled = 0;
        for (long c : partitionCounts) {
            spilled += c;
        }
        for (int p = 0; p < partitions.length; p++) {
            if (partitionCounts[p] > 0) {
                // A nested level whose values all landed in one partition again did not split its keys
                // (they share one key hash): more levels would not help either.
                boolean noSplit = level > 0 && partitionCounts[p] == spilled;
                if (level + 1 > MAX_RECURSION_DEPTH || noSplit) {
                    reduceBlockwise(partitions[p], partitionCounts[p]);
                } else {
                    recurse(partitions[p], partitionCounts[p]);
                }
            }
            partitions[p].delete();
        }
    }

    private void recurse(SpillFile file, long count) throws Exception {
        DataInputView in = file.openReader();
        childPages = pool.take(pool.available());
        child = new SpillingHashAggregation<>(serializer, comparator, reducer, output, level + 1, stats);
        child.openLevel(childPages, ioManager);
        for (long i = 0; i < count; i++) {
            child.updateOrInsert(serializer.deserialize(in));
        }
        file.closeReader();
        child.finishLevel();
        closeChild();
    }

    private void closeChild() throws IOException {
        SpillingHashAggregation<T> c = child;
        child = null;
        try {
            c.close();
        } finally {
            pool.give(childPages);
            childPages = null;
        }
    }

    /**
     * Reduces a file in passes: each pass keeps the keys that fit in the table, emits their final values
     * and sends every record of the other keys to an overflow file, which the next pass reads.
     */
    private void reduceBlockwise(SpillFile file, long count) throws Exception {
        overflowInput = file;
        long remaining = count;
        while (remaining > 0) {
            stats.blockwisePasses++;
            DataInputView in = overflowInput.openReader();
            overflow = SpillFile.create(ioManager, pool);
            tablePages = pool.take(pool.available());
            HashAggregationTable<T> block = new HashAggregationTable<>(serializer, comparator, reducer, tablePages,
                    output, level + 1);
            OverflowWriter overflowWriter = new OverflowWriter(overflow);
            for (long i = 0; i < remaining; i++) {
                if (!block.tryUpdateOrInsert(serializer.deserialize(in), overflowWriter) && block.size() == 0) {
                    throw new IllegalArgumentException("SpillingHashAggregation: a record does not fit into the "
                            + tablePages.size() + " pages of " + pool.pageSize() + " bytes (expected: records smaller"
                            + " than the managed memory; raise the reduce's managed memory share)");
                }
            }
            overflowInput.closeReader();
            block.flush();
            block.close();
            pool.give(tablePages);
            overflow.finishWriting();
            if (overflowInput != file) {
                overflowInput.delete();
            }
            overflowInput = overflow;
            overflow = null;
            remaining = overflowWriter.count;
        }
        if (overflowInput != file) {
            overflowInput.delete();
        }
        overflowInput = null;
    }

    /**
     * Closes a nested level, deletes all spill files and gives all pages back; idempotent, safe after a
     * failure in any phase.
     *
     * @throws IOException the first error of that cleanup (all steps run)
     */
    @Override
    public void close() throws IOException {
        if (closed || pool == null) {
            closed = true;
            return;
        }
        closed = true;
        IOException error = null;
        if (child != null) {
            try {
                closeChild();
            } catch (IOException e) {
                error = e;
            }
        }
        table.close();
        pool.give(tablePages);
        error = HybridHashJoin.discard(overflow, error);
        error = HybridHashJoin.discard(overflowInput, error);
        if (partitions != null) {
            for (SpillFile file : partitions) {
                error = HybridHashJoin.discard(file, error);
            }
        }
        if (error != null) {
            throw error;
        }
    }

    /** The pages currently free in this aggregation's pool (all of them after {@link #close()}); for tests. */
    int freePages() {
        return pool == null ? 0 : pool.available();
    }

    /** How many (nested) levels spilled, the deepest of them, and the block-wise passes; for tests. */
    Stats stats() {
        return stats;
    }

    /** What the aggregation did over all levels. Task thread only. */
    static final class Stats {
        int spillingLevels;
        int deepestSpillingLevel;
        int blockwisePasses;

        @Override
        public String toString() {
            return "Stats[spillingLevels=" + spillingLevels + ", deepestSpillingLevel=" + deepestSpillingLevel
                    + ", blockwisePasses=" + blockwisePasses + "]";
        }
    }

    /** The table's output: the final output when nothing spilled, else the partition files. */
    private final class Router implements Collector<T> {
        @Override
        public void collect(T value) {
            if (finishing && partitions == null) {
                output.collect(value);
                return;
            }
            try {
                if (partitions == null) {
                    createPartitionFiles();
                }
                int hash = hasher.hash(value, level);
                int p = (int) (((hash & 0xFFFFFFFFL) * partitions.length) >>> 32);
                serializer.serialize(value, partitions[p].out());
                partitionCounts[p]++;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {}
    }

    private void createPartitionFiles() throws IOException {
        stats.deepestSpillingLevel = Math.max(stats.deepestSpillingLevel, level);
        stats.spillingLevels++;
        SpillFile[] files = new SpillFile[partitionCounts.length];
        partitions = files;
        for (int i = 0; i < files.length; i++) {
            files[i] = SpillFile.create(ioManager, pool);
        }
    }

    /** Counts and writes the records a block pass leaves for the next one. */
    private final class OverflowWriter implements Collector<T> {
        private final SpillFile file;
        long count;

        OverflowWriter(SpillFile file) {
            this.file = file;
        }

        @Override
        public void collect(T record) {
            try {
                serializer.serialize(record, file.out());
                count++;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {}
    }
}
