package io.eddy.streaming.api.datastream;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.FieldsSerializerSnapshot;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.Objects;

/**
 * An element of the first or the second input of a window join or co-group: both inputs travel as
 * one stream of these through the keyed window, which splits them again for the function.
 */
public final class TaggedUnion<T1, T2> {

    private final T1 one;
    private final T2 two;

    private TaggedUnion(T1 one, T2 two) {
        this.one = one;
        this.two = two;
    }

    public static <T1, T2> TaggedUnion<T1, T2> one(T1 value) {
        return new TaggedUnion<>(Objects.requireNonNull(value, "value"), null);
    }

    public static <T1, T2> TaggedUnion<T1, T2> two(T2 value) {
        return new TaggedUnion<>(null, Objects.requireNonNull(value, "value"));
    }

    public boolean isOne() {
        return one != null;
    }

    public T1 getOne() {
        return one;
    }

    public T2 getTwo() {
        return two;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TaggedUnion<?, ?> other && Objects.equals(one, other.one) && Objects.equals(two, other.two);
    }

    @Override
    public int hashCode() {
        return Objects.hash(one, two);
    }

    @Override
    public String toString() {
        return isOne() ? "one(" + one + ")" : "two(" + two + ")";
    }

    /** The type of tagged unions of two input types. */
    public static final class UnionTypeInfo<T1, T2> extends TypeInfo<TaggedUnion<T1, T2>> {

        private static final long serialVersionUID = 1L;

        private final TypeInfo<T1> oneType;
        private final TypeInfo<T2> twoType;

        public UnionTypeInfo(TypeInfo<T1> oneType, TypeInfo<T2> twoType) {
            this.oneType = Objects.requireNonNull(oneType, "oneType");
            this.twoType = Objects.requireNonNull(twoType, "twoType");
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public Class<TaggedUnion<T1, T2>> getTypeClass() {
            return (Class) TaggedUnion.class;
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
        public TypeSerializer<TaggedUnion<T1, T2>> createSerializer(SerializerConfig config) {
            return new UnionSerializer<>(oneType.createSerializer(config), twoType.createSerializer(config));
        }

        @Override
        public String toString() {
            return "TaggedUnion<" + oneType + ", " + twoType + ">";
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof UnionTypeInfo<?, ?> other && other.oneType.equals(oneType) && other.twoType.equals(twoType);
        }

        @Override
        public int hashCode() {
            return oneType.hashCode() * 31 + twoType.hashCode();
        }
    }

    /** Writes a tag byte (0 = first input, 1 = second) and the value with that input's serializer. */
    public static final class UnionSerializer<T1, T2> extends TypeSerializer<TaggedUnion<T1, T2>> {

        private static final long serialVersionUID = 1L;

        private final TypeSerializer<T1> oneSerializer;
        private final TypeSerializer<T2> twoSerializer;

        public UnionSerializer(TypeSerializer<T1> oneSerializer, TypeSerializer<T2> twoSerializer) {
            this.oneSerializer = Objects.requireNonNull(oneSerializer, "oneSerializer");
            this.twoSerializer = Objects.requireNonNull(twoSerializer, "twoSerializer");
        }

        @Override
        public boolean isImmutableType() {
            return false;
        }

        @Override
        public TypeSerializer<TaggedUnion<T1, T2>> duplicate() {
            TypeSerializer<T1> a = oneSerializer.duplicate();
            TypeSerializer<T2> b = twoSerializer.duplicate();
            return a == oneSerializer && b == twoSerializer ? this : new UnionSerializer<>(a, b);
        }

        @Override
        public TaggedUnion<T1, T2> createInstance() {
            return null;
        }

        @Override
        public TaggedUnion<T1, T2> copy(TaggedUnion<T1, T2> from) {
            return from.isOne() ? one(oneSerializer.copy(from.one)) : two(twoSerializer.copy(from.two));
        }

        @Override
        public TaggedUnion<T1, T2> copy(TaggedUnion<T1, T2> from, TaggedUnion<T1, T2> reuse) {
            return copy(from);
        }

        @Override
        public int getLength() {
            return -1;
        }

        @Override
        public void serialize(TaggedUnion<T1, T2> record, DataOutputView target) throws IOException {
            if (record.isOne()) {
                target.writeByte(0);
                oneSerializer.serialize(record.one, target);
            } else {
                target.writeByte(1);
                twoSerializer.serialize(record.two, target);
            }
        }

        @Override
        public TaggedUnion<T1, T2> deserialize(DataInputView source) throws IOException {
            int tag = source.readByte();
            return switch (tag) {
                case 0 -> one(oneSerializer.deserialize(source));
                case 1 -> two(twoSerializer.deserialize(source));
                default -> throw new IOException("TaggedUnion: tag " + tag + " (expected: 0 or 1); the data was not written by UnionSerializer");
            };
        }

        @Override
        public TaggedUnion<T1, T2> deserialize(TaggedUnion<T1, T2> reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            int tag = source.readByte();
            target.writeByte(tag);
            if (tag == 0) {
                oneSerializer.copy(source, target);
            } else {
                twoSerializer.copy(source, target);
            }
        }

        @Override
        public TypeSerializerSnapshot<TaggedUnion<T1, T2>> snapshotConfiguration() {
            return new Snapshot<>(oneSerializer, twoSerializer);
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof UnionSerializer<?, ?> other && other.oneSerializer.equals(oneSerializer)
                    && other.twoSerializer.equals(twoSerializer);
        }

        @Override
        public int hashCode() {
            return oneSerializer.hashCode() * 31 + twoSerializer.hashCode();
        }
    }

    /** The snapshot of a {@link UnionSerializer}: the snapshots of both input serializers. */
    public static final class Snapshot<T1, T2> extends FieldsSerializerSnapshot<TaggedUnion<T1, T2>> {

        public Snapshot() {
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        Snapshot(TypeSerializer<T1> one, TypeSerializer<T2> two) {
            super((Class) TaggedUnion.class, new String[] {"one", "two"}, new TypeSerializer<?>[] {one, two});
        }

        @Override
        @SuppressWarnings("unchecked")
        protected TypeSerializer<TaggedUnion<T1, T2>> restore(Class<TaggedUnion<T1, T2>> typeClass, String[] fieldNames,
                TypeSerializer<?>[] fieldSerializers) {
            return new UnionSerializer<>((TypeSerializer<T1>) fieldSerializers[0], (TypeSerializer<T2>) fieldSerializers[1]);
        }

        @Override
        protected TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<TaggedUnion<T1, T2>> newSerializer) {
            return newSerializer instanceof UnionSerializer<?, ?> s ? new TypeSerializer<?>[] {s.oneSerializer, s.twoSerializer} : null;
        }

        @Override
        protected String[] fieldNamesOf(TypeSerializer<TaggedUnion<T1, T2>> newSerializer) {
            return new String[] {"one", "two"};
        }

        @Override
        protected Class<?> typeClassOf(TypeSerializer<TaggedUnion<T1, T2>> newSerializer) {
            return TaggedUnion.class;
        }
    }
}
