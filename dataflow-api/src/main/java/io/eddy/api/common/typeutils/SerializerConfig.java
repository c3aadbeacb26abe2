package io.eddy.api.common.typeutils;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Job-wide serializer settings, fixed at plan time and shipped inside the job graph: the classes
 * registered with Kryo (written as small ids instead of class names, in registration order, so
 * every task assigns the same ids) and whether Kryo is forced for all POJO types.
 *
 * <p>Mutable while the plan is built (on the client's main thread), read-only after the job graph
 * is created; it is not synchronized.
 */
public final class SerializerConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    private final LinkedHashSet<Class<?>> registeredKryoTypes = new LinkedHashSet<>();
    private boolean forceKryo;

    /** Registers {@code type} with Kryo; registering a class twice keeps its first position. */
    public SerializerConfig registerKryoType(Class<?> type) {
        Objects.requireNonNull(type, "registerKryoType: type");
        registeredKryoTypes.add(type);
        return this;
    }

    /** The registered classes in registration order (unmodifiable snapshot). */
    public List<Class<?>> getRegisteredKryoTypes() {
        return Collections.unmodifiableList(new ArrayList<>(registeredKryoTypes));
    }

    /** When true, POJO types are serialized with Kryo instead of the POJO serializer. */
    public SerializerConfig setForceKryo(boolean forceKryo) {
        this.forceKryo = forceKryo;
        return this;
    }

    public boolean isForceKryo() {
        return forceKryo;
    }

    /** A copy that can be changed independently. */
    public SerializerConfig copy() {
        SerializerConfig copy = new SerializerConfig();
        copy.registeredKryoTypes.addAll(registeredKryoTypes);
        copy.forceKryo = forceKryo;
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SerializerConfig other)) {
            return false;
        }
        return forceKryo == other.forceKryo
                && new ArrayList<>(registeredKryoTypes).equals(new ArrayList<>(other.registeredKryoTypes));
    }

    @Override
    public int hashCode() {
        return Objects.hash(new ArrayList<>(registeredKryoTypes), forceKryo);
    }

    @Override
    public String toString() {
        return "SerializerConfig{kryoTypes=" + registeredKryoTypes + ", forceKryo=" + forceKryo + "}";
    }
}
