package io.eddy.streaming.api.datastream;

import io.eddy.streaming.api.graph.OperatorTransformation;

/** The output of a source. A source that is not a {@code ParallelSourceFunction} (or a {@code Source} that is not parallel) keeps parallelism 1. */
public class DataStreamSource<T> extends SingleOutputStreamOperator<T> {

    public DataStreamSource(StreamExecutionEnvironment environment, OperatorTransformation<T> source) {
        super(environment, source);
    }

    /** Whether the source can run with parallelism above 1. */
    public boolean isParallel() {
        return !((OperatorTransformation<T>) transformation).isNonParallel();
    }
}
