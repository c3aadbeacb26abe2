package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import java.io.IOException;

/**
 * The static probe input of a hash join inside a loop, kept by the join (docs/iterations.md, "Task
 * runtime contract"): each record is serialized once, behind its probe hash, in a {@link
 * SpillingRecordBuffer} (its pages, then one spill file), so memory stays bounded whatever the
 * input's size. In every later superstep {@link #probeInto} reads the entries back and deserializes
 * and probes only those whose hash the superstep's build table holds ({@link
 * HybridHashJoin#mayMatch}): a loop whose build side (a delta iteration's workset) shrinks skips
 * almost every entry by one integer comparison instead of deserializing, hashing and probing it.
 *
 * <pre>
 *   entry := [int probe hash][int length, only if the serializer's length is not fixed][record]
 *   add(record, hash)* → probeInto(join, collector) per later superstep → close()
 * </pre>
 *
 * <p>Not thread-safe: owned by the task thread.
 */
public final class KeptProbeInput<PT> implements AutoCloseable {

    /** The most probe records handed to the join at once. */
    private static final int BATCH = HybridHashJoin.PROBE_BATCH;

    private final TypeSerializer<PT> serializer;
    /** The serializer's fixed record length, or -1: then each entry stores its length. */
    private final int fixedLength;
    private final SpillingRecordBuffer<PT> buffer;
    private final DataOutputSerializer scratch = new DataOutputSerializer(256);
    private final Object[] records = new Object[BATCH];
    private final int[] hashes = new int[BATCH];
    private final String owner;
    private long skipped;
    private long probed;

    /**
     * @param pages the pages of {@code memoryManager} it takes (at least {@link SpillingRecordBuffer#MIN_PAGES}), returned by {@link #close()}
     * @param owner the join and subtask, named in errors
     * @throws MemoryAllocationException if the manager has not that many pages free
     */
    public KeptProbeInput(TypeSerializer<PT> serializer, MemoryManager memoryManager, int pages, IOManager ioManager, String owner)
            throws MemoryAllocationException {
        this.serializer = serializer.duplicate();
        this.fixedLength = serializer.getLength();
        this.buffer = SpillingRecordBuffer.allocate(serializer, memoryManager, pages, ioManager, "the kept probe input of " + owner);
        this.owner = owner;
    }

    /** Keeps {@code record}, whose probe hash ({@link HybridHashJoin#probeHash}) is {@code hash}. */
    public void add(PT record, int hash) throws IOException {
        DataOutputSerializer out = scratch;
        int header = fixedLength > 0 ? 4 : 8;
        out.clear();
        out.setPosition(header);
        serializer.serialize(record, out);
        int end = out.length();
        out.setPosition(0);
        out.writeInt(hash);
        if (fixedLength <= 0) {
            out.writeInt(end - header);
        } else if (end - header != fixedLength) {
            throw new IllegalStateException("Bug: the serializer of " + owner + " declares records of " + fixedLength
                    + " bytes but wrote " + (end - header));
        }
        out.setPosition(end);
        if (!buffer.addSerialized(out.getSharedBuffer(), end)) {
            throw new IllegalStateException("Bug: the kept probe input of " + owner + " is full but cannot spill: it has no IOManager");
        }
    }

    /** The number of records kept. */
    public long size() {
        return buffer.size();
    }

    /**
     * Probes {@code join} (in its probe phase) with every kept record that may match ({@link
     * HybridHashJoin#mayMatch}), in the order they were added, each as a fresh object; the others
     * are skipped unread.
     */
    @SuppressWarnings("unchecked")
    public <BT> void probeInto(HybridHashJoin<BT, PT> join, MatchCollector<BT, PT> collector) throws Exception {
        SpillingRecordBuffer<PT>.Pass pass = buffer.pass();
        int n = 0;
        for (DataInputView in = pass.nextInput(); in != null; in = pass.nextInput()) {
            int hash = in.readInt();
            int length = fixedLength > 0 ? fixedLength : in.readInt();
            if (!join.mayMatch(hash)) {
                in.skipBytesToRead(length);
                skipped++;
                continue;
            }
            records[n] = serializer.deserialize(in);
            hashes[n++] = hash;
            if (n == BATCH) {
                join.probeAllHashed(records, hashes, n, collector);
                probed += n;
                n = 0;
            }
        }
        if (n > 0) {
            join.probeAllHashed(records, hashes, n, collector);
            probed += n;
        }
    }

    /** Kept records that {@link #probeInto} left out by their hash, over all its calls; for tests and metrics. */
    public long skipped() {
        return skipped;
    }

    /** Kept records that {@link #probeInto} probed, over all its calls; for tests and metrics. */
    public long probed() {
        return probed;
    }

    /** Deletes the spill file and returns the pages. Idempotent. */
    @Override
    public void close() throws IOException {
        buffer.close();
    }
}
