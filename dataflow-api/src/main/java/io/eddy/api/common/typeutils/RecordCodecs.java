package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the fast per-record path of {@link RecordSerializer}: an {@link UnrolledRecordCodec},
 * where possible as an instance of a hidden class of its own per record class, defined from the
 * bytecode of {@link UnrolledRecordCodec}. The copy is the same code, but the JIT keeps separate
 * profiles for it, so the serializers, getters and constructor it calls are each seen as one type
 * and inlined (see {@link UnrolledRecordCodec} for why that matters). One class per record class,
 * not per serializer: every task (and job) that writes a record class then runs the same class,
 * compiled once, with the same getters and constructor ({@link MemberAccessors.RecordFactory}
 * generates those once per record class too). Where the bytecode cannot be read or defined
 * (an unusual class loader), the shared class is used: correct, a little slower.
 */
final class RecordCodecs {

    private static final Logger LOG = LoggerFactory.getLogger(RecordCodecs.class);

    /** The bytecode of {@link UnrolledRecordCodec}, or null if it cannot be read. */
    private static final byte[] TEMPLATE = readTemplate();

    /** Per record class, the constructor of its hidden copy of {@link UnrolledRecordCodec}; empty if it cannot be defined. */
    private static final ClassValue<Optional<MethodHandle>> HIDDEN_COPIES = new ClassValue<>() {
        @Override
        protected Optional<MethodHandle> computeValue(Class<?> recordClass) {
            return Optional.ofNullable(defineHiddenCopy(recordClass));
        }
    };

    private RecordCodecs() {
    }

    /** Serializes and deserializes the components of one record class. */
    interface RecordCodec {

        /** Writes the components as {@link RecordSerializer} specifies. */
        void serialize(Object record, DataOutputView target) throws IOException;

        /** Reads the components and calls the canonical constructor. */
        Object deserialize(DataInputView source) throws IOException;
    }

    /**
     * A codec for the records {@code factory} creates, or null if they are not eligible (more than
     * {@value UnrolledRecordCodec#MAX_ARITY} or no components, or no generated constructor).
     */
    static RecordCodec create(MemberAccessors.RecordFactory<?> factory, TypeSerializer<Object>[] serializers, boolean[] nullable) {
        if (serializers.length < 1 || serializers.length > UnrolledRecordCodec.MAX_ARITY) {
            return null;
        }
        Object ctor = factory.generatedConstructor();
        if (ctor == null) {
            return null;
        }
        RecordCodec copy = hiddenCopy(ctor, serializers, nullable, factory);
        return copy != null ? copy : new UnrolledRecordCodec(ctor, serializers, nullable, factory);
    }

    private static RecordCodec hiddenCopy(Object ctor, TypeSerializer<Object>[] serializers, boolean[] nullable,
            MemberAccessors.RecordFactory<?> factory) {
        MethodHandle constructor = HIDDEN_COPIES.get(factory.getRecordClass()).orElse(null);
        if (constructor == null) {
            return null;
        }
        try {
            return (RecordCodec) constructor.invoke(ctor, serializers, nullable, factory);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("Bug: the constructor of the codec copy for " + factory.getRecordClass().getName()
                    + " threw a checked exception", t);
        }
    }

    private static MethodHandle defineHiddenCopy(Class<?> recordClass) {
        if (TEMPLATE == null) {
            return null;
        }
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(TEMPLATE, true);
            return hidden.findConstructor(hidden.lookupClass(),
                    MethodType.methodType(void.class, Object.class, TypeSerializer[].class, boolean[].class, MemberAccessors.RecordFactory.class));
        } catch (IllegalAccessException | NoSuchMethodException | LinkageError e) {
            LOG.info("Cannot define a copy of {} for {}; using the shared class (correct, a little slower)", UnrolledRecordCodec.class.getName(),
                    recordClass.getName(), e);
            return null;
        }
    }

    private static byte[] readTemplate() {
        String resource = UnrolledRecordCodec.class.getSimpleName() + ".class";
        try (InputStream in = UnrolledRecordCodec.class.getResourceAsStream(resource)) {
            if (in == null) {
                LOG.info("The bytecode of {} is not readable as a resource; record serializers share one codec class",
                        UnrolledRecordCodec.class.getName());
                return null;
            }
            return in.readAllBytes();
        } catch (IOException e) {
            LOG.info("Cannot read the bytecode of {}; record serializers share one codec class", UnrolledRecordCodec.class.getName(), e);
            return null;
        }
    }
}
