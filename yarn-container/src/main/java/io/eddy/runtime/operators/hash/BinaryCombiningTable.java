package io.eddy.runtime.operators.hash;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.BasicTypeInfo;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TupleSerializer;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.base.StringSerializer;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Set;

/**
 * A combiner's table of serialized entries for tuples whose key fields are basic types with one
 * serialized form per value ({@link #supports}): each key's entry is its key fields' bytes and its
 * other fields' bytes, side by side in a {@code byte[]} chunk, and a slot is one {@code long} of
 * the key bytes' hash and the entry's address. An update compares key bytes, reads back only the
 * non-key fields (the key fields are taken from the incoming record, which has the same key) and
 * writes the result's non-key fields over the old ones when their length is unchanged, or appends
 * a new entry otherwise. So a key costs a slot and one entry of a few dozen bytes, both at fixed
 * places: the GC neither moves nor scans them, and a word count's table of 100,000 words takes
 * about 3 MB instead of the 12 MB of objects {@link HeapCombiningTable} keeps (docs/batch-drivers.md).
 *
 * <p>A table keyed by one string field never serializes a key it finds: it hashes the string
 * itself and compares it with the stored bytes char by char ({@link #stringEquals}); a new key is
 * serialized to be stored.
 *
 * <p>Memory: chunks and the slot array count against the budget exactly; when the next chunk or a
 * larger slot array would not fit, the table emits every value and starts over (the combiner mode,
 * in which partial aggregates are correct). An entry larger than the budget is passed on as it is.
 * It never spills.
 *
 * <p>Batches ({@link CombiningTable}): four passes over each (key bytes and hash; a load of each
 * slot; a load of the entry's first and value bytes; the probes and reduce calls). The two loading
 * passes are tight loops, so that the cache misses of a whole batch are in flight at once; loads
 * interleaved with each record's key serialization would overlap only a record or two.
 *
 * <p>The reduce function receives a new tuple holding the stored non-key values and the incoming
 * record's key values, and the incoming record; it may modify and return either or return a new
 * tuple. The result is serialized before the next call, so the table keeps no reference to it or
 * to any record. The key of the result is its group's key: key fields the function changes are
 * not stored.
 *
 * <p>Not thread-safe: all calls come from the task thread.
 */
public final class BinaryCombiningTable<T extends Tuple> extends CombiningTable<T> {

    /** Bits of an address that are the offset in its chunk: chunks are at most 1 MiB (but for one oversized entry). */
    private static final int OFFSET_BITS = 20;
    private static final int MAX_CHUNK = 1 << OFFSET_BITS;
    private static final int MIN_CHUNK = 4 << 10;
    /** At most this many chunks: an address plus one fits in 32 bits. */
    private static final int MAX_CHUNKS = (1 << (32 - OFFSET_BITS)) - 1;
    private static final int HEADER = 8;
    private static final int MIN_CAPACITY = 64;
    /** Little-endian, as the key reads of {@link #hash} need; the entry headers, read only here, take the same. */
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Key types whose equal values, and only those, serialize to equal bytes. */
    private static final Set<TypeInfo<?>> BINARY_KEY_TYPES = Set.of(BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.LONG_TYPE_INFO,
            BasicTypeInfo.INT_TYPE_INFO, BasicTypeInfo.SHORT_TYPE_INFO, BasicTypeInfo.BYTE_TYPE_INFO, BasicTypeInfo.CHAR_TYPE_INFO,
            BasicTypeInfo.BOOLEAN_TYPE_INFO);

    private final int arity;
    private final int[] keyFields;
    private final int[] valueFields;
    private final TypeSerializer<Object>[] fieldSerializers;
    /** The one non-key field and its serializer when there is exactly one (a (key, count) pair), else -1 and null. */
    private final int valueField;
    private final TypeSerializer<Object> valueSerializer;
    private final ReduceFunction<T> reducer;
    private final Collector<T> output;
    private final long budgetBytes;
    private final int chunkSize;

    /** The chunks written so far; the last one ({@link #chunkCount} - 1) takes the next entries. */
    private byte[][] chunks = new byte[16][];
    /** Where the entries of each chunk but the last end (the last one's end is {@link #writeOffset}). */
    private int[] chunkEnds = new int[16];
    private int chunkCount;
    /** Where the next entry goes in the last chunk. */
    private int writeOffset;
    /** Bytes of the chunks held. */
    private long chunkBytes;
    private long[] slots;
    private int mask;
    private int size;

