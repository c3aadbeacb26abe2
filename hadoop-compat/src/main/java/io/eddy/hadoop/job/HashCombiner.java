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
 * When a store is full and at the end of each map task ({@link #flush()}), the values are copied in
 * key order (a counting sort) and the combiner runs once over the groups — each key
 * (deserialized into an object of its own) with its values in the order they came — and what it
 * writes goes on to the shuffle; then the stores are empty again. That is what Hadoop does per spill
 * of its sorted map output buffer, less the sort: the combiner sees the same groups, their keys in
 * first-seen instead of sorted order (the shuffle sorts for the reducer in any case).
 *
 * <p>Memory: a third of the given bytes holds the values as they came ({@code [key number][length]
 * [bytes]}, native byte order), a third the same values in key order at a flush, up to a quarter the
 * keys, and the rest the table. Used by the task's thread only.
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

    /** Hadoop's MurmurHash (version 2): four bytes a step, its result mixed in the low bits the table's mask keeps. */
    private static final MurmurHash HASH = new MurmurHash();
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final int VALUE_HEADER = 8;
    private static final int INITIAL_KEYS = 1 << 13;

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
    private int[] keyStart = new int[INITIAL_KEYS + 1];
    /** Per key: the bytes its values take in key order ({@link #sorted}'s layout) so far. */
    private int[] groupBytes = new int[INITIAL_KEYS];
    private int keys;

    /** Per slot: the hash of its key's bytes (high half) and the key's number + 1 (low half); 0 if the slot is free. One read per probe. */
    private long[] slots = new long[INITIAL_KEYS * 2];

    /** At a flush: the values in key order, {@code [length][bytes]} each, key {@code k}'s from {@code groupStart[k]}. */
    private final byte[] sorted;
    private int[] groupStart = new int[0];

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
        this.values = new byte[memoryBytes / 3];
        this.sorted = new byte[memoryBytes / 3];
        this.maxKeyBytes = memoryBytes / 4;
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
            byte[] bytes = scratch.getSharedBuffer();
            int hash = hash(bytes, keyLength);
            int slot = find(bytes, keyLength, hash);
            boolean newKey = slots[slot] == 0;
            if (valuesUsed + VALUE_HEADER + valueLength > values.length || (newKey && keyStart[keys] + keyLength > maxKeyBytes)) {
                flush();
                if (VALUE_HEADER + valueLength > values.length || keyLength > maxKeyBytes) {
                    // Larger than a whole store: on uncombined (a combiner is an optimization Hadoop may skip too).
                    out.collect(Tuple2.of(read(keyClass, bytes, 0, keyLength), read(valueClass, bytes, keyLength, valueLength)));
                    return;
                }
                slot = find(bytes, keyLength, hash);
            }
            int key = (int) slots[slot] - 1;
            if (key < 0) {
                key = addKey(slot, hash, bytes, keyLength);
            }
            INT.set(values, valuesUsed, key);
            INT.set(values, valuesUsed + 4, valueLength);
            System.arraycopy(bytes, keyLength, values, valuesUsed + VALUE_HEADER, valueLength);
            valuesUsed += VALUE_HEADER + valueLength;
            groupBytes[key] += 4 + valueLength;
        } catch (IOException e) {
            throw new UncheckedIOException("Serializing the output of " + what + " failed: " + e.getMessage(), e);
        }
    }

    /** Does nothing: the map task flushes at its end ({@link #flush()}), the downstream collector is the task's to close. */
    @Override
    public void close() {
    }

    /** Runs the combiner over the groups held, if any, and empties the stores. */
    void flush() {
        if (keys == 0) {
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
        discard();
    }

    /** Empties the stores without combining (their map task failed: its output goes with it). */
    void discard() {
        if (keys > 0) {
            Arrays.fill(slots, 0);
            Arrays.fill(groupBytes, 0, keys, 0);
        }
        keys = 0;
        valuesUsed = 0;
    }

    /**
     * Copies the values into {@link #sorted} in key order (a counting sort): the values are read in
     * the order they came and each written behind its key's; for skewed keys most writes go to a few
     * places. The combiner then reads them one after another, where reading them where they came
     * would jump through memory at every value.
     */
    private void orderValues() {
        if (groupStart.length < keys + 1) {
            groupStart = new int[Math.max(keys + 1, groupStart.length * 2)];
        }
        int at = 0;
        for (int k = 0; k < keys; k++) {
            groupStart[k] = at;
            at += groupBytes[k];
            groupBytes[k] = groupStart[k]; // from here on: where key k's next value goes
        }
        groupStart[keys] = at;
        for (int offset = 0; offset < valuesUsed; ) {
            int k = (int) INT.get(values, offset);
            int length = (int) INT.get(values, offset + 4);
            int to = groupBytes[k];
            INT.set(sorted, to, length);
            if (length == 4) {
                INT.set(sorted, to + 4, (int) INT.get(values, offset + VALUE_HEADER));
            } else {
                System.arraycopy(values, offset + VALUE_HEADER, sorted, to + 4, length);
            }
            groupBytes[k] = to + 4 + length;
            offset += VALUE_HEADER + length;
        }
    }

    private int find(byte[] bytes, int keyLength, int hash) {
        int mask = slots.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            long entry = slots[slot];
            if (entry == 0) {
                return slot;
            }
            int key = (int) entry - 1;
            if ((int) (entry >>> 32) == hash && sameBytes(keyStart[key], keyStart[key + 1], bytes, keyLength)) {
                return slot;
            }
        }
    }

    private boolean sameBytes(int from, int to, byte[] bytes, int length) {
        return Arrays.equals(keyBytes, from, to, bytes, 0, length);
    }

    private int addKey(int slot, int hash, byte[] bytes, int keyLength) {
        int key = keys;
        int from = keyStart[key];
        if (from + keyLength > keyBytes.length) {
            keyBytes = Arrays.copyOf(keyBytes, Math.min(maxKeyBytes, Math.max(from + keyLength, keyBytes.length * 2)));
        }
        System.arraycopy(bytes, 0, keyBytes, from, keyLength);
        if (key + 1 == groupBytes.length) {
            groupBytes = Arrays.copyOf(groupBytes, groupBytes.length * 2);
            keyStart = Arrays.copyOf(keyStart, groupBytes.length + 1);
        }
        keyStart[key + 1] = from + keyLength;
        slots[slot] = ((long) hash << 32) | (key + 1);
        keys++;
        if (keys * 2 > slots.length) {
            grow();
        }
        return key;
    }

    /** Doubles the table, keeping it at most half full. */
    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long entry : old) {
            if (entry != 0) {
                int slot = (int) (entry >>> 32) & mask;
                while (slots[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = entry;
            }
        }
    }

    private static int hash(byte[] bytes, int length) {
        return HASH.hash(bytes, 0, length, 0x9747b28c);
    }

    /**
     * The pairs held, group by group: each key deserialized into a new object shared by the pairs of
     * its group, the values into two objects taken in turn (as Hadoop reuses a reducer's value object;
     * {@link SortedGroups} holds the current pair and the next).
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
                return next < end || nextKey < keys;
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
