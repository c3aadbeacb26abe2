package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.functions.Function;

/** Consumes the records of a stream, writing them somewhere outside Eddy. */
@FunctionalInterface
public interface SinkFunction<IN> extends Function {

    void invoke(IN value) throws Exception;

    /**
     * The input ended (a bounded stream was consumed to its end): write out and commit what is
     * buffered. Called once, on the task thread, after the last record and before {@code close()};
     * not called when the task fails or is cancelled. By default does nothing.
     */
    default void finish() throws Exception {}

    /** Called with the record's context; by default ignores it. */
    default void invoke(IN value, Context context) throws Exception {
        invoke(value);
    }

    /** What a sink can see of the record it receives. */
    interface Context {

        /** The record's event timestamp, or null if it has none. */
        Long timestamp();
    }
}
