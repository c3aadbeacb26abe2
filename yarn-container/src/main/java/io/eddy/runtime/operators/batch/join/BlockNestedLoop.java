package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.operators.util.PagedRecordStore;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import java.util.List;

/**
 * Crosses a {@link SpillingRecordBuffer} (the buffered side, complete before the first streamed
 * record) with a stream of records of the other side, calling a {@link PairConsumer} per pair.
 *
 * <ul>
 *   <li>Buffer in memory: each streamed record is crossed with the buffer at once.
 *   <li>Buffer spilled: streamed records are collected in a block of pages; when the block is full
 *       (and in {@link #finishStreamed()}) one pass over the buffer crosses every buffered record
 *       with the whole block, so the spill file is read once per block, not once per record. A
 *       streamed record larger than the whole block is crossed alone.
 * </ul>
 *
 * <p>Every call of the consumer gets objects that no other call got (a record used by several calls
 * is copied with its serializer for all of them but the last, before that last call could modify
 * it), so a user function may keep or modify its arguments.
 *
 * <p>Not thread-safe: owned by the task thread, which also runs the consumer.
 */
final class BlockNestedLoop<B, S> {

    /** Receives one pair: a buffered and a streamed record. */
    @FunctionalInterface
    interface PairConsumer<B, S> {
        void accept(B buffered, S streamed) throws Exception;
    }

    private final SpillingRecordBuffer<B> buffer;
    private final TypeSerializer<B> bufferedSerializer;
    private final TypeSerializer<S> streamedSerializer;
    private final PagedRecordStore<S> block;
    private final PairConsumer<B, S> consumer;
    private final DataOutputSerializer scratch = new DataOutputSerializer(256);
    private long blockPasses;

    /**
     * @param buffer the buffered side; read, never modified or closed here
     * @param blockPages the pages of the block of streamed records (at least one; they stay the caller's)
     */
    BlockNestedLoop(SpillingRecordBuffer<B> buffer, TypeSerializer<B> bufferedSerializer, TypeSerializer<S> streamedSerializer,
            List<MemorySegment> blockPages, PairConsumer<B, S> consumer) {
        this.buffer = buffer;
        this.bufferedSerializer = bufferedSerializer.duplicate();
        this.streamedSerializer = streamedSerializer.duplicate();
        this.block = new PagedRecordStore<>(streamedSerializer, blockPages);
        this.consumer = consumer;
    }

    /** Crosses {@code record} with the buffer, now or when its block is full. The record is not kept. */
    void addStreamed(S record) throws Exception {
        if (buffer.isEmpty()) {
            return;
        }
        if (!buffer.spilled()) {
            crossOne(record);
            return;
        }
        scratch.clear();
        streamedSerializer.serialize(record, scratch);
        if (block.tryAdd(scratch.getSharedBuffer(), scratch.length())) {
            return;
        }
        crossBlock();
        if (!block.tryAdd(scratch.getSharedBuffer(), scratch.length())) {
            crossOne(record);
        }
    }

    /** The streamed side ended: crosses the records still in the block. */
    void finishStreamed() throws Exception {
        if (!block.isEmpty()) {
            crossBlock();
        }
    }

    /** The number of passes over a spilled buffer so far (for tests). */
    long blockPasses() {
        return blockPasses;
    }

    /** Crosses one streamed record with the buffer; every call but the last gets a copy of it. */
    private void crossOne(S record) throws Exception {
        SpillingRecordBuffer<B>.Pass pass = buffer.pass();
        B b = pass.next();
        while (b != null) {
            B next = pass.next();
            consumer.accept(b, next == null ? record : streamedSerializer.copy(record));
            b = next;
        }
    }

    /** One pass over the buffer against the whole block; a buffered record gets copied for all its calls but the last. */
    private void crossBlock() throws Exception {
        blockPasses++;
        SpillingRecordBuffer<B>.Pass pass = buffer.pass();
        for (B b = pass.next(); b != null; b = pass.next()) {
            PagedRecordStore<S>.Reader streamed = block.reader();
            S s = streamed.next();
            while (s != null) {
                S next = streamed.next();
                consumer.accept(next == null ? b : bufferedSerializer.copy(b), s);
                s = next;
            }
        }
        block.reset();
    }
}
