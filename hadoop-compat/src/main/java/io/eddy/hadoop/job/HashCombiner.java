package io.eddy.hadoop.job;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.ByteWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.ShortWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.VIntWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.hash.MurmurHash;

/**
 * A map task's combiner over its output grouped by hashing the keys' serialized bytes instead of
 * sorting them: the collector a map task's mapper writes to when the job has a combiner and its map
 * output key is one of {@link #KEYS}, whose registered comparators call two keys equal exactly when
 * their serialized bytes are equal (and the job sets no sort or combiner grouping comparator of its
 * own).
 *
 * <p>Each pair is serialized as it comes ({@code write}): a key's bytes once, when first seen, into
 * the key store, where a hash table over them (open addressing, linear probing) finds the key's
 * number; the value into the value store behind the values before it, tagged with its key's number.
 * A slot of the table holds, besides the key's hash and number, the key's length, its first 16
 * bytes and how many bytes its values take: a lookup of a key of up to 16 bytes reads one slot and
 * nothing else (keys are mostly short, and a cold key would otherwise cost a cache miss in the
 * table, in the key store's offsets and in its bytes).
 *
 * <p>When the value store is full and at the end of each map task ({@link #flush()}), the values are
 * copied in key order (a counting sort) and the combiner runs once over the groups — each key
 * (deserialized into an object of its own) with its values in the order they came — and what it
 * writes goes on to the shuffle; then the value store is empty again. The keys stay (a frequent key
 * is not added again after every flush) until the key store or the table is full. That is what
 * Hadoop does per spill of its sorted map output buffer, less the sort: the combiner sees the same
 * groups, their keys in first-seen instead of sorted order (the shuffle sorts for the reducer in any
 * case).
 *
 * <p>Memory: three tenths of the given bytes hold the values as they came ({@code [key number]
 * [length][bytes]}, native byte order), three tenths the same values in key order at a flush, a
 * tenth the keys' bytes and at most three tenths the table. Used by the task's thread only.
 */
final class HashCombiner<K extends Writable, V extends Writable> implements Collector<Tuple2<K, V>> {

    /**
     * The key types whose registered comparators order equal serialized bytes, and only those, as
     * equal: Hadoop's {@code Text} (bytes after the length), integers and longs (fixed and variable
     * length), {@code BytesWritable}, booleans, bytes, shorts and {@code NullWritable}. Not floats
     * and doubles: their comparators call {@code 0.0} and {@code -0.0} equal.
     */
    static final Set<Class<?>> KEYS = Set.of(Text.class, IntWritable.class, LongWritable.class, VIntWritable.class, VLongWritable.class,
            BytesWritable.class, BooleanWritable.class, ByteWritable.class, ShortWritable.class, NullWritable.class);

    /** Hadoop's MurmurHash (version 2), for keys longer than a slot's 16 bytes. */
    private static final MurmurHash HASH = new MurmurHash();
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    /** Little-endian: a key's byte {@code i < 8} is bits {@code 8i} to {@code 8i + 7} of its first word, whatever the machine. */
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int VALUE_HEADER = 8;
    private static final int INITIAL_SLOTS = 1 << 14;
    /** Longs per slot: {@code [hash << 32 | key number + 1][first 8 key bytes][next 8][key length << 32 | its values' bytes]}. */
    private static final int SLOT = 4;
    private static final int INLINE = 16;

    private final Class<K> keyClass;
    private final Class<V> valueClass;
    private final JobGroupRunner<K, V, K, V> combiner;
    private final String what;
    /** Where the combiner's output goes: the map task's collector of the current split. */
    private Collector<Tuple2<K, V>> out;

    /** The values: {@code [key number][length][bytes]} each, in the order they came. */
    private final byte[] values;
    private int valuesUsed;

    /** The keys' bytes, one after another; key {@code k}'s are {@code keyStart[k]} to {@code keyStart[k + 1]}. */
    private byte[] keyBytes = new byte[1 << 16];
    private final int maxKeyBytes;
    private int[] keyStart = new int[INITIAL_SLOTS / 2 + 1];
    private int keys;

