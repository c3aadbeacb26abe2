package io.eddy.api.common.typeutils;

import io.eddy.api.common.typeutils.RecordLambdas.Ctor1;
import io.eddy.api.common.typeutils.RecordLambdas.Ctor2;
import io.eddy.api.common.typeutils.RecordLambdas.Ctor3;
import io.eddy.api.common.typeutils.RecordLambdas.Ctor4;
import io.eddy.api.common.typeutils.RecordLambdas.CtorI;
import io.eddy.api.common.typeutils.RecordLambdas.CtorII;
import io.eddy.api.common.typeutils.RecordLambdas.CtorIO;
import io.eddy.api.common.typeutils.RecordLambdas.CtorOI;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The per-record path of {@link RecordSerializer} for records of 1 to {@value #MAX_ARITY}
 * components whose constructor could be generated ({@link RecordLambdas}): the components are read
 * straight into the generated constructor call, without an {@code Object[]}. {@link RecordCodecs}
 * creates one, as a copy of this class per record serializer.
 *
 * <p>Why one method per component position, and a copy of the class per serializer: the JIT
 * profiles the receiver types per call site (bytecode), so a loop {@code
 * serializers[i].deserialize(...)} has one site that sees every component's serializer and calls
 * it virtually, and the boxes of primitive components escape. A separate site per position, in a
 * class of its own, sees one serializer, one getter and one constructor, so the JIT inlines them
 * all and can remove the boxes of primitive components.
 *
 * <p>Records of one or two components with an {@code int} component written by an {@link
 * IntFormat} serializer are created through the generated call that takes the int unboxed ({@link
 * MemberAccessors.RecordFactory#generatedIntConstructor()}): {@code Integer.valueOf} has a cache
 * branch that keeps the JIT from removing the box, so the plain call allocates one per record.
 *
 * <p>This class must not have static state or nested classes: {@link RecordCodecs} defines copies
 * of its bytecode as hidden classes. Immutable; thread-safe as far as the component serializers
 * are (each thread uses its own {@link RecordSerializer#duplicate()}).
 */
final class UnrolledRecordCodec implements RecordCodecs.RecordCodec {

    static final int MAX_ARITY = 4;
    /* Values of #shape beyond the arities: the record is created through #intCtor. */
    private static final int SHAPE_I = 11;
    private static final int SHAPE_II = 12;
    private static final int SHAPE_IO = 13;
    private static final int SHAPE_OI = 14;

    private final int arity;
    private final Object ctor;
    /** The generated constructor call taking the int components unboxed, if every int component has an {@link IntFormat} serializer; else null. */
    private final Object intCtor;
    /** How {@link #deserialize} creates the record: the arity (through {@link #ctor}) or a {@code SHAPE_*} (through {@link #intCtor}). */
    private final int shape;
    private final TypeSerializer<Object> s0;
    private final TypeSerializer<Object> s1;
    private final TypeSerializer<Object> s2;
    private final TypeSerializer<Object> s3;
    private final Function<Object, Object> g0;
    private final Function<Object, Object> g1;
    private final Function<Object, Object> g2;
    private final Function<Object, Object> g3;
    /**
     * Per position the unboxed getter of an {@code int} component written by an {@link
     * IntFormat} serializer, else null.
     */
    private final ToIntFunction<Object> i0;
    private final ToIntFunction<Object> i1;
    private final ToIntFunction<Object> i2;
    private final ToIntFunction<Object> i3;
    private final boolean n0;
    private final boolean n1;
    private final boolean n2;
    private final boolean n3;

    /**
     * @param ctor the generated constructor call ({@code RecordLambdas.Ctor<arity>})
     * @param serializers the component serializers, 1 to {@value #MAX_ARITY}
     * @param nullable per component whether a null marker precedes it
     * @param factory the record's getters
     */
    UnrolledRecordCodec(Object ctor, TypeSerializer<Object>[] serializers, boolean[] nullable, MemberAccessors.RecordFactory<?> factory) {
        this.arity = serializers.length;
        this.ctor = ctor;
        this.s0 = serializers[0];
        this.s1 = arity > 1 ? serializers[1] : null;
        this.s2 = arity > 2 ? serializers[2] : null;
        this.s3 = arity > 3 ? serializers[3] : null;
        this.g0 = factory.getter(0);
        this.g1 = arity > 1 ? factory.getter(1) : null;
        this.g2 = arity > 2 ? factory.getter(2) : null;
        this.g3 = arity > 3 ? factory.getter(3) : null;
        this.i0 = intGetter(factory, serializers, 0);
        this.i1 = intGetter(factory, serializers, 1);
        this.i2 = intGetter(factory, serializers, 2);
        this.i3 = intGetter(factory, serializers, 3);
        this.n0 = nullable[0];
        this.n1 = arity > 1 && nullable[1];
        this.n2 = arity > 2 && nullable[2];
        this.n3 = arity > 3 && nullable[3];
        this.intCtor = usableIntCtor(factory.generatedIntConstructor(), i0 != null, i1 != null);
        this.shape = shapeOf(intCtor, arity);
    }

    private static int shapeOf(Object intCtor, int arity) {
        if (intCtor instanceof CtorI) {
            return SHAPE_I;
        } else if (intCtor instanceof CtorII) {
            return SHAPE_II;
        } else if (intCtor instanceof CtorIO) {
            return SHAPE_IO;
        } else if (intCtor instanceof CtorOI) {
            return SHAPE_OI;
        }
        return arity;
    }

    /** {@code intCtor} if each of its int parameters has an int serializer ({@code int0}, {@code int1}), else null. */
    private static Object usableIntCtor(Object intCtor, boolean int0, boolean int1) {
        boolean usable = intCtor instanceof CtorI && int0
                || intCtor instanceof CtorII && int0 && int1
                || intCtor instanceof CtorIO && int0
                || intCtor instanceof CtorOI && int1;
        return usable ? intCtor : null;
    }

    private static ToIntFunction<Object> intGetter(MemberAccessors.RecordFactory<?> factory, TypeSerializer<Object>[] serializers, int index) {
        return index < serializers.length && (Object) serializers[index] instanceof IntFormat ? factory.intGetter(index) : null;
    }

    @Override
    public void serialize(Object record, DataOutputView target) throws IOException {
        write0(record, target);
        if (arity > 1) {
            write1(record, target);
            if (arity > 2) {
                write2(record, target);
                if (arity > 3) {
                    write3(record, target);
                }
            }
        }
    }

    @Override
    public Object deserialize(DataInputView source) throws IOException {
        return switch (shape) {
            case 1 -> ((Ctor1) ctor).create(read0(source));
            case 2 -> ((Ctor2) ctor).create(read0(source), read1(source));
            case 3 -> ((Ctor3) ctor).create(read0(source), read1(source), read2(source));
            case 4 -> ((Ctor4) ctor).create(read0(source), read1(source), read2(source), read3(source));
            case SHAPE_I -> ((CtorI) intCtor).create(source.readInt());
            case SHAPE_II -> ((CtorII) intCtor).create(source.readInt(), source.readInt());
            case SHAPE_IO -> ((CtorIO) intCtor).create(source.readInt(), read1(source));
            case SHAPE_OI -> ((CtorOI) intCtor).create(read0(source), source.readInt());
            default -> throw new IllegalStateException("Bug: unrolled record codec of arity " + arity + ", shape " + shape);
        };
    }

    private static boolean writeMarker(boolean nullable, Object value, DataOutputView target) throws IOException {
        if (!nullable) {
            return true;
        }
        target.writeByte(value == null ? 0 : 1);
        return value != null;
    }

    private void write0(Object record, DataOutputView target) throws IOException {
        if (i0 != null) {
            target.writeInt(i0.applyAsInt(record));
            return;
        }
        Object value = g0.apply(record);
        if (writeMarker(n0, value, target)) {
            s0.serialize(value, target);
        }
    }

    private void write1(Object record, DataOutputView target) throws IOException {
        if (i1 != null) {
            target.writeInt(i1.applyAsInt(record));
            return;
        }
        Object value = g1.apply(record);
        if (writeMarker(n1, value, target)) {
            s1.serialize(value, target);
        }
    }

    private void write2(Object record, DataOutputView target) throws IOException {
        if (i2 != null) {
            target.writeInt(i2.applyAsInt(record));
            return;
        }
        Object value = g2.apply(record);
        if (writeMarker(n2, value, target)) {
            s2.serialize(value, target);
        }
    }

    private void write3(Object record, DataOutputView target) throws IOException {
        if (i3 != null) {
            target.writeInt(i3.applyAsInt(record));
            return;
        }
        Object value = g3.apply(record);
        if (writeMarker(n3, value, target)) {
            s3.serialize(value, target);
        }
    }

    private Object read0(DataInputView source) throws IOException {
        return n0 && source.readByte() == 0 ? null : s0.deserialize(source);
    }

    private Object read1(DataInputView source) throws IOException {
        return n1 && source.readByte() == 0 ? null : s1.deserialize(source);
    }

    private Object read2(DataInputView source) throws IOException {
        return n2 && source.readByte() == 0 ? null : s2.deserialize(source);
    }

    private Object read3(DataInputView source) throws IOException {
        return n3 && source.readByte() == 0 ? null : s3.deserialize(source);
    }
}
