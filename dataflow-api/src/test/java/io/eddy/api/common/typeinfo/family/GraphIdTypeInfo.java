package io.eddy.api.common.typeinfo.family;

import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.TypeArguments;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.TypeInfoFactory;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** The type information of {@link GraphId}, named by its annotation: 8 bytes, ordered by value, 8-byte normalized key. */
public final class GraphIdTypeInfo extends TypeInfo<GraphId> implements AtomicType<GraphId> {

    private static final long serialVersionUID = 1L;

    public static final GraphIdTypeInfo INSTANCE = new GraphIdTypeInfo();

    /** The factory {@link GraphId}'s annotation names. */
    public static final class Factory implements TypeInfoFactory<GraphId> {
        @Override
        public TypeInfo<GraphId> createTypeInfo(Class<GraphId> type, TypeArguments typeArguments) {
            return INSTANCE;
        }
    }

    @Override
    public Class<GraphId> getTypeClass() {
        return GraphId.class;
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
        return true;
    }

    @Override
    public TypeSerializer<GraphId> createSerializer(SerializerConfig config) {
        return GraphIdSerializer.INSTANCE;
    }

    @Override
    public TypeComparator<GraphId> createComparator(boolean ascending, SerializerConfig config) {
        return new GraphIdComparator(ascending);
    }

    @Override
    public String toString() {
        return "GraphId";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof GraphIdTypeInfo;
    }

    @Override
    public int hashCode() {
        return GraphIdTypeInfo.class.hashCode();
    }

    /** 8 bytes big-endian; stateless. */
    public static final class GraphIdSerializer extends TypeSerializerSingleton<GraphId> {

        private static final long serialVersionUID = 1L;

        public static final GraphIdSerializer INSTANCE = new GraphIdSerializer();

        @Override
        public boolean isImmutableType() {
            return true;
        }

        @Override
        public GraphId createInstance() {
            return GraphId.of(0);
        }

        @Override
        public GraphId copy(GraphId from) {
            return from;
        }

        @Override
        public int getLength() {
            return 8;
        }

        @Override
        public void serialize(GraphId record, DataOutputView target) throws IOException {
            target.writeLong(record.value());
        }

        @Override
        public GraphId deserialize(DataInputView source) throws IOException {
            return GraphId.of(source.readLong());
        }

        @Override
        public GraphId deserialize(GraphId reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            target.write(source, 8);
        }

        @Override
        public TypeSerializerSnapshot<GraphId> snapshotConfiguration() {
            return new Snapshot();
        }

        /** No configuration. */
        public static final class Snapshot extends SimpleTypeSerializerSnapshot<GraphId> {
            public Snapshot() {
                super(() -> GraphIdSerializer.INSTANCE);
            }
        }
    }

    /** Orders by value; normalized key: the value with its sign bit flipped. */
    public static final class GraphIdComparator extends TypeComparator<GraphId> {

        private static final long serialVersionUID = 1L;

        private final boolean ascending;
        /** The reference; owned by the thread using this comparator. */
        private transient GraphId reference;

        public GraphIdComparator(boolean ascending) {
            this.ascending = ascending;
        }

        private int direction(int ascendingResult) {
            return ascending ? ascendingResult : -ascendingResult;
        }

        @Override
        public int hash(GraphId record) {
            return Long.hashCode(record.value());
        }

        @Override
        public void setReference(GraphId toCompare) {
            reference = toCompare;
        }

        @Override
        public boolean equalToReference(GraphId candidate) {
            return candidate.equals(reference);
        }

        @Override
        public int compareToReference(TypeComparator<GraphId> referencedComparator) {
            return direction(Long.compare(((GraphIdComparator) referencedComparator).reference.value(), reference.value()));
        }

        @Override
        public int compare(GraphId first, GraphId second) {
            return direction(Long.compare(first.value(), second.value()));
        }

        @Override
        public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
            return direction(Long.compare(firstSource.readLong(), secondSource.readLong()));
        }

        @Override
        public boolean supportsNormalizedKey() {
            return true;
        }

        @Override
        public int getNormalizeKeyLen() {
            return 8;
        }

        @Override
        public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
            return keyBytes < 8;
        }

        @Override
        public void putNormalizedKey(GraphId record, MemorySegment target, int offset, int numBytes) {
            long key = record.value() ^ Long.MIN_VALUE;
            for (int i = 0; i < numBytes; i++) {
                target.put(offset + i, i < 8 ? (byte) (key >>> ((7 - i) * 8)) : 0);
            }
        }

        @Override
        public boolean invertNormalizedKey() {
            return !ascending;
        }

        @Override
        public int extractKeys(Object record, Object[] target, int index) {
            target[index] = record;
            return 1;
        }

        @Override
        @SuppressWarnings("rawtypes")
        public TypeComparator[] getFlatComparators() {
            return new TypeComparator[] {this};
        }

        @Override
        public GraphIdComparator duplicate() {
            return new GraphIdComparator(ascending);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof GraphIdComparator other && other.ascending == ascending;
        }

        @Override
        public int hashCode() {
            return ascending ? 3 : 4;
        }
    }
}
