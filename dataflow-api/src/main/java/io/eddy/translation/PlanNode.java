package io.eddy.translation;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.OperatorDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One operator of a {@link PhysicalPlan}, with everything its place in the job graph needs.
 *
 * @param id the node's position in its plan's topological order
 * @param name the operator's name, as in logs and its {@code OperatorSpec}
 * @param displayName the name in vertex names and plans (streaming prefixes sources and sinks:
 *     {@code "Source: numbers"}, {@code "Sink: out"})
 * @param uid the operator's stable uid, matching state to operators across job versions
 * @param parallelism the number of parallel subtasks
 * @param maxParallelism the number of key groups
 * @param chainingStrategy whether the node may share a task with its neighbours
 * @param descriptor what the runtime instantiates the operator from
 * @param inputs the node's input edges in its head input gate order: data inputs, then broadcast inputs
 * @param properties what plans show beyond the above (empty for streaming)
 */
public record PlanNode(
        int id,
        String name,
        String displayName,
        String uid,
        int parallelism,
        int maxParallelism,
        ChainingStrategy chainingStrategy,
        OperatorDescriptor descriptor,
        List<PlanEdge> inputs,
        List<PlanProperty> properties) {

    public PlanNode {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(chainingStrategy, "chainingStrategy");
        Objects.requireNonNull(descriptor, "descriptor");
        inputs = List.copyOf(inputs);
        properties = List.copyOf(properties);
        boolean broadcastSeen = false;
        for (PlanEdge e : inputs) {
            if (e.source() >= id) {
                throw new IllegalArgumentException("Bug: node " + id + " '" + name + "' reads node " + e.source() + ", which is not before it");
            }
            boolean broadcast = e.role() == EdgeRole.BROADCAST;
            if (broadcastSeen && !broadcast) {
                throw new IllegalArgumentException("Bug: node " + id + " '" + name + "' lists a data input after a broadcast input");
            }
            broadcastSeen |= broadcast;
        }
    }

    public static Builder builder(int id, String name, OperatorDescriptor descriptor) {
        return new Builder(id, name, descriptor);
    }

    /**
     * Builds a {@link PlanNode}. Defaults: the display name is the name, parallelism and max
     * parallelism 1, chaining {@link ChainingStrategy#ALWAYS}, no inputs, no properties.
     */
    public static final class Builder {
        private final int id;
        private final String name;
        private final OperatorDescriptor descriptor;
        private String displayName;
        private String uid;
        private int parallelism = 1;
        private int maxParallelism = 1;
        private ChainingStrategy chainingStrategy = ChainingStrategy.ALWAYS;
        private final List<PlanEdge> inputs = new ArrayList<>();
        private final List<PlanProperty> properties = new ArrayList<>();

        private Builder(int id, String name, OperatorDescriptor descriptor) {
            this.id = id;
            this.name = Objects.requireNonNull(name, "name");
            this.descriptor = descriptor;
            this.displayName = name;
        }

        public Builder displayName(String displayName) {
            this.displayName = displayName;
            return this;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder parallelism(int parallelism, int maxParallelism) {
            this.parallelism = parallelism;
            this.maxParallelism = maxParallelism;
            return this;
        }

        public Builder chainingStrategy(ChainingStrategy strategy) {
            this.chainingStrategy = strategy;
            return this;
        }

        public Builder input(PlanEdge edge) {
            inputs.add(Objects.requireNonNull(edge, "edge"));
            return this;
        }

        public Builder property(PlanProperty property) {
            properties.add(Objects.requireNonNull(property, "property"));
            return this;
        }

        public PlanNode build() {
            return new PlanNode(id, name, displayName, uid, parallelism, maxParallelism, chainingStrategy, descriptor, inputs, properties);
        }
    }
}
