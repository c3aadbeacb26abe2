package io.eddy.hadoop.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import org.apache.hadoop.mapred.OutputCollector;

/**
 * The {@link OutputCollector} a wrapped Hadoop function emits to: each pair goes to the current
 * Eddy {@link Collector} as a new {@code Tuple2} of <em>copies</em> of the key and the value. Hadoop
 * functions reuse their output objects (a word count's mapper sets and emits one {@code Text} for
 * every word), while Eddy passes records between chained operators by reference and lets them keep
 * what they receive (docs/tasks.md, "object reuse"); the copy keeps both right.
 *
 * <p>One instance per function, kept across calls: Hadoop functions may hold on to the collector
 * they were given and emit to it later (in {@code close()}); {@link #target} is re-pointed before
 * each call. Used by the task's thread only.
 */
public final class CopyingOutputCollector<K, V> implements OutputCollector<K, V> {

    private final TypeSerializer<K> keys;
    private final TypeSerializer<V> values;
    private final String function;
    private Collector<Tuple2<K, V>> target;
    /** Counts the pairs passed on (a Hadoop task counter such as MAP_OUTPUT_RECORDS), or null. */
    private org.apache.hadoop.mapreduce.Counter written;
    /** Set when the function's task failed: what it emits from then on (in its clean-up) is dropped with the attempt. */
    private boolean discarding;
    /** Whether a null key or value fails the function ({@link #directNonNull}); copying collectors always refuse nulls. */
    private boolean nonNull;

    public CopyingOutputCollector(TypeSerializer<K> keys, TypeSerializer<V> values, String function) {
        this.keys = keys;
        this.values = values;
        this.function = function;
    }

    /** A collector of pairs of {@code type}, copying with its fields' serializers. */
    public static <K, V> CopyingOutputCollector<K, V> of(TupleTypeInfo<Tuple2<K, V>> type, String function) {
        SerializerConfig config = new SerializerConfig();
        return new CopyingOutputCollector<>(type.<K>getTypeAt(0).createSerializer(config), type.<V>getTypeAt(1).createSerializer(config), function);
    }

    /**
     * A collector that passes each pair on as it is, for a function whose output goes straight to
     * a consumer that keeps nothing (a MapReduce job's reducer writing to its output format, its
     * mapper to the sorter, which serializes).
     */
    public static <K, V> CopyingOutputCollector<K, V> direct(String function) {
        return new CopyingOutputCollector<>(null, null, function);
    }

    /**
     * Like {@link #direct}, but a null key or value fails with a {@link NullPointerException} naming
     * the function: for map output that is shuffled, sorted or combined, where Hadoop has no null either.
     */
    public static <K, V> CopyingOutputCollector<K, V> directNonNull(String function) {
        CopyingOutputCollector<K, V> collector = new CopyingOutputCollector<>(null, null, function);
        collector.nonNull = true;
        return collector;
    }

    /** Counts every pair passed on in {@code counter} (Hadoop's task counters: MAP_OUTPUT_RECORDS, REDUCE_OUTPUT_RECORDS, ...). */
    public CopyingOutputCollector<K, V> counting(org.apache.hadoop.mapreduce.Counter counter) {
        this.written = counter;
        return this;
    }

    public void target(Collector<Tuple2<K, V>> target) {
        this.target = target;
    }

    /** Drops every later pair: the task failed, and the function is being closed as Hadoop would close it. */
    public void discard() {
        discarding = true;
        target = null;
    }

    @Override
    public void collect(K key, V value) {
        if (discarding) {
            return;
        }
        if (target == null) {
            throw new IllegalStateException(function + " emitted (" + key + ", " + value + ") after its input ended and its output"
                    + " closed; Eddy delivers records a Hadoop function emits while it runs and in its close()");
        }
        if (written != null) {
            written.increment(1);
        }
        if (keys == null) {
            if (nonNull && (key == null || value == null)) {
                throw nullEmitted(key);
            }
            // Passed on as it is: a job's reducer may write a null key or value, which its output format takes (TextOutputFormat
            // writes the other alone), as on Hadoop.
            target.collect(Tuple2.of(key, value));
            return;
        }
        if (key == null || value == null) {
            throw nullEmitted(key);
        }
        target.collect(Tuple2.of(keys.copy(key), values.copy(value)));
    }

    private NullPointerException nullEmitted(K key) {
        return new NullPointerException(function + " emitted a null " + (key == null ? "key" : "value")
                + "; Eddy records never hold null keys or values (emit NullWritable.get() instead)");
    }
}
