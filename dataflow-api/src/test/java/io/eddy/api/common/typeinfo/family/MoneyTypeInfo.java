package io.eddy.api.common.typeinfo.family;

import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.TypeInfo;
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

/**
 * The type information of {@link Money}: an atomic key type. Format: the currency's three ASCII
 * bytes, then the cents as 8 bytes big-endian (11 bytes). Order: currency, then cents; the
 * normalized key is the whole key (currency bytes, cents with the sign bit flipped).
 */
public final class MoneyTypeInfo extends TypeInfo<Money> implements AtomicType<Money> {

    private static final long serialVersionUID = 1L;

    public static final MoneyTypeInfo INSTANCE = new MoneyTypeInfo();

    static final int LENGTH = 11;

    @Override
    public Class<Money> getTypeClass() {
        return Money.class;
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
    public TypeSerializer<Money> createSerializer(SerializerConfig config) {
        return MoneySerializer.INSTANCE;
    }

    @Override
    public TypeComparator<Money> createComparator(boolean ascending, SerializerConfig config) {
        return new MoneyComparator(ascending);
    }

    @Override
    public String toString() {
        return "Money";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof MoneyTypeInfo;
    }

    @Override
    public int hashCode() {
        return MoneyTypeInfo.class.hashCode();
    }

    /** Serializes {@link Money} as 11 bytes; stateless. */
    public static final class MoneySerializer extends TypeSerializerSingleton<Money> {

        private static final long serialVersionUID = 1L;

        public static final MoneySerializer INSTANCE = new MoneySerializer();

        @Override
        public boolean isImmutableType() {
            return true;
        }

        @Override
        public Money createInstance() {
            return Money.of("AAA", 0);
        }

        @Override
        public Money copy(Money from) {
            return from;
        }

        @Override
        public int getLength() {
            return LENGTH;
        }

        @Override
        public void serialize(Money record, DataOutputView target) throws IOException {
            String currency = record.currency();
            for (int i = 0; i < 3; i++) {
                target.writeByte(currency.charAt(i));
            }
            target.writeLong(record.cents());
        }

        @Override
        public Money deserialize(DataInputView source) throws IOException {
            byte[] currency = new byte[3];
            source.readFully(currency);
            return Money.of(new String(currency, java.nio.charset.StandardCharsets.US_ASCII), source.readLong());
        }

        @Override
        public Money deserialize(Money reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            target.write(source, LENGTH);
        }

        @Override
        public TypeSerializerSnapshot<Money> snapshotConfiguration() {
            return new Snapshot();
        }

        /** No configuration. */
        public static final class Snapshot extends SimpleTypeSerializerSnapshot<Money> {
            public Snapshot() {
                super(() -> MoneySerializer.INSTANCE);
            }
        }
    }

    /** Orders {@link Money} by currency, then cents; compares serialized values without deserializing them. */
    public static final class MoneyComparator extends TypeComparator<Money> {

        private static final long serialVersionUID = 1L;

        private final boolean ascending;
        /** The reference; owned by the thread using this comparator. */
        private transient Money reference;

        public MoneyComparator(boolean ascending) {
            this.ascending = ascending;
        }

        private int direction(int ascendingResult) {
            return ascending ? ascendingResult : -ascendingResult;
        }

        private static int compareAscending(Money a, Money b) {
            int c = a.currency().compareTo(b.currency());
            return c != 0 ? c : Long.compare(a.cents(), b.cents());
        }

        @Override
        public int hash(Money record) {
            return record.currency().hashCode() * 31 + Long.hashCode(record.cents());
        }

        @Override
        public void setReference(Money toCompare) {
            reference = toCompare;
        }

        @Override
        public boolean equalToReference(Money candidate) {
            return candidate.equals(reference);
        }

        @Override
        public int compareToReference(TypeComparator<Money> referencedComparator) {
            return direction(compareAscending(((MoneyComparator) referencedComparator).reference, reference));
        }

        @Override
        public int compare(Money first, Money second) {
            return direction(compareAscending(first, second));
        }

        @Override
        public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
            int c = 0;
            for (int i = 0; i < 3; i++) {
                int a = firstSource.readUnsignedByte();
                int b = secondSource.readUnsignedByte();
                if (c == 0) {
                    c = Integer.compare(a, b);
                }
            }
            long centsA = firstSource.readLong();
            long centsB = secondSource.readLong();
            return direction(c != 0 ? c : Long.compare(centsA, centsB));
        }

        @Override
        public boolean supportsNormalizedKey() {
            return true;
        }

        @Override
        public int getNormalizeKeyLen() {
            return LENGTH;
        }

        @Override
        public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
            return keyBytes < LENGTH;
        }

        @Override
        public void putNormalizedKey(Money record, MemorySegment target, int offset, int numBytes) {
            long cents = record.cents() ^ Long.MIN_VALUE;
            for (int i = 0; i < numBytes; i++) {
                byte b;
                if (i < 3) {
                    b = (byte) record.currency().charAt(i);
                } else if (i < LENGTH) {
                    b = (byte) (cents >>> ((LENGTH - 1 - i) * 8));
                } else {
                    b = 0;
                }
                target.put(offset + i, b);
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
        public MoneyComparator duplicate() {
            return new MoneyComparator(ascending);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof MoneyComparator other && other.ascending == ascending;
        }

        @Override
        public int hashCode() {
            return ascending ? 1 : 2;
        }
    }
}
