package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.List;

/**
 * {@code cross}: the {@code bufferedInput} is read first ({@link InputOrdered}) into a {@link
 * SpillingRecordBuffer} (half of the operator's memory, spilling beyond); the other input is
 * streamed against it by a {@link BlockNestedLoop} (the other half holds the block of streamed
 * records), so a spilled buffer is read once per block of streamed records, not once per record.
 * The function sees (input 0, input 1) whichever input is buffered; each call gets its own objects.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
final class CrossOperator<IN1, IN2, OUT> extends TwoInputDriver<IN1, IN2, OUT> implements InputOrdered {

    /** The fewest pages: a buffer of 4 and a block of 4. */
    static final int MIN_PAGES = 8;

    private final CrossFunction<IN1, IN2, OUT> function;
    private final int bufferedInput;
    private SpillingRecordBuffer<Object> buffer;
    private BlockNestedLoop<Object, Object> loop;
    private boolean streaming;

    @SuppressWarnings("unchecked")
    CrossOperator(OperatorDescriptor descriptor, BatchKinds.Cross kind) {
        super(descriptor, requireFunction(descriptor, CrossFunction.class));
        this.function = (CrossFunction<IN1, IN2, OUT>) descriptor.userFunction();
        this.bufferedInput = kind.bufferedInput();
    }

    @Override
    public int firstInput() {
        return bufferedInput;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void openDriver() throws Exception {
        streaming = false;
        TypeSerializer<Object> bufferedSerializer = serializer(bufferedInput);
        TypeSerializer<Object> streamedSerializer = serializer(1 - bufferedInput);
        List<MemorySegment> pages = allocateMemory(MIN_PAGES);
        List<List<MemorySegment>> halves = split(pages, pages.size() / 2, 0);
        buffer = new SpillingRecordBuffer<>(bufferedSerializer, halves.get(0), context.environment().ioManager(), name());
        BlockNestedLoop.PairConsumer<Object, Object> consumer = bufferedInput == 0
                ? (b, s) -> collector.collect(function.cross((IN1) b, (IN2) s))
                : (b, s) -> collector.collect(function.cross((IN1) s, (IN2) b));
        loop = new BlockNestedLoop<>(buffer, bufferedSerializer, streamedSerializer, halves.get(1), consumer);
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        process(0, record.getValue());
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        process(1, record.getValue());
    }

    private void process(int input, Object value) throws Exception {
        if (input == bufferedInput) {
            if (streaming) {
                throw new IllegalStateException("Bug: cross operator '" + name() + "' got a record of its buffered input " + bufferedInput
                        + " after records of the other input (the task must read InputOrdered.firstInput() to its end first)");
            }
            buffer.add(value);
        } else {
            streaming = true;
            loop.addStreamed(value);
        }
    }

    @Override
    public void finish() throws Exception {
        loop.finishStreamed();
    }

    /** Whether the buffered input spilled to disk (also after close; for tests). */
    boolean bufferSpilled() {
        return buffer.spilledFiles() > 0;
    }

    /** The number of passes over the spilled buffer, one per block of streamed records (for tests). */
    long blockPasses() {
        return loop.blockPasses();
    }

    @Override
    protected void closeDriver() throws Exception {
        if (buffer != null) {
            buffer.close();
        }
    }
}
