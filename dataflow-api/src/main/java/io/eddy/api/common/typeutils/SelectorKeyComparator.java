package io.eddy.api.common.typeutils;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.Objects;

/**
 * Compares records by the key a {@link KeySelector} extracts, with the key type's comparator: the
 * comparator of a key given as a selector where the runtime keeps whole records (a delta
 * iteration's solution set and its lookups). Hashes, flat keys and normalized keys are those of
 * the extracted key, so a record keyed by a selector and one keyed by fields holding the same
 * values hash and pair alike (an atomic key hashes as a one-field key, a tuple key as the fields
 * it holds: {@code CompositeComparator} combines its fields' hashes alike).
 * {@link #compareSerialized} deserializes both records. A selector that throws fails the call with
 * an {@link IllegalStateException} naming the selector's class.
 *
 * <p>Not thread-safe, as every comparator: each thread uses its own {@link #duplicate()}.
 */
public final class SelectorKeyComparator<T, K> extends TypeComparator<T> {

    private static final long serialVersionUID = 1L;

    private final KeySelector<T, K> selector;
    private final TypeComparator<K> keyComparator;
    private final TypeSerializer<T> serializer;
    private transient T first;
    private transient T second;

    /**
     * @param selector extracts the key of a record
     * @param keyComparator the comparator of the key type
     * @param serializer the records' serializer (for {@link #compareSerialized})
     */
    public SelectorKeyComparator(KeySelector<T, K> selector, TypeComparator<K> keyComparator, TypeSerializer<T> serializer) {
        this.selector = Objects.requireNonNull(selector, "selector");
        this.keyComparator = Objects.requireNonNull(keyComparator, "keyComparator");
        this.serializer = Objects.requireNonNull(serializer, "serializer");
    }

    private K key(T record) {
        try {
            return selector.getKey(record);
        } catch (Exception e) {
            throw new IllegalStateException("The key selector " + selector.getClass().getName() + " failed on " + record + ": " + e, e);
        }
    }

    @Override
    public int hash(T record) {
        return keyComparator.hash(key(record));
    }

    @Override
    public void setReference(T toCompare) {
        keyComparator.setReference(key(toCompare));
    }

    @Override
    public boolean equalToReference(T candidate) {
        return keyComparator.equalToReference(key(candidate));
    }

    @Override
    @SuppressWarnings("unchecked")
    public int compareToReference(TypeComparator<T> referencedComparator) {
        return keyComparator.compareToReference(((SelectorKeyComparator<T, K>) referencedComparator).keyComparator);
    }

    @Override
    public int compare(T a, T b) {
        return keyComparator.compare(key(a), key(b));
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        first = first == null ? serializer.deserialize(firstSource) : serializer.deserialize(first, firstSource);
        second = second == null ? serializer.deserialize(secondSource) : serializer.deserialize(second, secondSource);
        return compare(first, second);
    }

    @Override
    public boolean supportsNormalizedKey() {
        return keyComparator.supportsNormalizedKey();
    }

    @Override
    public int getNormalizeKeyLen() {
        return keyComparator.getNormalizeKeyLen();
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return keyComparator.isNormalizedKeyPrefixOnly(keyBytes);
    }

    @Override
    public boolean isNormalizedKeyWhole(MemorySegment key, int offset, int numBytes) {
        return keyComparator.isNormalizedKeyWhole(key, offset, numBytes);
    }

    @Override
    public void putNormalizedKey(T record, MemorySegment target, int offset, int numBytes) {
        keyComparator.putNormalizedKey(key(record), target, offset, numBytes);
    }

    @Override
    public boolean invertNormalizedKey() {
        return keyComparator.invertNormalizedKey();
    }

    @Override
    @SuppressWarnings("unchecked")
    public int extractKeys(Object record, Object[] target, int index) {
        return keyComparator.extractKeys(key((T) record), target, index);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public TypeComparator[] getFlatComparators() {
        return keyComparator.getFlatComparators();
    }

    @Override
    public SelectorKeyComparator<T, K> duplicate() {
        return new SelectorKeyComparator<>(selector, keyComparator.duplicate(), serializer.duplicate());
    }

    @Override
    public String toString() {
        return "SelectorKeyComparator{" + selector.getClass().getName() + ", " + keyComparator + "}";
    }
}
