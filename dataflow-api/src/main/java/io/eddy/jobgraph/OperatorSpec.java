package io.eddy.jobgraph;

import io.eddy.util.InstantiationUtil;
import java.util.List;
import java.util.Objects;

/**
 * One operator of a vertex's chain.
 *
 * @param uid a stable id of the operator (given with {@code uid(...)} or derived from the graph),
 *     used to match state to operators across job versions
 * @param name the name shown in logs, errors and the dashboard
 * @param kind the {@link OperatorKind#name()} of the descriptor's kind, readable without deserializing the descriptor
 * @param descriptorBytes the Java-serialized {@link OperatorDescriptor}
 * @param outputs where the operator's records go
 */
public record OperatorSpec(String uid, String name, String kind, byte[] descriptorBytes, List<OperatorOutput> outputs) {

    public OperatorSpec {
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(descriptorBytes, "descriptorBytes");
        outputs = List.copyOf(outputs);
    }

    /** The descriptor, deserialized with {@code userCodeClassLoader}. */
    public OperatorDescriptor descriptor(ClassLoader userCodeClassLoader) {
        return InstantiationUtil.deserialize(descriptorBytes, userCodeClassLoader, "the operator '" + name + "'");
    }

    @Override
    public String toString() {
        return "OperatorSpec{" + name + " (" + kind + ", uid " + uid + ") -> " + outputs + "}";
    }
}
