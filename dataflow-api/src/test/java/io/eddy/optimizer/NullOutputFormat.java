package io.eddy.optimizer;

import io.eddy.api.common.io.OutputFormat;

/** Discards its records: a sink for plans that are compiled, never run. */
final class NullOutputFormat<T> implements OutputFormat<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public void open(int subtask, int parallelism) {}

    @Override
    public void writeRecord(T record) {}

    @Override
    public void close() {}
}
