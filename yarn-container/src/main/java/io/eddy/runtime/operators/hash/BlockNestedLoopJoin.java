package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.operators.util.KeyHasher;
import java.io.IOException;

/**
 * The last resort for a spilled partition that recursion cannot split: reads the build file in
 * blocks that fill the free memory, indexes each block in an {@link InMemoryTable} and joins the whole
 * probe file against it. Works in any amount of memory that holds one record, at the price of one
 * pass over the probe file per block.
 *
 * <p>Outer joins: a block's unmatched build records are emitted after its pass (their match flags
 * live in the block). Probe records of a probe-side outer join carry a "matched so far" flag from
 * pass to pass, in a rewritten probe file ({@code [boolean matched][record]}); the last pass emits the
 * probe records that never matched instead of writing them again.
 *
 * <pre>
 * pages: [build reader 2] [probe reader 2] [probe writer 2, probe-side outer only] [block: all the rest]
 * </pre>
 *
 * <p>Not thread-safe: runs on the task thread.
 */
final class BlockNestedLoopJoin<BT, PT> {

    private final JoinSides<BT, PT> sides;
    private final int hashLevel;
    private final PagePool pool;
    private final IOManager ioManager;
    private final HashPartition partition;
    private final TypeSerializer<BT> buildSerializer;
    private final TypeSerializer<PT> probeSerializer;
    private final KeyHasher<BT> buildHasher;
    private final KeyHasher<PT> probeHasher;
    private final TableProber<BT, PT> prober;
    private final InMemoryTable block;
    private final DataOutputSerializer pending = new DataOutputSerializer(256);
    private final boolean probeOuter;
    private final int reservedForProbePass;
    private int pendingHash;
    private boolean hasPending;
    /** The probe file of the current pass (the partition's, or a flagged rewrite of it). */
    private SpillFile probeFile;
    /** The flagged rewrite being written in the current pass, if any. */
    private SpillFile nextProbeFile;

    BlockNestedLoopJoin(JoinSides<BT, PT> sides, int hashLevel, PagePool pool, IOManager ioManager,
            HashPartition partition) {
        this.sides = sides;
        this.hashLevel = hashLevel;
        this.pool = pool;
        this.ioManager = ioManager;
        this.partition = partition;
        this.buildSerializer = sides.buildSerializer().duplicate();
        this.probeSerializer = sides.probeSerializer().duplicate();
        this.buildHasher = sides.buildHasher();
        this.probeHasher = sides.probeHasher();
        this.prober = new TableProber<>(sides);
        this.block = new InMemoryTable(pool);
        this.probeOuter = sides.unmatched().emitsUnmatchedProbe();
        this.reservedForProbePass = SpillFile.IO_BUFFERS * (probeOuter ? 2 : 1);
    }

    void run(MatchCollector<BT, PT> collector) throws Exception {
        probeFile = partition.probeSpill;
        boolean flagged = false;
        DataInputView buildIn = partition.buildSpill.openReader();
        long read = 0;
        while (read < partition.buildCount || hasPending) {
            read = fillBlock(buildIn, read);
            boolean last = read == partition.buildCount && !hasPending;
            block.buildIndex();
            probePass(flagged, last, collector);
            flagged = probeOuter;
            if (sides.unmatched().emitsUnmatchedBuild()) {
                prober.emitUnmatchedBuild(block, collector);
            }
            block.release();
        }
        partition.buildSpill.closeReader();
        if (probeFile != partition.probeSpill) {
            probeFile.delete();
        }
    }

    /** Appends build records to the block until the memory (less the index and probe buffers) is full. */
    private long fillBlock(DataInputView buildIn, long read) throws IOException {
        while (true) {
            if (!hasPending) {
                if (read == partition.buildCount) {
                    return read;
                }
                BT record = buildSerializer.deserialize(buildIn);
                read++;
                pending.clear();
                buildSerializer.serialize(record, pending);
                pendingHash = buildHasher.hash(record, hashLevel);
                hasPending = true;
            }
            int reserve = reservedForProbePass + InMemoryTable.indexPagesFor(block.recordCount() + 1, pool.pageSize());
            if (block.append(pending.getSharedBuffer(), pending.length(), pendingHash, reserve) < 0) {
                if (block.recordCount() == 0) {
                    throw new IllegalArgumentException("HybridHashJoin: a build record of " + pending.length()
                            + " serialized bytes does not fit into the " + pool.available() + " free pages of "
                            + pool.pageSize() + " bytes (expected: records smaller than the join's managed memory;"
                            + " raise the join's managed memory share)");
                }
                return read;
            }
            hasPending = false;
        }
    }

    private void probePass(boolean flagged, boolean last, MatchCollector<BT, PT> collector) throws Exception {
        DataInputView in = probeFile.openReader();
        boolean rewrite = probeOuter && !last;
        nextProbeFile = rewrite ? SpillFile.create(ioManager, pool) : null;
        for (long i = 0; i < partition.probeCount; i++) {
            boolean matchedBefore = flagged && in.readBoolean();
            PT record = probeSerializer.deserialize(in);
            boolean matched = prober.probe(block, probeHasher.hash(record, hashLevel), record, collector);
            if (rewrite) {
                nextProbeFile.out().writeBoolean(matched || matchedBefore);
                probeSerializer.serialize(record, nextProbeFile.out());
            } else if (probeOuter && !matched && !matchedBefore) {
                collector.collect(null, record);
            }
        }
        probeFile.closeReader();
        if (rewrite) {
            nextProbeFile.finishWriting();
            if (probeFile != partition.probeSpill) {
                probeFile.delete();
            }
            probeFile = nextProbeFile;
            nextProbeFile = null;
        }
    }

    /** Releases the block and discards the rewritten probe files after a failure. */
    void close() throws IOException {
        block.release();
        IOException error = null;
        if (probeFile != partition.probeSpill) {
            error = HybridHashJoin.discard(probeFile, error);
        }
        error = HybridHashJoin.discard(nextProbeFile, error);
        nextProbeFile = null;
        if (error != null) {
            throw error;
        }
    }
}
