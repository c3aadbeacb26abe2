package io.eddy.streaming.api.datastream;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.translation.ChainingStrategy;

/** A sink of a stream, with its settings: name, uid, parallelism. */
public class DataStreamSink<T> {

    private final OperatorTransformation<Void> sink;
    private final TypeInfo<T> inputType;

    DataStreamSink(OperatorTransformation<Void> sink, TypeInfo<T> inputType) {
        this.sink = sink;
        this.inputType = inputType;
    }

    public OperatorTransformation<Void> getTransformation() {
        return sink;
    }

    /** The type of the records the sink consumes. */
    public TypeInfo<T> getInputType() {
        return inputType;
    }

    public DataStreamSink<T> name(String name) {
        sink.setName(name);
        return this;
    }

    public DataStreamSink<T> uid(String uid) {
        sink.setUid(uid);
        return this;
    }

    /** @throws IllegalArgumentException if below 1 or above the max parallelism */
    public DataStreamSink<T> setParallelism(int parallelism) {
        sink.setParallelism(parallelism);
        return this;
    }

    /** Keeps the sink out of its input's chain. */
    public DataStreamSink<T> disableChaining() {
        sink.setChainingStrategy(ChainingStrategy.NEVER);
        return this;
    }
}
