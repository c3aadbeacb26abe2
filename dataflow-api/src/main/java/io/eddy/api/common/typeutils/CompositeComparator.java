package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compares records of a composite type (tuple, record, POJO) by some of their fields, in order,
 * each field with its own comparator and direction. Serialized records are deserialized to compare
 * them, unless the key is the one field the serializer writes first: then that field's comparator
 * reads them. The normalized key concatenates the normalized keys of the leading key fields that share
 * the first field's direction, up to the first field whose key is only a prefix.
 *
 * <p>Not thread-safe (references): each thread uses its own {@link #duplicate()}.
 */
public final class CompositeComparator<T> extends TypeComparator<T> {

    private static final long serialVersionUID = 1L;

    private final MemberAccessor<T, Object>[] keyFields;
    private final TypeComparator<Object>[] comparators;
    private final TypeSerializer<T> serializer;
    /** How many leading key fields contribute to the normalized key. */
    private final int normalizedKeyFields;
    /**
     * Whether the key is one field that the serializer writes first, in its field type's own form,
     * so {@link #compareSerialized} hands the records to that field's comparator.
     */
    private final boolean keyLeadsRecord;

    /** A comparator that deserializes records to compare them serialized. */
    public CompositeComparator(MemberAccessor<T, ?>[] keyFields, TypeComparator<?>[] comparators, TypeSerializer<T> serializer) {
        this(keyFields, comparators, serializer, false);
    }

    /**
     * @param keyLeadsRecord true if the key is one field that {@code serializer} writes first, as
     *     that field's own serializer writes it (its comparator then reads serialized records)
     */
    @SuppressWarnings("unchecked")
    public CompositeComparator(MemberAccessor<T, ?>[] keyFields, TypeComparator<?>[] comparators, TypeSerializer<T> serializer,
            boolean keyLeadsRecord) {
        if (keyFields.length == 0 || keyFields.length != comparators.length) {
            throw new IllegalArgumentException("CompositeComparator: " + keyFields.length + " key fields and "
                    + comparators.length + " comparators (expected: the same number, at least one)");
        }
        this.keyFields = (MemberAccessor<T, Object>[]) keyFields.clone();
        this.comparators = (TypeComparator<Object>[]) comparators.clone();
        this.serializer = serializer;
        this.normalizedKeyFields = countNormalizedKeyFields(this.comparators);
        if (keyLeadsRecord && keyFields.length != 1) {
            throw new IllegalArgumentException("CompositeComparator: " + keyFields.length
                    + " key fields lead the record (expected: one, when the key leads the record)");
        }
        this.keyLeadsRecord = keyLeadsRecord;
    }

    private static int countNormalizedKeyFields(TypeComparator<?>[] comparators) {
        int n = 0;
        for (TypeComparator<?> c : comparators) {
            if (!c.supportsNormalizedKey() || c.invertNormalizedKey() != comparators[0].invertNormalizedKey()) {
                break;
            }
            n++;
            if (c.getNormalizeKeyLen() == Integer.MAX_VALUE || c.isNormalizedKeyPrefixOnly(c.getNormalizeKeyLen())) {
                break;
            }
        }
        return n;
    }

    @Override
    public int hash(T record) {
        int h = 0;
        for (int i = 0; i < keyFields.length; i++) {
            h = 31 * h + comparators[i].hash(keyFields[i].get(record));
        }
        return h;
    }

    @Override
    public void setReference(T toCompare) {
        for (int i = 0; i < keyFields.length; i++) {
            comparators[i].setReference(keyFields[i].get(toCompare));
        }
    }

    @Override
    public boolean equalToReference(T candidate) {
        for (int i = 0; i < keyFields.length; i++) {
            if (!comparators[i].equalToReference(keyFields[i].get(candidate))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int compareToReference(TypeComparator<T> referencedComparator) {
        CompositeComparator<T> other = (CompositeComparator<T>) referencedComparator;
        for (int i = 0; i < comparators.length; i++) {
            int cmp = comparators[i].compareToReference(other.comparators[i]);
            if (cmp != 0) {
                return cmp;
            }
        }
        return 0;
    }

    @Override
    public int compare(T first, T second) {
        for (int i = 0; i < keyFields.length; i++) {
            int cmp = comparators[i].compare(keyFields[i].get(first), keyFields[i].get(second));
            if (cmp != 0) {
                return cmp;
            }
        }
        return 0;
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        if (keyLeadsRecord) {
            return comparators[0].compareSerialized(firstSource, secondSource);
        }
        return compare(serializer.deserialize(firstSource), serializer.deserialize(secondSource));
    }

    @Override
    public boolean comparesSerializedKeys() {
        return keyLeadsRecord && comparators[0].comparesSerializedKeys();
    }

    @Override
    public boolean supportsNormalizedKey() {
        return normalizedKeyFields > 0;
    }

    @Override
    public int getNormalizeKeyLen() {
        long total = 0;
        for (int i = 0; i < normalizedKeyFields; i++) {
            total += comparators[i].getNormalizeKeyLen();
        }
        return (int) Math.min(Integer.MAX_VALUE, total);
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        if (normalizedKeyFields < comparators.length) {
            return true;
        }
        int remaining = keyBytes;
        for (int i = 0; i < normalizedKeyFields; i++) {
            int len = comparators[i].getNormalizeKeyLen();
            if (remaining < len || comparators[i].isNormalizedKeyPrefixOnly(len)) {
                return true;
            }
            remaining -= len;
        }
        return false;
    }

    @Override
    public boolean isNormalizedKeyWhole(MemorySegment key, int offset, int numBytes) {
        if (normalizedKeyFields < comparators.length) {
            return false;
        }
        int pos = offset;
        int remaining = numBytes;
        for (int i = 0; i < normalizedKeyFields; i++) {
            int len = Math.min(remaining, comparators[i].getNormalizeKeyLen());
            if (len == 0 || !comparators[i].isNormalizedKeyWhole(key, pos, len)) {
                return false;
            }
            pos += len;
            remaining -= len;
        }
        return true;
    }

    @Override
    public void putNormalizedKey(T record, MemorySegment target, int offset, int numBytes) {
        int pos = offset;
        int remaining = numBytes;
        for (int i = 0; i < normalizedKeyFields && remaining > 0; i++) {
            int len = Math.min(remaining, comparators[i].getNormalizeKeyLen());
            comparators[i].putNormalizedKey(keyFields[i].get(record), target, pos, len);
            pos += len;
            remaining -= len;
        }
        for (; remaining > 0; remaining--) {
            target.put(pos++, (byte) 0);
        }
    }

    @Override
    public boolean invertNormalizedKey() {
        return comparators[0].invertNormalizedKey();
    }

    @Override
    public int extractKeys(Object record, Object[] target, int index) {
        @SuppressWarnings("unchecked")
        T r = (T) record;
        int count = 0;
        for (int i = 0; i < keyFields.length; i++) {
            count += comparators[i].extractKeys(keyFields[i].get(r), target, index + count);
        }
        return count;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public TypeComparator[] getFlatComparators() {
        List<TypeComparator> flat = new ArrayList<>();
        for (TypeComparator<?> c : comparators) {
            flat.addAll(Arrays.asList(c.getFlatComparators()));
        }
        return flat.toArray(new TypeComparator[0]);
    }

    @Override
    public CompositeComparator<T> duplicate() {
        TypeComparator<?>[] copies = new TypeComparator<?>[comparators.length];
        for (int i = 0; i < copies.length; i++) {
            copies[i] = comparators[i].duplicate();
        }
        return new CompositeComparator<>(keyFields, copies, serializer.duplicate(), keyLeadsRecord);
    }

    @Override
    public String toString() {
        return "CompositeComparator" + Arrays.toString(comparators);
    }
}
