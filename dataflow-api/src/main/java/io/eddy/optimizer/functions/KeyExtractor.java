package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.tuple.Tuple2;

/** {@code record -> (key(record), record)}: put in front of a driver whose keys a selector gives, which then keys on field 0. */
public final class KeyExtractor<T, K> implements MapFunction<T, Tuple2<K, T>> {

    private static final long serialVersionUID = 1L;

    private final KeySelector<T, K> selector;

    public KeyExtractor(KeySelector<T, K> selector) {
        this.selector = java.util.Objects.requireNonNull(selector, "selector");
    }

    @Override
    public Tuple2<K, T> map(T value) throws Exception {
        return Tuple2.of(selector.getKey(value), value);
    }
}