    /** The hash table, {@link #SLOT} longs a slot (layout there); a slot is free if its first long is 0. At most half full. */
    private long[] table = new long[INITIAL_SLOTS * SLOT];
    /** The most slots the table may have; with {@link #keys} at half of them, the keys are dropped at the next flush. */
    private final int maxSlots;

    /** At a flush: the values in key order, {@code [length][bytes]} each, key {@code k}'s from {@code groupStart[k]}. */
    private final byte[] sorted;
    private int[] groupStart = new int[0];
    /** At a flush: where key {@code k}'s next value goes in {@link #sorted}. */
    private int[] cursor = new int[0];

    /** Unsynchronized, unlike Hadoop's DataOutputBuffer, whose stream locks per byte written. */
    private final DataOutputSerializer scratch = new DataOutputSerializer(256);
    private final DataInputDeserializer reading = new DataInputDeserializer();

    /**
     * A combiner holding up to {@code memoryBytes} of map output, running {@code combiner} (with its
     * runtime context set); {@code what} names the map tasks in errors.
     */
    HashCombiner(Class<K> keyClass, Class<V> valueClass, JobGroupRunner<K, V, K, V> combiner, int memoryBytes, String what) {
        this.keyClass = keyClass;
        this.valueClass = valueClass;
        this.combiner = combiner;
        this.values = new byte[(int) (memoryBytes * 3L / 10)];
        this.sorted = new byte[values.length];
        this.maxKeyBytes = Math.max(1, memoryBytes / 10);
        this.maxSlots = Math.max(INITIAL_SLOTS, Integer.highestOneBit((int) (memoryBytes * 3L / 10 / (SLOT * Long.BYTES))));
        this.what = what;
    }

    /** Sends what the combiner writes to {@code out} from now on (a map task's downstream collector). */
    void target(Collector<Tuple2<K, V>> out) {
        this.out = out;
    }

    @Override
    public void collect(Tuple2<K, V> pair) {
        if (pair.f0 == null || pair.f1 == null) {
            throw new NullPointerException(what + " emitted a null " + (pair.f0 == null ? "key" : "value")
                    + "; Eddy records never hold null keys or values (emit NullWritable.get() instead)");
        }
        try {
            scratch.clear();
            pair.f0.write(scratch);
            int keyLength = scratch.length();
            pair.f1.write(scratch);
            int valueLength = scratch.length() - keyLength;
            byte[] bytes = scratch.getSharedBuffer(); // at least 256 bytes long: the two words are in it
            long word0 = (long) WORD.get(bytes, 0);
            long word1 = (long) WORD.get(bytes, 8);
            if (keyLength < INLINE) { // the bytes after the key are its value's, or stale: zero them in the words
                if (keyLength <= 8) {
                    word1 = 0;
                    word0 &= keyLength == 8 ? -1L : (1L << (keyLength * 8)) - 1;
                } else {
                    word1 &= (1L << ((keyLength - 8) * 8)) - 1;
                }
            }
            int hash = keyLength <= INLINE ? mix(word0, word1, keyLength) : HASH.hash(bytes, 0, keyLength, 0x9747b28c);
            int slot = find(bytes, keyLength, hash, word0, word1);
            boolean newKey = table[slot] == 0;
            boolean oversized = VALUE_HEADER + valueLength > values.length || keyLength > maxKeyBytes;
            if (oversized || valuesUsed + VALUE_HEADER + valueLength > values.length) {
                flush();
            }
            if (oversized) {
                // Larger than a whole store: on uncombined (a combiner is an optimization Hadoop may skip too).
                out.collect(Tuple2.of(read(keyClass, bytes, 0, keyLength), read(valueClass, bytes, keyLength, valueLength)));
                return;
            }
            if (newKey && (keyStart[keys] + keyLength > maxKeyBytes || (keys + 1) * 2 > maxSlots)) {
                flush();
                dropKeys();
                slot = find(bytes, keyLength, hash, word0, word1);
            }
            if (newKey) {
                slot = addKey(slot, hash, bytes, keyLength, word0, word1);
            }
            int key = (int) table[slot] - 1;
            INT.set(values, valuesUsed, key);
            INT.set(values, valuesUsed + 4, valueLength);
            System.arraycopy(bytes, keyLength, values, valuesUsed + VALUE_HEADER, valueLength);
            valuesUsed += VALUE_HEADER + valueLength;
            table[slot + 3] += 4 + valueLength;
        } catch (IOException e) {
            throw new UncheckedIOException("Serializing the output of " + what + " failed: " + e.getMessage(), e);
        }
    }