    private final DataOutputSerializer scratch = new DataOutputSerializer(256);
    private final DataInputDeserializer reader = new DataInputDeserializer();
    private final int[] pendingHashes = new int[BATCH];
    private final int[] keyStarts = new int[BATCH];
    private final int[] pendingKeyLengths = new int[BATCH];
    private final DataOutputSerializer pendingKeys = new DataOutputSerializer(16 * BATCH);
    /** The key field when it is the only one and a string ({@link #combineByString}), else -1. */
    private final int stringKeyField;
    private final String[] pendingStrings = new String[BATCH];
    /** A new string key's bytes, serialized only to insert it. */
    private final DataOutputSerializer stringKeyBytes = new DataOutputSerializer(64);
    /** What the touching passes of {@link #combine(Object[], int)} read, kept so that the reads are not left out. */
    private int touched;

    /**
     * Whether a table can combine records of {@code type} by the top-level fields {@code keys}: a
     * standard tuple class of basic-type fields (numbers, strings, characters, booleans, dates)
     * whose key fields are strings, integral numbers, characters or booleans. A tuple with an
     * array or another composite field is left to {@link HeapCombiningTable}: every update here
     * reads the stored values back and writes the result's again, which for an array of doubles (a
     * k-means sum) costs more than the reduce itself, while a table of objects reduces in place.
     */
    public static boolean supports(TypeInfo<?> type, int[] keys) {
        if (!(type instanceof TupleTypeInfo<?> tuple) || tuple.getTypeClass() != Tuple.getTupleClass(tuple.getArity())
                || tuple.getTotalFields() != tuple.getArity() || keys.length == 0) {
            return false;
        }
        for (int i = 0; i < tuple.getArity(); i++) {
            if (!(tuple.getTypeAt(i) instanceof BasicTypeInfo<?>)) {
                return false;
            }
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] < 0 || keys[i] >= tuple.getArity() || !BINARY_KEY_TYPES.contains(tuple.getTypeAt(keys[i]))) {
                return false;
            }
            for (int j = 0; j < i; j++) {
                if (keys[j] == keys[i]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * @param serializer the records' serializer, of a type {@link #supports} accepts with {@code keys}
     * @param keys the key fields' positions
     * @param budgetBytes the bytes the chunks and slots may take, at least 64 KiB
     * @param output receives the values on each flush
     */
    @SuppressWarnings("unchecked")
    public BinaryCombiningTable(TupleSerializer<T> serializer, int[] keys, ReduceFunction<T> reducer, long budgetBytes,
            Collector<T> output) {
        if (budgetBytes < 16 * MIN_CHUNK) {
            throw new IllegalArgumentException("BinaryCombiningTable: a budget of " + budgetBytes + " bytes (expected: at least "
                    + 16 * MIN_CHUNK + "; raise the operator's managed memory share)");
        }
        TupleSerializer<T> own = serializer.duplicate();
        this.fieldSerializers = (TypeSerializer<Object>[]) own.getFieldSerializers();
        this.arity = fieldSerializers.length;
        this.keyFields = keys.clone();
        this.valueFields = new int[arity - keys.length];
        for (int f = 0, v = 0; f < arity; f++) {
            if (indexOf(keyFields, f) < 0) {
                valueFields[v++] = f;
            }
        }
        this.stringKeyField = keys.length == 1 && (TypeSerializer<?>) fieldSerializers[keys[0]] instanceof StringSerializer ? keys[0] : -1;
        this.valueField = valueFields.length == 1 ? valueFields[0] : -1;
        this.valueSerializer = valueFields.length == 1 ? fieldSerializers[valueField] : null;
        this.reducer = reducer;
        this.output = output;
        this.budgetBytes = budgetBytes;
        this.chunkSize = (int) Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Long.highestOneBit(budgetBytes / 16)));
        allocateSlots(MIN_CAPACITY);
    }

