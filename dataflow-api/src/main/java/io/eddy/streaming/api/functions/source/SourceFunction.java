package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.common.functions.Function;

/**
 * A source of records. The runtime calls {@link #run} once, on the task's thread; it emits through
 * the context until the input is exhausted (a bounded source returns) or {@link #cancel()} is
 * called from another thread (an unbounded source loops until then). When {@code run} returns, the
 * runtime emits the final watermark ({@code Long.MAX_VALUE}), so event-time timers and windows
 * downstream fire.
 *
 * <p>A source that keeps state (offsets, for example) updates it and emits while holding {@link
 * SourceContext#getCheckpointLock()}, so that snapshots see state and output agree. Such a source
 * is <em>rewindable</em>: with checkpoints, a restore resumes it exactly after the last record the
 * checkpoint covers, and the job's results are exactly once. A sketch, with the offset as operator
 * list state of a {@code CheckpointedFunction} ({@link FromElementsFunction} does the same):
 * <pre>{@code
 * public void initializeState(FunctionInitializationContext ctx) throws Exception {
 *     offsetState = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("offset", Long.class));
 *     for (Long o : offsetState.get()) { offset = o; }
 * }
 * public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
 *     offsetState.update(List.of(offset));
 * }
 * public void run(SourceContext<Event> ctx) {
 *     while (running && offset < end) {
 *         Event e = read(offset);                   // outside the lock: may block
 *         synchronized (ctx.getCheckpointLock()) {  // emit and advance together
 *             ctx.collect(e);
 *             offset++;
 *         }
 *     }
 * }
 * }</pre>
 * A parallel source whose work may move between subtasks on rescaling keeps a list of work items
 * (splits) in split list state, as {@link SequenceSourceFunction} and {@link
 * TextFileSourceFunction} do. A source that cannot rewind (a socket) is at most once.
 */
public interface SourceFunction<T> extends Function {

    void run(SourceContext<T> ctx) throws Exception;

    /** Asks {@link #run} to return soon; called from a thread other than the one in {@code run}. */
    void cancel();

    /** How a source emits. Used only from the thread that runs {@link SourceFunction#run}. */
    interface SourceContext<T> {

        /** Emits {@code element}; blocks while downstream back-pressures. */
        void collect(T element);

        /** Emits {@code element} with an event timestamp in milliseconds. */
        void collectWithTimestamp(T element, long timestamp);

        /** The lock to hold while emitting together with a state change. */
        Object getCheckpointLock();

        /**
         * Emits a watermark: no record with a timestamp at or below {@code watermark}'s follows from
         * this source subtask. Ignored if it does not advance the last one. Marks the source active.
         */
        void emitWatermark(Watermark watermark);

        /**
         * Marks this source subtask idle (it has no data for now): downstream event time stops
         * waiting for it. The next record or watermark marks it active again.
         */
        void markAsTemporarilyIdle();
    }
}
