package io.eddy.hadoop.job;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichFlatMapFunction;
import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.InputSplitAssigner;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.typeinfo.GenericTypeInfo;
import io.eddy.api.common.typeinfo.ResultTypeQueryable;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.HadoopSplit;
import io.eddy.hadoop.TaskOutputRole;
import io.eddy.hadoop.impl.CollectorRecordWriter;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.SerializableJobConf;
import io.eddy.hadoop.impl.TaskConfs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapRunnable;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A MapReduce job's map tasks, as Hadoop's {@code MapTask} runs them: one per input split.
 *
 * <ul>
 *   <li>{@link Splits}, a source whose records are the job's input splits: the master deals them
 *       to the source's subtasks one at a time, preferring a subtask on a host that holds the
 *       split's data, and a subtask asks for its next split only when it has mapped the last one —
 *       so fast and slow subtasks share the splits as map slots do.
 *   <li>{@link NewApiMapTask} and {@link OldApiMapTask}, flatMaps (chained to the source) that run
 *       the map task of each split: the input format's record reader over the split feeds the
 *       mapper directly ({@code Mapper.run} over a {@code MapContextImpl} that has the split; or
 *       the job's {@code MapRunnable}, Hadoop's {@code MapRunner} by default), so nothing of the
 *       input is buffered. Map task {@code i} is split {@code i}: its attempt id, {@code
 *       mapreduce.task.partition} and, for a {@code mapred} task of a {@code FileSplit}, the {@code
 *       mapreduce.map.input.*} settings are Hadoop's.
 * </ul>
 *
 * <p>Each map task is an attempt of the job's output format as Hadoop's map tasks are: {@code
 * setupTask} before the mapper, then {@code commitTask} (if the committer needs it) when the task
 * ends, or {@code abortTask} when it fails. A map-only job's map task writes the job's output there
 * ({@code part-m-NNNNN} / {@code part-NNNNN}, one file per split as on Hadoop); otherwise the attempt
 * commits what the task writes beside its output ({@code MultipleOutputs}).
 *
 * <p>Counters: MAP_INPUT_RECORDS (records the reader gave), MAP_OUTPUT_RECORDS, and the job's own,
 * added to the job's accumulators when a split is done.
 */
final class MapTasks {

    private MapTasks() {}

    /** The splits of a job's input format (given as the Eddy format that reads it), each split its own one record. */
    static final class Splits implements InputFormat<HadoopSplit, HadoopSplit>, ResultTypeQueryable<HadoopSplit> {

        private static final long serialVersionUID = 1L;

        /** Asked for its splits and their assigner only; the map tasks read the splits themselves. */
        private final InputFormat<?, HadoopSplit> input;
        private transient HadoopSplit current;

        Splits(InputFormat<?, HadoopSplit> input) {
            this.input = Objects.requireNonNull(input, "input");
        }

        @Override
        public TypeInfo<HadoopSplit> getProducedType() {
            return new GenericTypeInfo<>(HadoopSplit.class);
        }

        @Override
        public HadoopSplit[] createInputSplits(int minNumSplits) throws IOException {
            return input.createInputSplits(minNumSplits);
        }

        @Override
        public InputSplitAssigner getInputSplitAssigner(HadoopSplit[] splits) {
            return input.getInputSplitAssigner(splits);
        }

        @Override
        public void open(HadoopSplit split) {
            current = split;
        }

        @Override
        public boolean reachedEnd() {
            return current == null;
        }

        @Override
        public HadoopSplit nextRecord(HadoopSplit reuse) {
            HadoopSplit split = current;
            current = null;
            return split;
        }

        @Override
        public void close() {
            current = null;
        }
    }

