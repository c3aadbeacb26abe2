package io.eddy.streaming.api.graph;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.ShipStrategy;
import java.util.Objects;

/**
 * An edge of the {@link StreamGraph}: records of {@code recordType} from one operator (its main
 * output, or the side output {@code sideOutputTag}) to one logical input of another.
 *
 * @param source the producing node
 * @param target the consuming node
 * @param targetInput the logical input (0, or 1 for the second input of a co-operator)
 * @param shipStrategy the resolved partitioning
 * @param keySelector for {@link ShipStrategy#HASH}, the key selector; otherwise null
 * @param sideOutputTag the id of the side output, or null for the main output
 * @param recordType the type of the records
 */
public record StreamEdge(
        StreamNode source,
        StreamNode target,
        int targetInput,
        ShipStrategy shipStrategy,
        KeySelector<?, ?> keySelector,
        String sideOutputTag,
        TypeInfo<?> recordType) {

    public StreamEdge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(shipStrategy, "shipStrategy");
        Objects.requireNonNull(recordType, "recordType");
    }

    @Override
    public String toString() {
        return source.getId() + " -" + shipStrategy + (sideOutputTag == null ? "" : "[" + sideOutputTag + "]") + "-> "
                + target.getId() + "." + targetInput;
    }

    // Records compare by identity of their nodes; keep the default equals, but avoid deep hashCode cycles.
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
