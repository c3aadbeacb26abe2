package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import java.io.IOException;
import java.util.List;

/**
 * Joins one spilled partition after the probe input has ended: by a nested {@link HybridHashJoin} one
 * recursion level deeper (a differently seeded hash re-partitions the records), or by the {@link
 * BlockNestedLoopJoin} fallback beyond {@link HybridHashJoin#MAX_RECURSION_DEPTH} or when the
 * previous level did not split the records (all of a level's build records landed in this partition,
 * as with one very frequent key). Deletes both spill files when done.
 *
 * <pre>
 * recursion: [build reader: 2 pages] + [child join: all other free pages]
 *            read build file → child.insertBuild*, child.endBuild,
 *            [probe reader: 2 pages] read probe file → child.probe*, child.endProbe, child.close
 * </pre>
 *
 * <p>Not thread-safe: runs on the task thread.
 */
final class SpilledPartitionJoin<BT, PT> {

    private final JoinSides<BT, PT> sides;
    private final int level;
    private final PagePool pool;
    private final IOManager ioManager;
    private final HashPartition partition;
    private final long levelBuildCount;
    private final JoinMetrics metrics;
    private final TypeSerializer<BT> buildSerializer;
    private final TypeSerializer<PT> probeSerializer;
    private HybridHashJoin<BT, PT> child;
    private List<MemorySegment> childPages;
    private BlockNestedLoopJoin<BT, PT> fallback;

    SpilledPartitionJoin(JoinSides<BT, PT> sides, int level, PagePool pool, IOManager ioManager,
            HashPartition partition, long levelBuildCount, JoinMetrics metrics) {
        this.metrics = metrics;
        this.sides = sides;
        this.level = level;
        this.pool = pool;
        this.ioManager = ioManager;
        this.partition = partition;
        this.levelBuildCount = levelBuildCount;
        this.buildSerializer = sides.buildSerializer().duplicate();
        this.probeSerializer = sides.probeSerializer().duplicate();
    }

    void run(MatchCollector<BT, PT> collector) throws Exception {
        if (partition.probeCount == 0) {
            if (sides.unmatched().emitsUnmatchedBuild()) {
                emitAllBuild(collector);
            }
        } else if (level + 1 > HybridHashJoin.MAX_RECURSION_DEPTH
                || (level > 0 && partition.buildCount == levelBuildCount)) {
            metrics.fallbackStarted();
            fallback = new BlockNestedLoopJoin<>(sides, level + 1, pool, ioManager, partition);
            fallback.run(collector);
            fallback = null;
        } else {
            recurse(collector);
        }
        partition.buildSpill.delete();
        partition.probeSpill.delete();
    }

    private void emitAllBuild(MatchCollector<BT, PT> collector) throws Exception {
        DataInputView in = partition.buildSpill.openReader();
        for (long i = 0; i < partition.buildCount; i++) {
            collector.collect(buildSerializer.deserialize(in), null);
        }
        partition.buildSpill.closeReader();
    }

    private void recurse(MatchCollector<BT, PT> collector) throws Exception {
        DataInputView buildIn = partition.buildSpill.openReader();
        childPages = pool.take(pool.available());
        child = new HybridHashJoin<>(sides, level + 1, metrics);
        child.openLevel(childPages, ioManager);
        for (long i = 0; i < partition.buildCount; i++) {
            child.insertBuild(buildSerializer.deserialize(buildIn));
        }
        partition.buildSpill.closeReader();
        child.endBuild();
        DataInputView probeIn = partition.probeSpill.openReader();
        for (long i = 0; i < partition.probeCount; i++) {
            child.probe(probeSerializer.deserialize(probeIn), collector);
        }
        partition.probeSpill.closeReader();
        child.endProbe(collector);
        closeChild();
    }

    private void closeChild() throws IOException {
        HybridHashJoin<BT, PT> c = child;
        child = null;
        try {
            c.close();
        } finally {
            // The child waited for its I/O in close(), so no I/O thread holds these pages any more.
            pool.give(childPages);
            childPages = null;
        }
    }

    /**
     * Closes the nested join or fallback after a failure and gives their pages back; the spill files
     * of the partition are discarded by the owning join.
     */
    void close() throws IOException {
        IOException error = null;
        if (child != null) {
            try {
                closeChild();
            } catch (IOException e) {
                error = e;
            }
        }
        if (fallback != null) {
            try {
                fallback.close();
            } catch (IOException e) {
                error = SpillFile.addSuppressed(error, e);
            }
            fallback = null;
        }
        if (error != null) {
            throw error;
        }
    }
}
