package io.eddy.iteration.runtime;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tail of a streaming loop ({@link StreamIterationKinds.StreamTail}): the last operator of the
 * feedback path. It appends each record, with its timestamp, to its lane's {@link FeedbackQueue},
 * which never makes it wait, and, when a checkpoint's barrier reaches it, the checkpoint's marker, which tells the head
 * that the checkpoint's feedback in flight is complete (docs/iterations.md). No output.
 *
 * <p>When the final watermark reaches it (every regular input upstream ended: sources emit it when
 * they end, and operators pass the minimum of their inputs on), it tells the head through the
 * queue, so that the head's max wait starts only once no new record can enter its lane's part of
 * the loop.
 *
 * <p>Records that arrive after the head ended (a loop with a max wait ends while records may still
 * be in its body) are dropped: counted in the accumulator {@link #droppedAccumulator(String)} and
 * logged when the tail finishes. Task thread only.
 */
public final class StreamIterationTail<F> extends OneInputOperator<F, Void> {

    private static final Logger LOG = LoggerFactory.getLogger(StreamIterationTail.class);

    private final StreamIterationKinds.StreamTail kind;

    // Task thread.
    private FeedbackQueue<StreamElement> queue;
    private LongCounter dropped;

    public StreamIterationTail(OperatorDescriptor descriptor, StreamIterationKinds.StreamTail kind) {
        super(null);
        this.kind = kind;
    }

    /** The name of the accumulator counting the records the tail of {@code iteration} dropped because the head had ended. */
    public static String droppedAccumulator(String iteration) {
        return "iteration." + iteration + ".dropped-feedback-records";
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        if (context.descriptor().inputTypes().size() != 1) {
            throw new IllegalArgumentException("Bug: the tail of iteration '" + kind.iteration() + "' (operator '" + context.nameWithSubtask()
                    + "') has input types " + context.descriptor().inputTypes() + " (expected: one, the feedback's type)");
        }
        queue = LaneFeedbackQueues.of(context, kind, (TypeInfo<F>) context.descriptor().inputTypes().get(0));
        dropped = context.environment().accumulators().longCounter(droppedAccumulator(kind.iteration()));
    }

    @Override
    public void processElement(StreamRecord<F> record) throws Exception {
        if (!queue.add(record)) { // serialized at once, with its timestamp
            dropped.add(1);
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        super.processWatermark(watermark);
        if (watermark.getTimestamp() == Long.MAX_VALUE) {
            queue.addInputsEnded();
        }
    }

    /** The barrier reached the end of the loop: the marker follows the records fed back before it. */
    @Override
    public OperatorSnapshot snapshotState(long checkpointId, long timestamp, CheckpointOptions options, CheckpointStreamFactory streams)
            throws Exception {
        queue.addMarker(checkpointId);
        return super.snapshotState(checkpointId, timestamp, options, streams);
    }

    @Override
    public void finish() throws Exception {
        super.finish();
        if (dropped.get() > 0) {
            LOG.warn("{}: {} records fed back to iteration '{}' after its head had ended were dropped (the head ends once its input ended and"
                    + " no feedback came for its max wait: raise iterate(maxWaitMillis) if records were still going around)",
                    context.nameWithSubtask(), dropped.get(), kind.iteration());
        }
    }
}
