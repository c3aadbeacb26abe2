package io.eddy.streaming.api.windowing.windows;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Objects;

/**
 * The type of a window class whose values are written by one fixed, stateless serializer: the
 * namespace type of window state and timers.
 */
public final class WindowTypeInfo<W extends Window> extends TypeInfo<W> {

    private static final long serialVersionUID = 1L;

    private final Class<W> windowClass;
    private final TypeSerializer<W> serializer;

    public WindowTypeInfo(Class<W> windowClass, TypeSerializer<W> serializer) {
        this.windowClass = Objects.requireNonNull(windowClass, "windowClass");
        this.serializer = Objects.requireNonNull(serializer, "serializer");
    }

    @Override
    public Class<W> getTypeClass() {
        return windowClass;
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<W> createSerializer(SerializerConfig config) {
        return serializer;
    }

    @Override
    public String toString() {
        return windowClass.getSimpleName();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WindowTypeInfo<?> other && other.windowClass == windowClass && other.serializer.equals(serializer);
    }

    @Override
    public int hashCode() {
        return windowClass.hashCode();
    }
}
