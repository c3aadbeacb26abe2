package io.eddy.runtime.rpc;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The message types one version of the control protocol knows: each with a type id and a
 * {@link MessageCodec}. Both ends build the same registry; the protocol version is compared in the
 * authentication handshake, so a client and master of different Eddy versions fail fast with
 * "client speaks protocol N, master speaks M: use the same Eddy version" instead of misreading
 * each other's frames.
 *
 * <p>Type ids of registered messages are positive; negative ids are reserved for the built-in
 * messages ({@link ErrorResponse#TYPE_ID}). A message is looked up by its exact class.
 *
 * <p>Immutable once built and safe to share between threads and connections.
 */
public final class MessageRegistry {

    /** One registered message type. */
    record Entry<M extends Message>(int typeId, Class<M> type, MessageCodec<M> codec) {}

    private final int protocolVersion;
    private final Map<Integer, Entry<?>> byId;
    private final Map<Class<?>, Entry<?>> byClass;

    private MessageRegistry(int protocolVersion, Map<Integer, Entry<?>> byId, Map<Class<?>, Entry<?>> byClass) {
        this.protocolVersion = protocolVersion;
        this.byId = Collections.unmodifiableMap(new HashMap<>(byId));
        this.byClass = Collections.unmodifiableMap(new HashMap<>(byClass));
    }

    /**
     * Starts a registry for {@code protocolVersion}. Bump the version whenever a message is added,
     * removed, or its codec's format changes.
     */
    public static Builder builder(int protocolVersion) {
        if (protocolVersion < 1) {
            throw new IllegalArgumentException("protocolVersion: " + protocolVersion + " (expected: >= 1)");
        }
        return new Builder(protocolVersion);
    }

    /** The protocol version both ends must agree on. */
    public int protocolVersion() {
        return protocolVersion;
    }

    /** Whether {@code type} is registered (or built in). */
    public boolean isRegistered(Class<? extends Message> type) {
        return byClass.containsKey(type);
    }

    /** The entry for a type id read from the wire, or null if this version does not know it. */
    Entry<?> entryForId(int typeId) {
        return byId.get(typeId);
    }

    /** The entry for {@code message}'s class; fails naming the class and the fix if unregistered. */
    @SuppressWarnings("unchecked")
    <M extends Message> Entry<M> entryFor(M message) {
        Entry<?> entry = byClass.get(message.getClass());
        if (entry == null) {
            throw new IllegalArgumentException("Message type " + message.getClass().getName()
                    + " is not registered in the control-protocol MessageRegistry (version " + protocolVersion
                    + "): register it with MessageRegistry.Builder.register(typeId, "
                    + message.getClass().getSimpleName() + ".class, codec)");
        }
        return (Entry<M>) entry;
    }

    @Override
    public String toString() {
        return "MessageRegistry{version=" + protocolVersion + ", types=" + byId.size() + "}";
    }

    /** Collects message types; not thread-safe (build the registry once, at startup). */
    public static final class Builder {

        private final int protocolVersion;
        private final Map<Integer, Entry<?>> byId = new HashMap<>();
        private final Map<Class<?>, Entry<?>> byClass = new HashMap<>();

        private Builder(int protocolVersion) {
            this.protocolVersion = protocolVersion;
            add(new Entry<>(ErrorResponse.TYPE_ID, ErrorResponse.class, new ErrorResponse.Codec()));
        }

        /**
         * Registers {@code type} under {@code typeId}.
         *
         * @throws IllegalArgumentException if {@code typeId} is not positive, or the id or the
         *     class is already registered
         */
        public <M extends Message> Builder register(int typeId, Class<M> type, MessageCodec<M> codec) {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(codec, "codec");
            if (typeId <= 0) {
                throw new IllegalArgumentException("typeId: " + typeId + " for " + type.getName()
                        + " (expected: > 0; ids <= 0 are reserved for built-in messages)");
            }
            Entry<?> sameId = byId.get(typeId);
            if (sameId != null) {
                throw new IllegalArgumentException("typeId " + typeId + " is already registered for "
                        + sameId.type().getName() + ": choose another id for " + type.getName());
            }
            Entry<?> sameClass = byClass.get(type);
            if (sameClass != null) {
                throw new IllegalArgumentException("Message type " + type.getName() + " is already registered under typeId "
                        + sameClass.typeId() + ": register each class once");
            }
            add(new Entry<>(typeId, type, codec));
            return this;
        }

        private void add(Entry<?> entry) {
            byId.put(entry.typeId(), entry);
            byClass.put(entry.type(), entry);
        }

        /** An immutable registry of the types registered so far. */
        public MessageRegistry build() {
            return new MessageRegistry(protocolVersion, byId, byClass);
        }
    }
}
