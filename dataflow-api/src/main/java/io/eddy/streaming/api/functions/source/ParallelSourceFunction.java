package io.eddy.streaming.api.functions.source;

/**
 * A source that runs in several parallel instances; each instance emits its own share (a rich
 * variant can tell its share from the runtime context's subtask index). A plain {@link
 * SourceFunction} runs with parallelism 1.
 */
public interface ParallelSourceFunction<T> extends SourceFunction<T> {}