    private static int indexOf(int[] array, int value) {
        for (int i = 0; i < array.length; i++) {
            if (array[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Combines the pending records, in order: first each one's key bytes and hash; then a load of each
     * one's slot; then loads of the entry that slot points to, at its start and where its value bytes
     * start (a long key pushes them onto the next cache line); then the probes and reduce calls. The
     * loading passes change nothing; they let the processor wait for the batch's misses at once.
     */
    @Override
    @SuppressWarnings("unchecked")
    protected void combine(Object[] batch, int n) throws Exception {
        if (stringKeyField >= 0) {
            combineByString(batch, n);
            return;
        }
        DataOutputSerializer keys = pendingKeys;
        keys.clear();
        for (int i = 0; i < n; i++) {
            keyStarts[i] = keys.length();
            writeFields((Tuple) batch[i], keyFields, keys);
            pendingKeyLengths[i] = keys.length() - keyStarts[i];
            pendingHashes[i] = hash(keys.getSharedBuffer(), keyStarts[i], pendingKeyLengths[i]);
        }
        touch(n);
        byte[] keyBytes = keys.getSharedBuffer();
        for (int i = 0; i < n; i++) {
            T record = (T) batch[i];
            batch[i] = null;
            combineRecord(record, pendingHashes[i], null, keyBytes, keyStarts[i], pendingKeyLengths[i]);
        }
    }

    /**
     * The loading passes over a batch whose hashes and (serialized) key lengths are pending: a load
     * of each one's slot, then of the entry the slot points to, at its start and where its value
     * bytes start (a long key pushes them onto the next cache line). They change nothing.
     */
    private void touch(int n) {
        long sink = 0;
        for (int i = 0; i < n; i++) {
            sink += slots[pendingHashes[i] & mask];
        }
        for (int i = 0; i < n; i++) {
            long slot = slots[pendingHashes[i] & mask];
            if (slot != 0) {
                int address = (int) slot - 1;
                byte[] chunk = chunks[address >>> OFFSET_BITS];
                int offset = address & (MAX_CHUNK - 1);
                sink += chunk[offset] + chunk[Math.min(offset + HEADER + pendingKeyLengths[i], chunk.length - 1)];
            }
        }
        touched = (int) sink;
    }

    /**
     * {@link #combine} for a table keyed by one string field: the key is hashed from its chars
     * ({@link #stringHash}) and compared with a stored key's bytes char by char ({@link
     * #stringEquals}), so a key that is found is never serialized; only a new key is, to be
     * stored. The passes are those of {@link #combine}.
     */
    @SuppressWarnings("unchecked")
    private void combineByString(Object[] batch, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            Tuple record = (Tuple) batch[i];
            Object key = record.getField(stringKeyField);
            if (key == null) {
                throw nullField(record, stringKeyField);
            }
            String string = (String) key;
            pendingStrings[i] = string;
            pendingHashes[i] = stringHash(string);
            pendingKeyLengths[i] = 1 + string.length(); // exact for a short ASCII key
        }
        touch(n);
        for (int i = 0; i < n; i++) {
            T record = (T) batch[i];
            String key = pendingStrings[i];
            batch[i] = null;
            pendingStrings[i] = null;
            combineRecord(record, pendingHashes[i], key, null, 0, 0);
        }
    }

    private DataOutputSerializer serializeStringKey(String key) throws IOException {
        stringKeyBytes.clear();
        fieldSerializers[stringKeyField].serialize(key, stringKeyBytes);
        return stringKeyBytes;
    }

    /**
     * A hash of a string: its {@code hashCode()} (the JDK's own loop over its bytes), spread so that
     * the low bits the slots use depend on all of it.
     */
    static int stringHash(String s) {
        long h = s.hashCode() * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /**
     * Whether {@code bytes[start, start + length)}, a key {@link StringSerializer} wrote, is {@code
     * s}. When the stored key has one length byte and as many bytes as {@code s} has chars, it is
     * {@code s} exactly when each char equals its byte: a string of chars below 0x80 is encoded as
     * those chars, and any other char encodes to bytes of 0x80 and above, which as (negative)
     * bytes equal no char. Otherwise {@code s} is serialized and compared byte by byte.
     */
    boolean stringEquals(String s, byte[] bytes, int start, int length) throws IOException {
        int chars = s.length();
        if (length == chars + 1 && bytes[start] == chars) {
            for (int i = 0; i < chars; i++) {
                if (s.charAt(i) != bytes[start + 1 + i]) {
                    return false;
                }
            }
            return true;
        }
        DataOutputSerializer own = serializeStringKey(s);
        return own.length() == length && keyEquals(own.getSharedBuffer(), 0, bytes, start, length);
    }

    /**
     * Reduces {@code record} into its key's entry, or inserts it: the key is {@code stringKey} (a
     * string-keyed table; serialized only to be inserted) or else {@code keyBytes[keyStart,
     * keyStart + keyLength)}.
     */
    private void combineRecord(T record, int hash, String stringKey, byte[] keyBytes, int keyStart, int keyLength) throws Exception {
        for (int index = hash & mask; ; index = (index + 1) & mask) {
            long slot = slots[index];
            if (slot == 0) {
                if (stringKey != null) {
                    DataOutputSerializer own = serializeStringKey(stringKey);
                    keyBytes = own.getSharedBuffer();
                    keyStart = 0;
                    keyLength = own.length();
                }
                scratch.clear();
                writeFields(record, valueFields, scratch);
                insert(index, hash, keyBytes, keyStart, keyLength, record);
                return;
            }
            if ((int) (slot >>> 32) != hash) {
                continue;
            }
            int address = (int) slot - 1;
            byte[] chunk = chunks[address >>> OFFSET_BITS];
            int offset = address & (MAX_CHUNK - 1);
            int storedLength = (int) INTS.get(chunk, offset);
            boolean same = stringKey != null ? stringEquals(stringKey, chunk, offset + HEADER, storedLength)
                    : storedLength == keyLength && keyEquals(chunk, offset + HEADER, keyBytes, keyStart, keyLength);
            if (same) {
                // A string key's bytes (keyBytes null) are serialized in update() only if the entry moves.
                update(index, hash, chunk, offset, storedLength, record, keyBytes, keyStart);
                return;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void update(int index, int hash, byte[] chunk, int offset, int keyLength, T record, byte[] keyBytes, int keyStart) throws Exception {
        int valueStart = offset + HEADER + keyLength;
        int valueLength = (int) INTS.get(chunk, offset + 4);
        T stored = (T) record.copy();
        reader.setBuffer(chunk, valueStart, valueLength);
        T result;
        scratch.clear();
        if (valueSerializer != null) {
            // One value field: no loop over the fields, so that with the reduce function inlined the
            // JIT can keep the stored tuple in registers (C2 leaves out a word count's copy).
            stored.setField(valueSerializer.deserialize(reader), valueField);
            result = reducer.reduce(stored, record);
            Object value = result.getField(valueField);
            if (value == null) {
                throw nullField(result, valueField);
            }
            valueSerializer.serialize(value, scratch);
        } else {
            for (int field : valueFields) {
                stored.setField(fieldSerializers[field].deserialize(reader), field);
            }
            result = reducer.reduce(stored, record);
            writeFields(result, valueFields, scratch);
        }
        if (scratch.length() == valueLength) {
            System.arraycopy(scratch.getSharedBuffer(), 0, chunk, valueStart, valueLength);
            return;
        }
        if (keyBytes == null) {
            DataOutputSerializer own = serializeStringKey((String) record.getField(stringKeyField));
            keyBytes = own.getSharedBuffer();
            keyStart = 0;
        }
        int address = append(keyBytes, keyStart, keyLength);
        // The old entry is garbage now: emitValues skips it.
        INTS.set(chunk, offset + 4, ~valueLength);
        if (address < 0) {
            // The old entry goes with its slot: the result replaces it.
            slots[index] = 0;
            size--;
            emitAll();
            insertIntoEmpty(hash, keyBytes, keyStart, keyLength, result);
            return;
        }
        slots[index] = (slots[index] & 0xFFFF_FFFF_0000_0000L) | (address + 1L);
    }

    private static int slotHash(long slot) {
        return (int) (slot >>> 32);
    }

    /** Inserts a new key whose non-key bytes are in {@link #scratch}. */
    private void insert(int index, int hash, byte[] keyBytes, int keyStart, int keyLength, T record) {
        int address = append(keyBytes, keyStart, keyLength);
        if (address < 0) {
            if (Math.max(chunkSize, HEADER + keyLength + scratch.length()) + (long) slots.length * Long.BYTES > budgetBytes) {
                // Would not fit even alone: passed on, and the table keeps what it holds.
                output.collect(record);
                return;
            }
            emitAll();
            insertIntoEmpty(hash, keyBytes, keyStart, keyLength, record);
            return;
        }
        slots[index] = ((long) hash << 32) | (address + 1L);
        size++;
        if (size * 2 > slots.length) {
            grow();
        }
    }

    /** After {@link #emitAll()}: stores the entry of {@link #scratch}'s bytes, or passes {@code record} on if it cannot fit at all. */
    private void insertIntoEmpty(int hash, byte[] keyBytes, int keyStart, int keyLength, T record) {
        int address = append(keyBytes, keyStart, keyLength);
        if (address < 0) {
            output.collect(record);
            return;
        }
        slots[hash & mask] = ((long) hash << 32) | (address + 1L);
        size = 1;
    }

    /**
     * Writes an entry of the given key bytes and {@link #scratch}'s value bytes and returns its
     * address, or -1 if the budget has no room for it.
     */
    private int append(byte[] keyBytes, int keyStart, int keyLength) {
        int valueLength = scratch.length();
        int length = HEADER + keyLength + valueLength;
        if (chunkCount == 0 || chunks[chunkCount - 1].length - writeOffset < length) {
            if (!addChunk(length)) {
                return -1;
            }
        }
        byte[] chunk = chunks[chunkCount - 1];
        int offset = writeOffset;
        INTS.set(chunk, offset, keyLength);
        INTS.set(chunk, offset + 4, valueLength);
        System.arraycopy(keyBytes, keyStart, chunk, offset + HEADER, keyLength);
        System.arraycopy(scratch.getSharedBuffer(), 0, chunk, offset + HEADER + keyLength, valueLength);
        writeOffset = offset + length;
        return ((chunkCount - 1) << OFFSET_BITS) | offset;
    }

    /**
     * Adds a chunk with room for an entry of {@code length} bytes, if the budget allows: one of
     * {@link #chunkSize}, or one of just that entry if it is larger (no other entry follows it
     * there, so its offset stays 0). After an emit the first chunk is kept and used again.
     */
    private boolean addChunk(int length) {
        if (chunkCount == 0 && chunks[0] != null && chunks[0].length >= length) {
            chunkCount = 1;
            writeOffset = 0;
            return true;
        }
        int capacity = Math.max(chunkSize, length);
        long held = chunkCount == 0 && chunks[0] != null ? chunkBytes - chunks[0].length : chunkBytes;
        if (chunkCount >= MAX_CHUNKS || held + capacity + (long) slots.length * Long.BYTES > budgetBytes) {
            return false;
        }
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
            chunkEnds = Arrays.copyOf(chunkEnds, chunkCount * 2);
        }
        if (chunkCount > 0) {
            chunkEnds[chunkCount - 1] = writeOffset;
        }
        if (chunks[chunkCount] != null) {
            chunkBytes -= chunks[chunkCount].length;
        }
        chunks[chunkCount++] = new byte[capacity];
        chunkBytes += capacity;
        writeOffset = 0;
        return true;
    }

    private void grow() {
        int capacity = slots.length * 2;
        if (chunkBytes + (long) capacity * Long.BYTES > budgetBytes) {
            emitAll();
            return;
        }
        long[] old = slots;
        allocateSlots(capacity);
        for (long slot : old) {
            if (slot != 0) {
                int index = slotHash(slot) & mask;
                while (slots[index] != 0) {
                    index = (index + 1) & mask;
                }
                slots[index] = slot;
            }
        }
    }

    private void allocateSlots(int capacity) {
        slots = new long[capacity];
        mask = capacity - 1;
    }

    /** Serializes {@code fields} of {@code record}, in that order, to {@code target}. */
    private void writeFields(Tuple record, int[] fields, DataOutputSerializer target) throws IOException {
        for (int field : fields) {
            Object value = record.getField(field);
            if (value == null) {
                throw nullField(record, field);
            }
            fieldSerializers[field].serialize(value, target);
        }
    }

    private static NullPointerException nullField(Tuple record, int field) {
        return new NullPointerException(record.getClass().getSimpleName() + " field f" + field + " is null in " + record
                + "; tuple fields must not be null: use a POJO or record for nullable fields, or a default value");
    }

    /**
     * A hash of a key's bytes, 8 at a time: a key of at least 8 bytes ends with its last 8 (which may
     * overlap the ones before), one of 4 to 7 with its first and last 4, so only keys of 1 to 3
     * bytes are read byte by byte. Every bit of the key reaches every bit of the hash, so any {@code
     * hash & mask} spreads keys that differ in any byte.
     */
    static int hash(byte[] bytes, int start, int length) {
        long h = length * 0x9E3779B97F4A7C15L;
        if (length >= Long.BYTES) {
            int last = start + length - Long.BYTES;
            for (int p = start; p < last; p += Long.BYTES) {
                h = (h ^ (long) LONGS.get(bytes, p)) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 29;
            }
            h ^= (long) LONGS.get(bytes, last);
        } else if (length >= Integer.BYTES) {
            h ^= ((long) (int) INTS.get(bytes, start) << 32) | ((int) INTS.get(bytes, start + length - Integer.BYTES) & 0xFFFF_FFFFL);
        } else {
            for (int i = 0; i < length; i++) {
                h = (h << 8) ^ (bytes[start + i] & 0xFF);
            }
        }
        // A full avalanche (MurmurHash3's 64-bit finalizer): the slots use the low bits, and a small
        // big-endian number read little-endian varies only in its high bytes.
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return (int) h;
    }

    /** Whether {@code a[aStart, aStart + length)} equals {@code b[bStart, bStart + length)}; reads 8 bytes at a time as {@link #hash} does. */
    static boolean keyEquals(byte[] a, int aStart, byte[] b, int bStart, int length) {
        if (length >= Long.BYTES) {
            int last = length - Long.BYTES;
            for (int i = 0; i < last; i += Long.BYTES) {
                if ((long) LONGS.get(a, aStart + i) != (long) LONGS.get(b, bStart + i)) {
                    return false;
                }
            }
            return (long) LONGS.get(a, aStart + last) == (long) LONGS.get(b, bStart + last);
        }
        if (length >= Integer.BYTES) {
            int last = length - Integer.BYTES;
            return (int) INTS.get(a, aStart) == (int) INTS.get(b, bStart)
                    && (int) INTS.get(a, aStart + last) == (int) INTS.get(b, bStart + last);
        }
        for (int i = 0; i < length; i++) {
            if (a[aStart + i] != b[bStart + i]) {
                return false;
            }
        }
        return true;
    }

    /** Emits every value as a new tuple, in no particular order, and empties the table (its slot array and first chunk stay). */
    @Override
    @SuppressWarnings("unchecked")
    protected void emitValues() {
        Arrays.fill(slots, 0L);
        try {
            // In the order the entries were written (sequential reads), not the slots' (a cache miss
            // per entry); an entry whose value moved to a later one has a negative value length.
            for (int c = 0; c < chunkCount; c++) {
                byte[] chunk = chunks[c];
                int end = c == chunkCount - 1 ? writeOffset : chunkEnds[c];
                for (int offset = 0; offset < end; ) {
                    int keyLength = (int) INTS.get(chunk, offset);
                    int valueLength = (int) INTS.get(chunk, offset + 4);
                    if (valueLength < 0) {
                        offset += HEADER + keyLength + ~valueLength;
                        continue;
                    }
                    Tuple record = Tuple.newInstance(arity);
                    reader.setBuffer(chunk, offset + HEADER, keyLength + valueLength);
                    for (int field : keyFields) {
                        record.setField(fieldSerializers[field].deserialize(reader), field);
                    }
                    for (int field : valueFields) {
                        record.setField(fieldSerializers[field].deserialize(reader), field);
                    }
                    output.collect((T) record);
                    offset += HEADER + keyLength + valueLength;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("Bug: an entry of the combining table could not be read back", e);
        }
        // Keeps the first chunk for the next entries if it is a regular one; the others go.
        for (int i = chunks[0] != null && chunks[0].length == chunkSize ? 1 : 0; i < chunkCount; i++) {
            chunkBytes -= chunks[i].length;
            chunks[i] = null;
        }
        chunkCount = 0;
        writeOffset = 0;
        size = 0;
    }

    @Override
    public int size() {
        return size;
    }

    /** The bytes of the chunks and the slot array held now. */
    public long memoryBytes() {
        return chunkBytes + (long) slots.length * Long.BYTES;
    }
}
