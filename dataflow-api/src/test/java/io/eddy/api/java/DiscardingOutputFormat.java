package io.eddy.api.java;

import io.eddy.api.common.io.OutputFormat;

/** A sink format for plan tests: never run, so it writes nothing. */
final class DiscardingOutputFormat<T> implements OutputFormat<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public void open(int subtask, int parallelism) {
    }

    @Override
    public void writeRecord(T record) {
    }

    @Override
    public void close() {
    }
}
