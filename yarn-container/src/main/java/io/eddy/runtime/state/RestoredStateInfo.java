package io.eddy.runtime.state;

import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import java.util.List;

/**
 * What a keyed snapshot's header says about one state: its kind, the snapshots of the serializers
 * that wrote it, and whether its values carry a last-access time (TTL). Kept by the backend until
 * the operator registers the state again, to check that the new serializers can read the data.
 */
record RestoredStateInfo(String name, StateKind kind, TypeSerializerSnapshot<?> namespaceSerializer,
        List<TypeSerializerSnapshot<?>> valueSerializers, boolean ttl) {

    RestoredStateInfo {
        valueSerializers = List.copyOf(valueSerializers);
    }

    /** The number of value serializers a state of {@code kind} has: two (key, value) for map state, else one. */
    static int valueSerializerCount(StateKind kind) {
        return kind == StateKind.MAP ? 2 : 1;
    }
}
