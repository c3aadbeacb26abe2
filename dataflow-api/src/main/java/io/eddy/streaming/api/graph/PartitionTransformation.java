package io.eddy.streaming.api.graph;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;
import java.util.Objects;

/**
 * A virtual node that sets how records move from its input to the next operator: {@code keyBy}
 * (HASH with a key selector), {@code rebalance}, {@code broadcast}, {@code shuffle}, {@code forward}.
 */
public final class PartitionTransformation<T> extends Transformation<T> {

    private final Transformation<T> input;
    private final ShipStrategy shipStrategy;
    private final KeySelector<T, ?> keySelector;

    /** @param keySelector required for {@link ShipStrategy#HASH}, null otherwise */
    public PartitionTransformation(Transformation<T> input, ShipStrategy shipStrategy, KeySelector<T, ?> keySelector) {
        super("Partition(" + shipStrategy + ")", input.getOutputType());
        this.input = Objects.requireNonNull(input, "input");
        this.shipStrategy = Objects.requireNonNull(shipStrategy, "shipStrategy");
        if ((shipStrategy == ShipStrategy.HASH) != (keySelector != null)) {
            throw new IllegalArgumentException("Bug: a " + shipStrategy + " partitioning with key selector " + keySelector);
        }
        this.keySelector = keySelector;
    }

    public ShipStrategy getShipStrategy() {
        return shipStrategy;
    }

    /** The key selector of a HASH partitioning, otherwise null. */
    public KeySelector<T, ?> getKeySelector() {
        return keySelector;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of(input);
    }
}
