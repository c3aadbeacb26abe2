package io.eddy.hadoop.typeinfo;

import io.eddy.api.common.typeutils.ByteStringKeys;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.hadoop.impl.SerializableJobConf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.apache.hadoop.io.BinaryComparable;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.ByteWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.ShortWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.VIntWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Orders a {@link WritableComparable} as Hadoop does: by the comparator Hadoop registers for the
 * class ({@link WritableComparator#get}), which compares serialized records byte by byte where the
 * class registers a raw comparator ({@code Text}, {@code IntWritable}, ...) and through {@code
 * readFields} + {@code compareTo} otherwise.
 *
 * <ul>
 *   <li>{@link #compare}: the registered comparator's object comparison.
 *   <li>{@link #compareSerialized}: reads the two records' bytes ({@link WritableSerializer}'s
 *       length prefix says how many) and hands them to the registered comparator's raw {@code
 *       compare(byte[], int, int, byte[], int, int)}.
 *   <li>{@link #hash}: the key's {@code hashCode()}, which Hadoop's {@code HashPartitioner} already
 *       requires to agree with {@code compareTo} and to be the same in every JVM; Hadoop's own key
 *       types hash their value.
 *   <li>Normalized keys for Hadoop's {@code IntWritable}, {@code LongWritable}, {@code
 *       ShortWritable}, {@code ByteWritable}, {@code BooleanWritable}, {@code VIntWritable}, {@code
 *       VLongWritable} (the whole key) and {@code Text}, {@code BytesWritable} (their bytes,
 *       whole for keys that fit the normalized key), when the comparator Hadoop registers for the class is its own (a subclass or a
 *       comparator defined by the program gets none: its order may differ).
 *   <li>Or, given a comparator class (a MapReduce job's sort or grouping comparator, which may be
 *       any {@link RawComparator}), that comparator's order, without normalized keys; objects that
 *       a non-{@code WritableComparator} compares are written out and compared as bytes.
 * </ul>
 *
 * <p>Not thread-safe (reference and scratch buffers); {@link #duplicate()} per thread.
 */
public final class WritableKeyComparator<T extends Writable> extends TypeComparator<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final boolean ascending;
    /** A comparator class to order by instead of the one Hadoop registers for {@link #type}, or null. */
    private final Class<? extends RawComparator> comparatorClass;
    /** The configuration {@link #comparatorClass} is made with (a {@code Configurable} one reads it); null without one. */
    private final SerializableJobConf conf;
    /** How normalized keys are written, or null if the class has none. */
    private final NormalizedKey normalizedKey;
    private transient RawComparator<Object> comparator;
    private transient T reference;
    private transient byte[] first;
    private transient byte[] second;
    private transient DataOutputBuffer firstWritten;
    private transient DataOutputBuffer secondWritten;

    /** Hadoop's order for {@code type}: the comparator {@code WritableComparator.get} gives (the class must be a {@code WritableComparable}). */
    public WritableKeyComparator(Class<T> type, boolean ascending) {
        this(type, ascending, null, (SerializableJobConf) null);
    }

    /**
     * The order of {@code comparatorClass} (a job's sort or grouping comparator), made with Hadoop's
     * {@code ReflectionUtils.newInstance(comparatorClass, conf)}; no normalized keys.
     */
    public WritableKeyComparator(Class<T> type, boolean ascending, Class<? extends RawComparator> comparatorClass, JobConf conf) {
        this(type, ascending, comparatorClass, comparatorClass == null ? null : new SerializableJobConf(Objects.requireNonNull(conf, "conf")));
    }

    private WritableKeyComparator(Class<T> type, boolean ascending, Class<? extends RawComparator> comparatorClass, SerializableJobConf conf) {
        this.type = Objects.requireNonNull(type, "type");
        this.ascending = ascending;
        this.comparatorClass = comparatorClass;
        this.conf = conf;
        if (comparatorClass == null && !WritableComparable.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("type: " + type.getName() + " is no WritableComparable; give the comparator to order it by");
        }
        this.normalizedKey = comparatorClass == null ? NormalizedKey.of(type, (WritableComparator) comparator()) : null;
    }

    @SuppressWarnings("unchecked")
    private RawComparator<Object> comparator() {
        if (comparator == null) {
            comparator = comparatorClass == null ? WritableComparator.get(type.asSubclass(WritableComparable.class))
                    : ReflectionUtils.newInstance(comparatorClass, conf.get());
        }
        return comparator;
    }

    /** The order of two objects: a {@code WritableComparator}'s object comparison, else the raw comparison of their bytes. */
    private int compareObjects(T a, T b) {
        RawComparator<Object> c = comparator();
        if (c instanceof WritableComparator writables) {
            return writables.compare((WritableComparable<?>) a, (WritableComparable<?>) b);
        }
        try {
            if (firstWritten == null) {
                firstWritten = new DataOutputBuffer();
                secondWritten = new DataOutputBuffer();
            }
            firstWritten.reset();
            a.write(firstWritten);
            secondWritten.reset();
            b.write(secondWritten);
        } catch (IOException e) {
            throw new UncheckedIOException("Writing a " + type.getName() + " to compare it failed", e);
        }
        return c.compare(firstWritten.getData(), 0, firstWritten.getLength(), secondWritten.getData(), 0, secondWritten.getLength());
    }

    private int direction(int ascendingResult) {
        return ascending ? ascendingResult : -ascendingResult;
    }

    @Override
    public int hash(T record) {
        return record.hashCode();
    }

    @Override
    public void setReference(T toCompare) {
        reference = toCompare;
    }

    @Override
    public boolean equalToReference(T candidate) {
        return compareObjects(reference, candidate) == 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public int compareToReference(TypeComparator<T> referencedComparator) {
        return direction(compareObjects(((WritableKeyComparator<T>) referencedComparator).reference, reference));
    }

    @Override
    public int compare(T a, T b) {
        return direction(compareObjects(a, b));
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        int firstLength = WritableUtils.readVInt(firstSource);
        first = read(firstSource, first, firstLength);
        int secondLength = WritableUtils.readVInt(secondSource);
        second = read(secondSource, second, secondLength);
        return direction(comparator().compare(first, 0, firstLength, second, 0, secondLength));
    }

    private static byte[] read(DataInputView source, byte[] buffer, int length) throws IOException {
        byte[] target = buffer == null || buffer.length < length ? new byte[Math.max(length, 64)] : buffer;
        source.readFully(target, 0, length);
        return target;
    }

    @Override
    public boolean supportsNormalizedKey() {
        return normalizedKey != null;
    }

    @Override
    public int getNormalizeKeyLen() {
        return normalizedKey == null ? 0 : normalizedKey.length;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return normalizedKey == null || normalizedKey.length == Integer.MAX_VALUE || keyBytes < normalizedKey.length;
    }

    @Override
    public boolean isNormalizedKeyWhole(MemorySegment key, int offset, int numBytes) {
        return normalizedKey != null && normalizedKey.isWhole(key, offset, numBytes);
    }

    /** True: {@link #compareSerialized} hands the bytes to a raw comparator. */
    @Override
    public boolean comparesSerializedKeys() {
        return true;
    }

    @Override
    public void putNormalizedKey(T record, MemorySegment target, int offset, int numBytes) {
        normalizedKey.put(record, target, offset, numBytes);
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
    public WritableKeyComparator<T> duplicate() {
        return new WritableKeyComparator<>(type, ascending, comparatorClass, conf);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WritableKeyComparator<?> other && other.type == type && other.ascending == ascending
                && other.comparatorClass == comparatorClass;
    }

    @Override
    public int hashCode() {
        return type.hashCode() * 2 + (ascending ? 1 : 0);
    }

    /**
     * The normalized key formats of Hadoop's own key types: integers big-endian with the sign bit
     * flipped (their whole key), {@code Text} and {@code BytesWritable} their bytes in {@link
     * ByteStringKeys}' layout ({@code BinaryComparable} orders by unsigned bytes, a shorter key
     * first; whole for keys that fit).
     */
    enum NormalizedKey {
        BYTE(1) {
            @Override
            long value(Object record) {
                return ((ByteWritable) record).get();
            }
        },
        BOOLEAN(1) {
            @Override
            long value(Object record) {
                // Flipped below like a signed value: false (0) before true (1).
                return (((BooleanWritable) record).get() ? 1 : 0) - 128;
            }
        },
        SHORT(2) {
            @Override
            long value(Object record) {
                return ((ShortWritable) record).get();
            }
        },
        INT(4) {
            @Override
            long value(Object record) {
                return ((IntWritable) record).get();
            }
        },
        VINT(4) {
            @Override
            long value(Object record) {
                return ((VIntWritable) record).get();
            }
        },
        LONG(8) {
            @Override
            long value(Object record) {
                return ((LongWritable) record).get();
            }
        },
        VLONG(8) {
            @Override
            long value(Object record) {
                return ((VLongWritable) record).get();
            }
        },
        BINARY(Integer.MAX_VALUE) {
            @Override
            long value(Object record) {
                throw new UnsupportedOperationException();
            }

            @Override
            void put(Object record, MemorySegment target, int offset, int numBytes) {
                BinaryComparable binary = (BinaryComparable) record;
                ByteStringKeys.put(binary.getBytes(), 0, binary.getLength(), target, offset, numBytes);
            }

            @Override
            boolean isWhole(MemorySegment key, int offset, int numBytes) {
                return ByteStringKeys.isWhole(key, offset, numBytes);
            }
        };

        final int length;

        NormalizedKey(int length) {
            this.length = length;
        }

        /** The key as a signed integer of {@link #length} bytes. */
        abstract long value(Object record);

        void put(Object record, MemorySegment target, int offset, int numBytes) {
            long flipped = value(record) ^ (1L << (length * 8 - 1));
            for (int i = 0; i < numBytes; i++) {
                target.put(offset + i, i < length ? (byte) (flipped >>> ((length - 1 - i) * 8)) : 0);
            }
        }

        /** Whether the key of {@code numBytes} at {@code offset} is its record's whole key. */
        boolean isWhole(MemorySegment key, int offset, int numBytes) {
            return numBytes >= length;
        }

        /** The format of {@code type}, if it is one of Hadoop's key types ordered by Hadoop's own comparator. */
        static NormalizedKey of(Class<?> type, WritableComparator registered) {
            Class<?> comparatorClass = registered.getClass();
            boolean hadoopOrder = comparatorClass == WritableComparator.class || comparatorClass.getEnclosingClass() == type;
            if (!hadoopOrder) {
                return null;
            }
            if (type == IntWritable.class) {
                return INT;
            } else if (type == LongWritable.class) {
                return LONG;
            } else if (type == ShortWritable.class) {
                return SHORT;
            } else if (type == ByteWritable.class) {
                return BYTE;
            } else if (type == BooleanWritable.class) {
                return BOOLEAN;
            } else if (type == VIntWritable.class) {
                return VINT;
            } else if (type == VLongWritable.class) {
                return VLONG;
            } else if (type == Text.class || type == BytesWritable.class) {
                return BINARY;
            }
            return null;
        }
    }
}
