package io.eddy.hadoop.impl;

import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The {@code mapreduce} {@link RecordWriter} of a wrapped function's task context: writes each pair
 * to the function's {@link CopyingOutputCollector}. Closing it closes nothing: the Eddy collector
 * belongs to the operator.
 */
public final class CollectorRecordWriter<K, V> extends RecordWriter<K, V> {

    private final CopyingOutputCollector<K, V> output;

    public CollectorRecordWriter(CopyingOutputCollector<K, V> output) {
        this.output = output;
    }

    @Override
    public void write(K key, V value) {
        output.collect(key, value);
    }

    @Override
    public void close(TaskAttemptContext context) {
        // The Eddy collector is closed by the operator.
    }
}
