package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.streaming.api.functions.co.CoFlatMapFunction;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.Transformation;
import java.util.List;

/**
 * Two streams, possibly of different types, read by one co-operator: input 0 is the first stream,
 * input 1 the second. After {@link #keyBy(KeySelector, KeySelector)} both are partitioned by keys of
 * one type, and the co-operator is keyed.
 */
public class ConnectedStreams<T1, T2> {

    private final StreamExecutionEnvironment environment;
    private final DataStream<T1> first;
    private final DataStream<T2> second;

    ConnectedStreams(StreamExecutionEnvironment environment, DataStream<T1> first, DataStream<T2> second) {
        if (first.getExecutionEnvironment() != second.getExecutionEnvironment()) {
            throw new IllegalArgumentException("connect: the two streams belong to different execution environments; "
                    + "build both from the same StreamExecutionEnvironment");
        }
        this.environment = environment;
        this.first = first;
        this.second = second;
    }

    public DataStream<T1> getFirstInput() {
        return first;
    }

    public DataStream<T2> getSecondInput() {
        return second;
    }

    /**
     * Partitions both inputs by key; the keys must have the same type.
     *
     * @throws IllegalArgumentException if the key types differ
     */
    public <K> ConnectedStreams<T1, T2> keyBy(KeySelector<T1, K> keySelector1, KeySelector<T2, K> keySelector2) {
        KeyedStream<T1, K> keyed1 = first.keyBy(keySelector1);
        KeyedStream<T2, K> keyed2 = second.keyBy(keySelector2);
        checkSameKeyType(keyed1, keyed2);
        return new ConnectedStreams<>(environment, keyed1, keyed2);
    }

    /** Partitions both inputs by field positions; the fields must have the same types. */
    public ConnectedStreams<T1, T2> keyBy(int position1, int position2) {
        KeyedStream<T1, Object> keyed1 = first.keyBy(position1);
        KeyedStream<T2, Object> keyed2 = second.keyBy(position2);
        checkSameKeyType(keyed1, keyed2);
        return new ConnectedStreams<>(environment, keyed1, keyed2);
    }

    /** Partitions both inputs by field names; the fields must have the same types. */
    public ConnectedStreams<T1, T2> keyBy(String field1, String field2) {
        KeyedStream<T1, Object> keyed1 = first.keyBy(field1);
        KeyedStream<T2, Object> keyed2 = second.keyBy(field2);
        checkSameKeyType(keyed1, keyed2);
        return new ConnectedStreams<>(environment, keyed1, keyed2);
    }

    private static void checkSameKeyType(KeyedStream<?, ?> keyed1, KeyedStream<?, ?> keyed2) {
        if (!keyed1.getKeyType().equals(keyed2.getKeyType())) {
            throw new IllegalArgumentException("keyBy on connected streams: the first key type " + keyed1.getKeyType()
                    + " differs from the second key type " + keyed2.getKeyType() + ": both keys must have the same type");
        }
    }

    public <R> SingleOutputStreamOperator<R> map(CoMapFunction<T1, T2, R> mapper) {
        return transform("Co-Map", OperatorKinds.CO_MAP, mapper, CoMapFunction.class);
    }

    public <R> SingleOutputStreamOperator<R> flatMap(CoFlatMapFunction<T1, T2, R> flatMapper) {
        return transform("Co-Flat Map", OperatorKinds.CO_FLAT_MAP, flatMapper, CoFlatMapFunction.class);
    }

    private <R> SingleOutputStreamOperator<R> transform(String name, OperatorKind kind, Function function, Class<?> functionClass) {
        TypeInfo<T1> type1 = first.getType();
        TypeInfo<T2> type2 = second.getType();
        List<Transformation<?>> inputs = List.of(first.getTransformation(), second.getTransformation());
        OperatorTransformation<R> op = DataStream.newOperator(name, kind, function, inputs, null);
        if (first instanceof KeyedStream<T1, ?> k1 && second instanceof KeyedStream<T2, ?> k2) {
            op.setKeys(List.of(k1.getKeySelector(), k2.getKeySelector()), k1.getKeyType());
        }
        op.setOutputTypeFrom(opName -> TypeExtractor.getOutputType(function, functionClass, 2, new TypeInfo<?>[] {type1, type2}, opName));
        return first.register(op);
    }
}