    /** What the map tasks of both APIs share: the job, the output type, the task's configuration and counters. */
    abstract static class MapTask<KO, VO> extends RichFlatMapFunction<HadoopSplit, Tuple2<KO, VO>>
            implements ResultTypeQueryable<Tuple2<KO, VO>> {

        private static final long serialVersionUID = 1L;

        final SerializableJobConf conf;
        private final TupleTypeInfo<Tuple2<KO, VO>> outputType;
        /**
         * The job's output format as this task's attempt uses it: writing the task's output (a map-only
         * job, {@link TaskOutputRole#WRITER}) or committing only what the task writes beside it
         * ({@link TaskOutputRole#SIDE_FILES}).
         */
        private final OutputFormat<Tuple2<KO, VO>> taskOutput;
        private final boolean writesOutput;

        /** The job's combiner, run over each task's output hash-grouped ({@link HashCombiner}), or null. */
        private final JobGroupRunner<?, ?, ?, ?> combiner;
        /** The combiner of this subtask's map tasks, made at its first; its memory is kept from one task to the next. */
        private transient HashCombiner<?, ?> combining;

        MapTask(JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType, OutputFormat<Tuple2<KO, VO>> taskOutput, boolean writesOutput,
                JobGroupRunner<?, ?, ?, ?> combiner) {
            this.conf = new SerializableJobConf(new JobConf(job));
            this.outputType = outputType;
            this.taskOutput = taskOutput;
            this.writesOutput = writesOutput;
            this.combiner = combiner;
        }

        @Override
        public final TypeInfo<Tuple2<KO, VO>> getProducedType() {
            return outputType;
        }

        @Override
        public final void flatMap(HadoopSplit split, Collector<Tuple2<KO, VO>> out) throws Exception {
            TaskAttemptID id = TaskConfs.attemptId(conf.get(), TaskType.MAP, split.getSplitNumber(), getRuntimeContext());
            JobConf taskConf = TaskConfs.forAttempt(conf.get(), id, split.getSplitNumber(), getRuntimeContext());
            JobCache.inWorker(taskConf);
            Object hadoopSplit = split.split(taskConf);
            String what = "Hadoop map task " + id.getTaskID() + " (" + split + ") in '" + getRuntimeContext().getTaskName() + "'";
            CountingReporter reporter = new CountingReporter(what);
            // Passed on without a copy of the objects the mapper reuses: whatever the translation puts after a map task takes
            // each pair within the call and keeps nothing of it — the hash combiner and the sorter serialize it, the exchange
            // to the reducers serializes it or copies it onto a local object channel, the output format writes it.
            CopyingOutputCollector<KO, VO> collector = writesOutput ? CopyingOutputCollector.direct(what) : CopyingOutputCollector.directNonNull(what);
            taskOutput.setRuntimeContext(getRuntimeContext());
            taskOutput.open(split.getSplitNumber(), getRuntimeContext().getNumberOfParallelSubtasks());
            collector.target(writesOutput ? new Collector<>() {
                @Override
                public void collect(Tuple2<KO, VO> pair) {
                    try {
                        taskOutput.writeRecord(pair);
                    } catch (IOException e) {
                        throw new UncheckedIOException("Writing the output of " + what + " failed: " + e.getMessage(), e);
                    }
                }

                @Override
                public void close() {
                }
            } : combined(out, taskConf));
            collector.counting(reporter.getCounter(TaskCounter.MAP_OUTPUT_RECORDS));
            try {
                run(hadoopSplit, taskConf, id, collector, reporter);
                if (combining != null) {
                    combining.flush(); // as Hadoop combines a map task's last spill before the task ends
                }
            } catch (Throwable failure) {
                if (combining != null) {
                    combining.discard();
                }
                try {
                    taskOutput.abort();
                } catch (Throwable aborting) {
                    failure.addSuppressed(aborting);
                }
                throw failure;
            }
            taskOutput.close(); // commits the attempt's output (a map-only job's part file, MultipleOutputs' files)
            collector.target(null);
            HadoopCounters.addTo(reporter.counters(), getRuntimeContext());
        }

        /**
         * Where the mapper's pairs go: {@code out}, or with a combiner, this subtask's {@link
         * HashCombiner} passing its output on to {@code out}. It holds {@code
         * mapreduce.task.io.sort.mb} (Hadoop's map output buffer), at most an eighth of the heap
         * shared by the subtasks of this JVM.
         */
        @SuppressWarnings({"unchecked", "rawtypes"})
        private Collector<Tuple2<KO, VO>> combined(Collector<Tuple2<KO, VO>> out, JobConf taskConf) {
            if (combiner == null) {
                return out;
            }
            if (combining == null) {
                combiner.setRuntimeContext(getRuntimeContext());
                long share = Runtime.getRuntime().maxMemory() / 8 / Math.max(1, getRuntimeContext().getNumberOfParallelSubtasks());
                long bytes = Math.max(1L << 20, Math.min((long) taskConf.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB) << 20, share));
                combining = new HashCombiner(outputType.getTypeAt(0).getTypeClass(), outputType.getTypeAt(1).getTypeClass(), combiner,
                        (int) Math.min(bytes, Integer.MAX_VALUE - 16), "the map tasks of '" + getRuntimeContext().getTaskName() + "'");
            }
            ((HashCombiner) combining).target(out);
            return (Collector) combining;
        }

