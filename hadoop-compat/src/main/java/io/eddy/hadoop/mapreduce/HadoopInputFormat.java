package io.eddy.hadoop.mapreduce;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.InputSplitAssigner;
import io.eddy.api.common.io.LocatableInputSplitAssigner;
import io.eddy.api.common.typeinfo.ResultTypeQueryable;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.HadoopSplit;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.SerializableJobConf;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapreduce} {@link org.apache.hadoop.mapreduce.InputFormat} as an Eddy source of
 * {@code Tuple2<key, value>}: {@code env.createInput(HadoopInputs.readHadoopFile(new
 * TextInputFormat(), LongWritable.class, Text.class, path, job))}.
 *
 * <p>The master asks the format for its splits ({@code getSplits(jobContext)}) and hands each to a
 * source subtask, preferring one on a host that holds the split's data. A subtask reads a split
 * with the format's {@code RecordReader} ({@code initialize}, then {@code nextKeyValue}); readers
 * reuse their key and value objects, so each record is a copy (the key and value serializers'
 * {@code copy}). Counters of the reader go to the job's accumulators when a split is done.
 */
public final class HadoopInputFormat<K, V> implements InputFormat<Tuple2<K, V>, HadoopSplit>, ResultTypeQueryable<Tuple2<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends org.apache.hadoop.mapreduce.InputFormat<K, V>> formatClass;
    private final SerializableJobConf conf;
    private final TupleTypeInfo<Tuple2<K, V>> type;
    /** Whether records are copies (the reader reuses its objects); not for a MapReduce job's own mapper, which Hadoop hands them as they are. */
    private final boolean copies;

    private transient org.apache.hadoop.mapreduce.InputFormat<K, V> format;
    private transient RuntimeContext context;
    private transient CountingReporter reporter;
    private transient RecordReader<K, V> reader;
    private transient TypeSerializer<K> keys;
    private transient TypeSerializer<V> values;
    private transient boolean fetched;
    private transient boolean more;

    /** Reads with {@code format}'s class and {@code conf}; records are {@code (keyClass, valueClass)} pairs. */
    @SuppressWarnings("unchecked")
    public HadoopInputFormat(org.apache.hadoop.mapreduce.InputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass, Configuration conf) {
        this.formatClass = (Class<? extends org.apache.hadoop.mapreduce.InputFormat<K, V>>) Objects.requireNonNull(format, "format").getClass();
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(conf, "conf")));
        this.type = new TupleTypeInfo<>(TypeExtractor.createTypeInfo(Objects.requireNonNull(keyClass, "keyClass")),
                TypeExtractor.createTypeInfo(Objects.requireNonNull(valueClass, "valueClass")));
        this.copies = true;
    }

    private HadoopInputFormat(Class<? extends org.apache.hadoop.mapreduce.InputFormat<K, V>> formatClass, JobConf job, TupleTypeInfo<Tuple2<K, V>> type) {
        this.formatClass = Objects.requireNonNull(formatClass, "formatClass");
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.type = Objects.requireNonNull(type, "type");
        this.copies = false;
    }

    /** The input of a MapReduce job: {@code formatClass} with the job's configuration, records of {@code type} (the reader's own objects, handed to the job's mapper as Hadoop hands them). */
    public static <K, V> HadoopInputFormat<K, V> forJob(Class<? extends org.apache.hadoop.mapreduce.InputFormat<K, V>> formatClass, JobConf job, TupleTypeInfo<Tuple2<K, V>> type) {
        return new HadoopInputFormat<>(formatClass, job, type);
    }

    @Override
    public TypeInfo<Tuple2<K, V>> getProducedType() {
        return type;
    }

    /** The configuration the format reads with. */
    public Configuration getConfiguration() {
        return conf.get();
    }

    private org.apache.hadoop.mapreduce.InputFormat<K, V> format() {
        if (format == null) {
            format = ReflectionUtils.newInstance(formatClass, conf.get());
        }
        return format;
    }

    @Override
    public HadoopSplit[] createInputSplits(int minNumSplits) throws IOException {
        List<InputSplit> splits;
        try {
            splits = format().getSplits(new JobContextImpl(conf.get(), new JobID()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while " + formatClass.getName() + " listed its splits", e);
        }
        if (!copies) {
            // A MapReduce job's splits, ordered as Hadoop's job submission orders them: split i is Hadoop's map task i.
            splits = java.util.Arrays.asList(HadoopSplit.largestFirst(splits.toArray(new InputSplit[0]), InputSplit::getLength));
        }
        HadoopSplit[] result = new HadoopSplit[splits.size()];
        for (int i = 0; i < result.length; i++) {
            try {
                result[i] = HadoopSplit.of(i, splits.get(i), splits.get(i).getLocations(), conf.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while reading the locations of a split of " + formatClass.getName(), e);
            }
        }
        return result;
    }

    @Override
    public InputSplitAssigner getInputSplitAssigner(HadoopSplit[] splits) {
        return new LocatableInputSplitAssigner(splits);
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.context = context;
    }

    @Override
    public void open(HadoopSplit split) throws IOException {
        if (keys == null) {
            SerializerConfig config = new SerializerConfig();
            keys = type.<K>getTypeAt(0).createSerializer(config);
            values = type.<V>getTypeAt(1).createSerializer(config);
        }
        reporter = new CountingReporter("Hadoop input format " + formatClass.getName());
        int subtask = context == null ? 0 : context.getIndexOfThisSubtask();
        TaskAttemptContext attempt = new TaskAttemptContextImpl(conf.get(), new TaskAttemptID("eddy", 0, TaskType.MAP, subtask,
                context == null ? 0 : context.getAttemptNumber()), reporter);
        InputSplit hadoopSplit = split.split(conf.get());
        try {
            reader = format().createRecordReader(hadoopSplit, attempt);
            reader.initialize(hadoopSplit, attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while opening " + split, e);
        }
        fetched = false;
    }

    private void fetch() throws IOException {
        if (!fetched) {
            try {
                more = reader.nextKeyValue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while reading with " + formatClass.getName(), e);
            }
            fetched = true;
        }
    }

    @Override
    public boolean reachedEnd() throws IOException {
        fetch();
        return !more;
    }

    @Override
    public Tuple2<K, V> nextRecord(Tuple2<K, V> reuse) throws IOException {
        fetch();
        if (!more) {
            return null;
        }
        fetched = false;
        try {
            K key = reader.getCurrentKey();
            V value = reader.getCurrentValue();
            return copies ? Tuple2.of(keys.copy(key), values.copy(value)) : Tuple2.of(key, value);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while reading with " + formatClass.getName(), e);
        }
    }

    @Override
    public void close() throws IOException {
        if (reader != null) {
            RecordReader<K, V> closing = reader;
            reader = null;
            closing.close();
            if (context != null) {
                HadoopCounters.addTo(reporter.counters(), context);
            }
        }
    }
}
