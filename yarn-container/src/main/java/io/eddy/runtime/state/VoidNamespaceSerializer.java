package io.eddy.runtime.state;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;

/** The serializer of {@link VoidNamespace}: writes nothing. States with it are stored by key alone. */
public final class VoidNamespaceSerializer extends TypeSerializerSingleton<VoidNamespace> {

    private static final long serialVersionUID = 1L;

    public static final VoidNamespaceSerializer INSTANCE = new VoidNamespaceSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public VoidNamespace createInstance() {
        return VoidNamespace.INSTANCE;
    }

    @Override
    public VoidNamespace copy(VoidNamespace from) {
        return VoidNamespace.INSTANCE;
    }

    @Override
    public int getLength() {
        return 0;
    }

    @Override
    public void serialize(VoidNamespace record, DataOutputView target) {
        // nothing: there is one namespace
    }

    @Override
    public VoidNamespace deserialize(DataInputView source) {
        return VoidNamespace.INSTANCE;
    }

    @Override
    public VoidNamespace deserialize(VoidNamespace reuse, DataInputView source) {
        return VoidNamespace.INSTANCE;
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) {
        // nothing to copy
    }

    @Override
    public TypeSerializerSnapshot<VoidNamespace> snapshotConfiguration() {
        return new Snapshot();
    }

    /** The configuration-free snapshot of {@link VoidNamespaceSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<VoidNamespace> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