    /** Does nothing: the map task flushes at its end ({@link #flush()}), the downstream collector is the task's to close. */
    @Override
    public void close() {
    }

    /** Runs the combiner over the groups held, if any, and empties the value store (the keys stay). */
    void flush() {
        if (valuesUsed == 0) {
            return;
        }
        orderValues();
        try {
            combiner.combineHashGroups(this::groups, out);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("The combiner of " + what + " failed: " + e.getMessage(), e);
        }
        valuesUsed = 0;
    }

    /** Empties the stores without combining (their map task failed: its output goes with it). */
    void discard() {
        valuesUsed = 0;
        dropKeys();
    }

    private void dropKeys() {
        if (keys > 0) {
            Arrays.fill(table, 0);
        }
        keys = 0;
    }

    /**
     * Copies the values into {@link #sorted} in key order (a counting sort), and zeroes the values'
     * bytes counted in the table's slots: the values are read in the order they came and each
     * written behind its key's; for skewed keys most writes go to a few places. The combiner then
     * reads them one after another, where reading them where they came would jump through memory at
     * every value.
     */
    private void orderValues() {
        if (groupStart.length < keys + 1) {
            groupStart = new int[Math.max(keys + 1, groupStart.length * 2)];
            cursor = new int[groupStart.length];
        }
        for (int slot = 0; slot < table.length; slot += SLOT) {
            long entry = table[slot];
            if (entry != 0) {
                cursor[(int) entry - 1] = (int) table[slot + 3];
                table[slot + 3] &= 0xFFFF_FFFF_0000_0000L;
            }
        }
        int at = 0;
        for (int k = 0; k < keys; k++) {
            groupStart[k] = at;
            at += cursor[k];
            cursor[k] = groupStart[k];
        }
        groupStart[keys] = at;
        for (int offset = 0; offset < valuesUsed; ) {
            int k = (int) INT.get(values, offset);
            int length = (int) INT.get(values, offset + 4);
            int to = cursor[k];
            INT.set(sorted, to, length);
            if (length == 4) {
                INT.set(sorted, to + 4, (int) INT.get(values, offset + VALUE_HEADER));
            } else {
                System.arraycopy(values, offset + VALUE_HEADER, sorted, to + 4, length);
            }
            cursor[k] = to + 4 + length;
            offset += VALUE_HEADER + length;
        }
    }

    /**
     * The slot of the key of {@code keyLength} bytes at the start of {@code bytes} (its hash and its
     * first 16 bytes, zero-padded, given), or the free slot where it goes.
     */
    private int find(byte[] bytes, int keyLength, int hash, long word0, long word1) {
        int mask = table.length - 1;
        for (int slot = (hash * SLOT) & mask; ; slot = (slot + SLOT) & mask) {
            long entry = table[slot];
            if (entry == 0) {
                return slot;
            }
            if ((int) (entry >>> 32) == hash && table[slot + 1] == word0 && table[slot + 2] == word1 && (int) (table[slot + 3] >>> 32) == keyLength
                    && (keyLength <= INLINE || sameTail((int) entry - 1, bytes, keyLength))) {
                return slot;
            }
        }
    }

    /** Whether key {@code key}'s bytes after the first 16 are those of {@code bytes} (as long, {@code length} bytes in all). */
    private boolean sameTail(int key, byte[] bytes, int length) {
        return Arrays.equals(keyBytes, keyStart[key] + INLINE, keyStart[key + 1], bytes, INLINE, length);
    }

