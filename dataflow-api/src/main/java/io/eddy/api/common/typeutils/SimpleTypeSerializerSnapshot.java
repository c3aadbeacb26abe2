package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The snapshot of a serializer without configuration: it writes no payload and restores the
 * serializer from a supplier. Subclasses are public, have a public no-argument constructor and pass
 * the supplier: {@code public Snapshot() { super(() -> IntSerializer.INSTANCE); }}.
 */
public abstract class SimpleTypeSerializerSnapshot<T> implements TypeSerializerSnapshot<T> {

    private final Supplier<? extends TypeSerializer<T>> serializerSupplier;

    protected SimpleTypeSerializerSnapshot(Supplier<? extends TypeSerializer<T>> serializerSupplier) {
        this.serializerSupplier = Objects.requireNonNull(serializerSupplier, "serializerSupplier");
    }

    @Override
    public int getCurrentVersion() {
        return 1;
    }

    @Override
    public void writeSnapshot(DataOutputView out) {
        // no configuration to write
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) {
        TypeSerializerSnapshots.checkVersion(this, readVersion, 1);
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        return serializerSupplier.get();
    }

    @Override
    public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer) {
        return newSerializer.getClass() == restoreSerializer().getClass()
                ? TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS
                : TypeSerializerSchemaCompatibility.INCOMPATIBLE;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass();
    }

    @Override
    public int hashCode() {
        return getClass().hashCode();
    }
}
