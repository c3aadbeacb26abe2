package io.eddy.runtime.state;

import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSchemaCompatibility;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import java.util.List;

/**
 * Checks that the serializers of a state the operator registers can read what the restored
 * snapshot's serializers wrote. On the heap, data is read with the restored serializers and kept as
 * objects, so "compatible after migration" needs no work here; "incompatible" fails the restore
 * with the state's and the operator's names.
 */
final class StateCompatibility {

    private StateCompatibility() {}

    static void check(String operatorName, RestoredStateInfo restored, StateDescriptor<?> descriptor, TypeSerializer<?> namespaceSerializer,
            List<TypeSerializer<?>> valueSerializers) {
        if (restored == null) {
            return;
        }
        String name = restored.name();
        boolean ttl = descriptor.getTtlConfig() != null;
        if (restored.ttl() != ttl) {
            throw new IllegalStateException("Keyed state '" + name + "' of operator '" + operatorName + "' was checkpointed "
                    + (restored.ttl() ? "with" : "without") + " a time to live and is now registered " + (ttl ? "with" : "without")
                    + " one; time to live cannot be switched for existing state: keep the descriptor's TTL setting, "
                    + "or give the state a new name (it then starts empty)");
        }
        checkSerializer(operatorName, name, "namespace", restored.namespaceSerializer(), namespaceSerializer);
        for (int i = 0; i < valueSerializers.size(); i++) {
            String what = restored.kind() == StateKind.MAP ? (i == 0 ? "map key" : "map value")
                    : restored.kind() == StateKind.LIST ? "element" : "value";
            checkSerializer(operatorName, name, what, restored.valueSerializers().get(i), valueSerializers.get(i));
        }
    }

    /** Fails with the state's name if {@code now} cannot read data written by the serializer {@code before} describes. */
    @SuppressWarnings("unchecked")
    static void checkSerializer(String operatorName, String stateName, String what, TypeSerializerSnapshot<?> before, TypeSerializer<?> now) {
        TypeSerializerSchemaCompatibility compatibility =
                ((TypeSerializerSnapshot<Object>) before).resolveSchemaCompatibility((TypeSerializer<Object>) now);
        if (compatibility == TypeSerializerSchemaCompatibility.INCOMPATIBLE) {
            throw new IllegalStateException("State '" + stateName + "' of operator '" + operatorName + "' cannot be restored: its " + what
                    + " serializer " + now + " cannot read the checkpointed data, which " + before.restoreSerializer()
                    + " wrote. Keep the state's " + what + " type compatible with the checkpoint, or give the state a new name "
                    + "(it then starts empty)");
        }
    }
}