    /** Adds the key to the table at the free {@code slot}; returns its slot (another if the table grew). */
    private int addKey(int slot, int hash, byte[] bytes, int keyLength, long word0, long word1) {
        int key = keys;
        int from = keyStart[key];
        if (from + keyLength > keyBytes.length) {
            keyBytes = Arrays.copyOf(keyBytes, Math.min(maxKeyBytes, Math.max(from + keyLength, keyBytes.length * 2)));
        }
        System.arraycopy(bytes, 0, keyBytes, from, keyLength);
        if (key + 2 > keyStart.length) {
            keyStart = Arrays.copyOf(keyStart, keyStart.length * 2);
        }
        keyStart[key + 1] = from + keyLength;
        table[slot] = ((long) hash << 32) | (key + 1);
        table[slot + 1] = word0;
        table[slot + 2] = word1;
        table[slot + 3] = (long) keyLength << 32;
        keys++;
        if (keys * 2 > table.length / SLOT) {
            grow();
            return find(bytes, keyLength, hash, word0, word1);
        }
        return slot;
    }

    /** Doubles the table, keeping it at most half full. */
    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        int mask = table.length - 1;
        for (int from = 0; from < old.length; from += SLOT) {
            if (old[from] != 0) {
                int slot = ((int) (old[from] >>> 32) * SLOT) & mask;
                while (table[slot] != 0) {
                    slot = (slot + SLOT) & mask;
                }
                System.arraycopy(old, from, table, slot, SLOT);
            }
        }
    }

    /** The hash of a key of at most 16 bytes from its two zero-padded words (a 64-bit finalizer's mix). */
    private static int mix(long word0, long word1, int length) {
        long h = (word0 ^ Long.rotateLeft(word1, 29) ^ ((long) length << 56)) * 0x9E37_79B9_7F4A_7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8_FEB8_6659_FD93L;
        return (int) (h ^ (h >>> 32));
    }

    /**
     * The pairs held, group by group: each key (with values held) deserialized into a new object
     * shared by the pairs of its group, the values into two objects taken in turn (as Hadoop reuses
     * a reducer's value object; {@link SortedGroups} holds the current pair and the next).
     */
    private Iterator<Tuple2<K, V>> groups() {
        return new Iterator<>() {
            private final Tuple2<K, V>[] pairs = newPairs();
            private int turn;
            /** The next key, and the next value (a position in sorted) and the end of its key's. */
            private int nextKey;
            private int next;
            private int end;
            private K key;

            @Override
            public boolean hasNext() {
                if (next < end) {
                    return true;
                }
                while (nextKey < keys && groupStart[nextKey] == groupStart[nextKey + 1]) {
                    nextKey++; // a key without values since the last flush
                }
                return nextKey < keys;
            }

            @Override
            public Tuple2<K, V> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                try {
                    if (next == end) {
                        int k = nextKey++;
                        key = ReflectionUtils.newInstance(keyClass, null);
                        reading.setBuffer(keyBytes, keyStart[k], keyStart[k + 1] - keyStart[k]);
                        key.readFields(reading);
                        next = groupStart[k];
                        end = groupStart[k + 1];
                    }
                    Tuple2<K, V> pair = pairs[turn];
                    turn ^= 1;
                    pair.f0 = key;
                    int length = (int) INT.get(sorted, next);
                    reading.setBuffer(sorted, next + 4, length);
                    pair.f1.readFields(reading);
                    next += 4 + length;
                    return pair;
                } catch (IOException e) {
                    throw new UncheckedIOException("Reading back the output of " + what + " for its combiner failed: " + e.getMessage(), e);
                }
            }
        };
    }

    @SuppressWarnings("unchecked")
    private Tuple2<K, V>[] newPairs() {
        return new Tuple2[] {Tuple2.of(null, ReflectionUtils.newInstance(valueClass, null)), Tuple2.of(null, ReflectionUtils.newInstance(valueClass, null))};
    }

    /** A new {@code type} read from {@code length} serialized bytes at {@code offset}. */
    private static <T extends Writable> T read(Class<T> type, byte[] bytes, int offset, int length) throws IOException {
        T copy = ReflectionUtils.newInstance(type, null);
        copy.readFields(new DataInputDeserializer(bytes, offset, length));
        return copy;
    }
}
