package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.Function;

/**
 * A source of records. The runtime calls {@link #run} once, on the task's thread; it emits through
 * the context until the input is exhausted (a bounded source returns) or {@link #cancel()} is
 * called from another thread (an unbounded source loops until then).
 *
 * <p>A source that keeps state (offsets, for example) updates it and emits while holding {@link
 * SourceContext#getCheckpointLock()}, so that snapshots see state and output agree.
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
    }
}
