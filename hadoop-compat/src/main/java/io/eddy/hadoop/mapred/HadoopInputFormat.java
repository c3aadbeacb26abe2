package io.eddy.hadoop.mapred;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.InputSplitAssigner;
import io.eddy.api.common.io.LocatableInputSplitAssigner;
import io.eddy.api.common.typeinfo.ResultTypeQueryable;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.HadoopSplit;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.SerializableJobConf;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapred} {@link org.apache.hadoop.mapred.InputFormat} as an Eddy source of {@code
 * Tuple2<key, value>}: {@code env.createInput(HadoopInputs.readHadoopFile(new TextInputFormat(),
 * LongWritable.class, Text.class, path))}.
 *
 * <p>The master asks the format for its splits ({@code getSplits(job, parallelism)}) and hands
 * each to a source subtask, preferring one on a host that holds the split's data ({@link
 * HadoopSplit}, {@code getLocations()}). A subtask reads a split with the format's {@code
 * RecordReader}, a new key and value object per record ({@code createKey} / {@code
 * createValue}), so downstream functions may keep what they get. The format is made from its class
 * with the job configuration ({@code configure(JobConf)}); counters of its reader go to the job's
 * accumulators when a split is done.
 */
public final class HadoopInputFormat<K, V> implements InputFormat<Tuple2<K, V>, HadoopSplit>, ResultTypeQueryable<Tuple2<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends org.apache.hadoop.mapred.InputFormat<K, V>> formatClass;
    private final SerializableJobConf conf;
    private final TupleTypeInfo<Tuple2<K, V>> type;
    /** Whether the splits are a MapReduce job's, made as Hadoop's job submission makes them. */
    private final boolean jobSplits;

    private transient org.apache.hadoop.mapred.InputFormat<K, V> format;
    private transient RuntimeContext context;
    private transient CountingReporter reporter;
    private transient RecordReader<K, V> reader;
    private transient K key;
    private transient V value;
    private transient boolean fetched;
    private transient boolean more;

    /** Reads with {@code format}'s class, configured with {@code job}; records are {@code (keyClass, valueClass)} pairs. */
    @SuppressWarnings("unchecked")
    public HadoopInputFormat(org.apache.hadoop.mapred.InputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass, JobConf job) {
        this.formatClass = (Class<? extends org.apache.hadoop.mapred.InputFormat<K, V>>) Objects.requireNonNull(format, "format").getClass();
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.type = new TupleTypeInfo<>(TypeExtractor.createTypeInfo(Objects.requireNonNull(keyClass, "keyClass")),
                TypeExtractor.createTypeInfo(Objects.requireNonNull(valueClass, "valueClass")));
        this.jobSplits = false;
    }

    private HadoopInputFormat(Class<? extends org.apache.hadoop.mapred.InputFormat<K, V>> formatClass, JobConf job, TupleTypeInfo<Tuple2<K, V>> type) {
        this.formatClass = Objects.requireNonNull(formatClass, "formatClass");
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.type = Objects.requireNonNull(type, "type");
        this.jobSplits = true;
    }

    /**
     * The input of a MapReduce job: {@code formatClass} with the job's configuration, records of
     * {@code type}; its splits are made as Hadoop's job submission makes them (asking for {@code
     * mapreduce.job.maps} splits, the largest first), so split {@code i} is Hadoop's map task {@code i}.
     */
    public static <K, V> HadoopInputFormat<K, V> forJob(Class<? extends org.apache.hadoop.mapred.InputFormat<K, V>> formatClass, JobConf job, TupleTypeInfo<Tuple2<K, V>> type) {
        return new HadoopInputFormat<>(formatClass, job, type);
    }

    @Override
    public TypeInfo<Tuple2<K, V>> getProducedType() {
        return type;
    }

    /** The job configuration the format reads with. */
    public JobConf getJobConf() {
        return conf.get();
    }

    private org.apache.hadoop.mapred.InputFormat<K, V> format() {
        if (format == null) {
            format = ReflectionUtils.newInstance(formatClass, conf.get());
        }
        return format;
    }

    @Override
    public HadoopSplit[] createInputSplits(int minNumSplits) throws IOException {
        InputSplit[] splits = format().getSplits(conf.get(), jobSplits ? conf.get().getNumMapTasks() : minNumSplits);
        if (jobSplits) {
            splits = HadoopSplit.largestFirst(splits, InputSplit::getLength);
        }
        HadoopSplit[] result = new HadoopSplit[splits.length];
        for (int i = 0; i < splits.length; i++) {
            result[i] = HadoopSplit.of(i, splits[i], splits[i].getLocations(), conf.get());
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
        reporter = new CountingReporter("Hadoop input format " + formatClass.getName());
        InputSplit hadoopSplit = split.split(conf.get());
        reader = format().getRecordReader(hadoopSplit, conf.get(), reporter);
        fetched = false;
    }

    private void fetch() throws IOException {
        if (!fetched) {
            key = reader.createKey();
            value = reader.createValue();
            more = reader.next(key, value);
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
        return Tuple2.of(key, value);
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
