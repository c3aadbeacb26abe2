package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.CollectGateway;
import io.eddy.runtime.operators.TimerService;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * {@link OperatorKinds.CollectSink}: serializes its records with the input type's serializer into
 * batches and sends them to the client through the {@link CollectGateway}: a batch leaves when it
 * reaches the kind's {@code batchBytes}, when its {@code flushMillis} have passed since its first
 * record (a timer on the task thread), and at the end of the input, after which the sink calls
 * {@link CollectGateway#finish}. A batch is the records back to back, nothing else.
 */
public final class CollectSinkOperator<IN> extends OneInputOperator<IN, Object> {


    private final String collectId;
    private final TypeInfo<IN> inputType;
    private final int batchBytes;
    private final long flushMillis;
    private TypeSerializer<IN> serializer;
    private DataOutputSerializer batch;
    private CollectGateway gateway;
    // Pending flush timer of the current batch, or null.
    private TimerService.Timer flushTimer;

    @SuppressWarnings("unchecked")
    public CollectSinkOperator(OperatorDescriptor descriptor, OperatorKinds.CollectSink kind) {
        super(null);
        this.collectId = kind.collectId();
        if (descriptor.inputTypes().size() != 1) {
            throw new IllegalArgumentException("Bug: a collectSink descriptor needs one input type, it has " + descriptor.inputTypes().size());
        }
        this.inputType = (TypeInfo<IN>) descriptor.inputTypes().get(0);
        this.batchBytes = kind.batchBytes();
        this.flushMillis = kind.flushMillis();
    }

    @Override
    public void open() throws Exception {
        super.open();
        serializer = inputType.createSerializer(context.environment().serializerConfig());
        batch = new DataOutputSerializer(Math.min(batchBytes, OperatorKinds.CollectSink.DEFAULT_BATCH_BYTES) + 1024);
        gateway = context.environment().collectGateway();
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        serializer.serialize(record.getValue(), batch);
        if (batch.length() >= batchBytes) {
            sendBatch();
        } else if (flushTimer == null) {
            flushTimer = scheduleTimer(flushMillis, this::onFlushTimer);
        }
    }

    @Override
    public void finish() throws Exception {
        sendBatch();
        gateway.finish(collectId, context.environment().subtaskIndex());
    }

    @Override
    public void close() throws Exception {
        cancelTimer();
        super.close();
    }

    private void onFlushTimer() throws InterruptedException {
        flushTimer = null;
        sendBatch();
    }

    private void sendBatch() throws InterruptedException {
        cancelTimer();
        if (batch.length() > 0) {
            byte[] bytes = batch.getCopyOfBuffer();
            batch.clear();
            gateway.send(collectId, context.environment().subtaskIndex(), bytes);
        }
    }

    private void cancelTimer() {
        if (flushTimer != null) {
            flushTimer.cancel();
            flushTimer = null;
        }
    }
}
