package io.eddy.api.common.functions;

/** Receives the values a function emits. */
public interface Collector<T> {

    void collect(T record);

    /** Signals that no more values follow; called by the runtime, not by user functions. */
    void close();
}
