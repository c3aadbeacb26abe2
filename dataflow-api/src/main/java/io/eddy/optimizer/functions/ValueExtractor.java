package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.tuple.Tuple2;

/** {@code (key, record) -> record}: strips the key that a {@link KeyExtractor} added, after the driver. */
public final class ValueExtractor<K, T> implements MapFunction<Tuple2<K, T>, T> {

    private static final long serialVersionUID = 1L;

    @Override
    public T map(Tuple2<K, T> value) {
        return value.f1;
    }
}