        /** Reads {@code split} and maps its records to {@code collector}. */
        abstract void run(Object split, JobConf taskConf, TaskAttemptID id, CopyingOutputCollector<KO, VO> collector,
                CountingReporter reporter) throws Exception;
    }

    /** The map task of a job whose mapper uses the {@code mapreduce} API. */
    static final class NewApiMapTask<KI, VI, KO, VO> extends MapTask<KO, VO> {

        private static final long serialVersionUID = 1L;

        private final Class<? extends org.apache.hadoop.mapreduce.InputFormat<KI, VI>> formatClass;
        private final Class<? extends Mapper<KI, VI, KO, VO>> mapperClass;

        NewApiMapTask(Class<? extends org.apache.hadoop.mapreduce.InputFormat<KI, VI>> formatClass, Class<? extends Mapper<KI, VI, KO, VO>> mapperClass,
                JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType, OutputFormat<Tuple2<KO, VO>> taskOutput, boolean writesOutput,
                JobGroupRunner<?, ?, ?, ?> combiner) {
            super(job, outputType, taskOutput, writesOutput, combiner);
            this.formatClass = formatClass;
            this.mapperClass = mapperClass;
        }

        @Override
        void run(Object split, JobConf taskConf, TaskAttemptID id, CopyingOutputCollector<KO, VO> collector, CountingReporter reporter)
                throws Exception {
            org.apache.hadoop.mapreduce.InputSplit inputSplit = (org.apache.hadoop.mapreduce.InputSplit) split;
            TaskAttemptContext attempt = new TaskAttemptContextImpl(taskConf, id, reporter);
            RecordReader<KI, VI> reader = new CountingReader<>(ReflectionUtils.newInstance(formatClass, taskConf).createRecordReader(inputSplit, attempt),
                    reporter.getCounter(TaskCounter.MAP_INPUT_RECORDS));
            MapContextImpl<KI, VI, KO, VO> context = new MapContextImpl<>(taskConf, id, reader, new CollectorRecordWriter<>(collector), null,
                    reporter, inputSplit);
            try {
                reader.initialize(inputSplit, attempt);
                ReflectionUtils.newInstance(mapperClass, taskConf).run(new WrappedMapper<KI, VI, KO, VO>().getMapContext(context));
            } finally {
                reader.close();
            }
        }
    }

    /** A record reader that counts the records it gives (MAP_INPUT_RECORDS), as Hadoop's map task's reader does. */
    private static final class CountingReader<K, V> extends RecordReader<K, V> {

        private final RecordReader<K, V> reader;
        private final org.apache.hadoop.mapreduce.Counter read;

        CountingReader(RecordReader<K, V> reader, org.apache.hadoop.mapreduce.Counter read) {
            this.reader = reader;
            this.read = read;
        }

        @Override
        public void initialize(org.apache.hadoop.mapreduce.InputSplit split, TaskAttemptContext context) throws IOException, InterruptedException {
            reader.initialize(split, context);
        }

        @Override
        public boolean nextKeyValue() throws IOException, InterruptedException {
            boolean more = reader.nextKeyValue();
            if (more) {
                read.increment(1);
            }
            return more;
        }

        @Override
        public K getCurrentKey() throws IOException, InterruptedException {
            return reader.getCurrentKey();
        }

        @Override
        public V getCurrentValue() throws IOException, InterruptedException {
            return reader.getCurrentValue();
        }

        @Override
        public float getProgress() throws IOException, InterruptedException {
            return reader.getProgress();
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }

    /** The map task of a job whose mapper uses the {@code mapred} API: the job's {@code MapRunnable} over the split's reader. */
    static final class OldApiMapTask<KI, VI, KO, VO> extends MapTask<KO, VO> {

        private static final long serialVersionUID = 1L;

        OldApiMapTask(JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType, OutputFormat<Tuple2<KO, VO>> taskOutput, boolean writesOutput,
                JobGroupRunner<?, ?, ?, ?> combiner) {
            super(job, outputType, taskOutput, writesOutput, combiner);
        }

        @Override
        @SuppressWarnings("unchecked")
        void run(Object split, JobConf taskConf, TaskAttemptID id, CopyingOutputCollector<KO, VO> collector, CountingReporter reporter)
                throws Exception {
            org.apache.hadoop.mapred.InputSplit inputSplit = (org.apache.hadoop.mapred.InputSplit) split;
            reporter.withSplit(inputSplit);
            if (inputSplit instanceof FileSplit file) {
                // As Hadoop's MapTask sets them for an old-API task of a file split.
                taskConf.set(MRJobConfig.MAP_INPUT_FILE, file.getPath().toString());
                taskConf.setLong(MRJobConfig.MAP_INPUT_START, file.getStart());
                taskConf.setLong(MRJobConfig.MAP_INPUT_PATH, file.getLength());
            }
            org.apache.hadoop.mapred.InputFormat<KI, VI> format = taskConf.getInputFormat();
            org.apache.hadoop.mapred.RecordReader<KI, VI> reader = new CountingOldReader<>(format.getRecordReader(inputSplit, taskConf, reporter),
                    reporter.getCounter(TaskCounter.MAP_INPUT_RECORDS));
            try {
                MapRunnable<KI, VI, KO, VO> runner = ReflectionUtils.newInstance(taskConf.getMapRunnerClass(), taskConf);
                runner.run(reader, collector, reporter);
            } finally {
                reader.close();
            }
        }
    }

    /** A {@code mapred} record reader that counts the records it gives (MAP_INPUT_RECORDS). */
    private static final class CountingOldReader<K, V> implements org.apache.hadoop.mapred.RecordReader<K, V> {

        private final org.apache.hadoop.mapred.RecordReader<K, V> reader;
        private final Counters.Counter read;

        CountingOldReader(org.apache.hadoop.mapred.RecordReader<K, V> reader, Counters.Counter read) {
            this.reader = reader;
            this.read = read;
        }

        @Override
        public boolean next(K key, V value) throws IOException {
            boolean more = reader.next(key, value);
            if (more) {
                read.increment(1);
            }
            return more;
        }

        @Override
        public K createKey() {
            return reader.createKey();
        }

        @Override
        public V createValue() {
            return reader.createValue();
        }

        @Override
        public long getPos() throws IOException {
            return reader.getPos();
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }

        @Override
        public float getProgress() throws IOException {
            return reader.getProgress();
        }
    }
}
