package io.eddy.hadoop.job;

import io.eddy.api.common.operators.Order;
import io.eddy.api.common.typeinfo.GenericTypeInfo;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.TaskOutputRole;
import io.eddy.hadoop.typeinfo.WritableTypeInfo;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.JobContextImpl;

/**
 * Translates a configured MapReduce job into one Eddy dataflow, honouring what shapes its output
 * (docs/hadoop-compat.md, "Unchanged MapReduce jobs"):
 *
 * <pre>
 *   input format's splits (locality; one at a time per subtask)
 *     → map task per split: record reader → mapper  (map parallelism: the environment's; {@link MapTasks})
 *     → [combiner over each buffer fill of map output (as over a map task's spills): sorted by the
 *        sort comparator, grouped by the combiner grouping comparator]
 *     → partitioner (partitionCustom over (key, value), numReduceTasks subtasks)
 *     → sort by the job's sort comparator
 *     → reducer over groups of the grouping comparator
 *     → output format and its committer
 *   numReduceTasks = 0: mapper → output format (map attempts: part-m-NNNNN)
 * </pre>
 *
 * <p>Both APIs, per side as the job says ({@code getUseNewMapper}, {@code getUseNewReducer}).
 * Map output keys and values must be {@code Writable}s (the key ordered by the job's sort
 * comparator, {@link WritableTypeInfo}); a setting Eddy cannot honour fails the translation with an
 * {@link UnsupportedOperationException} naming it.
 */
public final class MapReduceDataflow {

    /** How the reducer's operator name starts (then the reducer's class); {@link MapReduceProgress} finds the reduce tasks by it. */
    static final String REDUCER_PREFIX = "Hadoop reducer ";

    private MapReduceDataflow() {}

    /** Adds job {@code id}'s dataflow, configured by {@code job}, to {@code env}; run it with {@code env.execute()}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void translate(ExecutionEnvironment env, JobConf jobConf, JobID id) throws ClassNotFoundException {
        JobConf job = new JobConf(jobConf);
        job.set(MRJobConfig.ID, id.toString()); // the job's tasks' attempt ids are of this job, as the output format's are
        JobContextImpl context = new JobContextImpl(job, id);
        int reduces = job.getNumReduceTasks();
        boolean newMapper = job.getUseNewMapper();
        boolean newReducer = job.getUseNewReducer();

        Class<? extends Writable> mapKey = writable(job.getMapOutputKeyClass(), MRJobConfig.MAP_OUTPUT_KEY_CLASS);
        Class<? extends Writable> mapValue = writable(job.getMapOutputValueClass(), MRJobConfig.MAP_OUTPUT_VALUE_CLASS);
        Class<? extends RawComparator> sortComparator = job.getClass(MRJobConfig.KEY_COMPARATOR, null, RawComparator.class);
        TupleTypeInfo mapOutput = new TupleTypeInfo<>(new WritableTypeInfo(mapKey, sortComparator, job), new WritableTypeInfo(mapValue));
        if (reduces == 0) {
            // A map-only job writes the mapper's output as the job's output.
            mapOutput = new TupleTypeInfo<>(TypeExtractor.createTypeInfo(job.getOutputKeyClass()), TypeExtractor.createTypeInfo(job.getOutputValueClass()));
        }

        // The combiner: run inline over each map task's hash-grouped output where keys group by their bytes (HashCombiner), else
        // over sorted buffer fills after the map tasks.
        Class combiner = reduces == 0 ? null : newMapper ? context.getCombinerClass() : job.getCombinerClass();
        Class<? extends RawComparator> combineGrouping = job.getClass(MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS, sortComparator, RawComparator.class);
        JobGroupRunner combinerRunner = combiner == null ? null
                : newMapper ? new NewApiGroupRunner(combiner, mapKey, combineGrouping, job, mapOutput, TaskType.MAP)
                : new OldApiGroupRunner(combiner, mapKey, combineGrouping, job, mapOutput, "combiner");
        boolean hashCombined = combiner != null && sortComparator == null && job.get(MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS) == null
                && HashCombiner.KEYS.contains(mapKey);

        DataSet mapped;
        if (newMapper) {
            Class inputFormat = context.getInputFormatClass();
            Class mapper = context.getMapperClass();
            TupleTypeInfo input = inputType(inputFormat, org.apache.hadoop.mapreduce.InputFormat.class, mapper, org.apache.hadoop.mapreduce.Mapper.class);
            mapped = env.createInput(new MapTasks.Splits(io.eddy.hadoop.mapreduce.HadoopInputFormat.forJob(inputFormat, job, input)))
                    .name("Hadoop input " + inputFormat.getName())
                    .flatMap(new MapTasks.NewApiMapTask(inputFormat, mapper, job, mapOutput, mapTaskOutput(job, id, true, reduces == 0), reduces == 0,
                            hashCombined ? combinerRunner : null))
                    .name("Hadoop mapper " + mapper.getName());
        } else {
            Class inputFormat = job.getInputFormat().getClass();
            Class mapper = job.getMapperClass();
            TupleTypeInfo input = inputType(inputFormat, org.apache.hadoop.mapred.InputFormat.class, mapper, org.apache.hadoop.mapred.Mapper.class);
            mapped = env.createInput(new MapTasks.Splits(io.eddy.hadoop.mapred.HadoopInputFormat.forJob(inputFormat, job, input)))
                    .name("Hadoop input " + inputFormat.getName())
                    .flatMap(new MapTasks.OldApiMapTask(job, mapOutput, mapTaskOutput(job, id, false, reduces == 0), reduces == 0,
                            hashCombined ? combinerRunner : null))
                    .name("Hadoop mapper " + mapper.getName());
        }

        if (reduces == 0) {
            // The map tasks wrote the output; the sink sets up and commits the job (it gets no records).
            output(mapped, job, id, newMapper, true);
            return;
        }

        DataSet shuffled = mapped;
        if (combiner != null && !hashCombined) {
            // Like a map task's spills: each buffer fill sorted and combined, nothing spilled or merged.
            shuffled = mapped.sortPartition(0, Order.ASCENDING).combineGroup(combinerRunner);
            shuffled = ((io.eddy.api.java.Operator) shuffled).name("Hadoop combiner " + combiner.getName());
        }

        io.eddy.api.common.functions.Partitioner partitioner = newReducer
                ? new JobPartitioners.NewApi(context.getPartitionerClass(), job)
                : new JobPartitioners.OldApi(job.getPartitionerClass(), job);
        Class<? extends RawComparator> grouping = job.getClass(MRJobConfig.GROUP_COMPARATOR_CLASS, sortComparator, RawComparator.class);
        TupleTypeInfo reduceOutput = new TupleTypeInfo<>(TypeExtractor.createTypeInfo(job.getOutputKeyClass()),
                TypeExtractor.createTypeInfo(job.getOutputValueClass()));
        DataSet sorted = shuffled.partitionCustom(partitioner, new JobPartitioners.WholePair()).sortPartition(0, Order.ASCENDING)
                .name("Hadoop sort").setParallelism(reduces);
        Class reducer = newReducer ? context.getReducerClass() : job.getReducerClass();
        DataSet reduced = newReducer
                ? sorted.mapPartition(new NewApiGroupRunner(reducer, mapKey, grouping, job, reduceOutput, TaskType.REDUCE))
                : sorted.mapPartition(new OldApiGroupRunner(reducer, mapKey, grouping, job, reduceOutput, "reducer"));
        reduced = ((io.eddy.api.java.Operator) reduced).name(REDUCER_PREFIX + reducer.getName()).setParallelism(reduces);
        output(reduced, job, id, newReducer, false);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void output(DataSet data, JobConf job, JobID id, boolean newApi, boolean mapOnly) throws ClassNotFoundException {
        int parallelism = mapOnly ? 1 : job.getNumReduceTasks();
        TaskOutputRole role = mapOnly ? TaskOutputRole.JOB : TaskOutputRole.WRITER;
        if (newApi) {
            Class format = new JobContextImpl(job, id).getOutputFormatClass();
            data.output(io.eddy.hadoop.mapreduce.HadoopOutputFormat.forJob(format, job, id, TaskType.REDUCE, role)).name("Hadoop output " + format.getName())
                    .setParallelism(parallelism);
        } else {
            Class format = job.getOutputFormat().getClass();
            data.output(io.eddy.hadoop.mapred.HadoopOutputFormat.forJob(format, job, id, TaskType.REDUCE, role)).name("Hadoop output " + format.getName())
                    .setParallelism(parallelism);
        }
    }

    /** The job's output format as each map task's own attempt: writing a map-only job's output, else committing the task's side files. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static io.eddy.api.common.io.OutputFormat mapTaskOutput(JobConf job, JobID id, boolean newApi, boolean mapOnly) throws ClassNotFoundException {
        TaskOutputRole role = mapOnly ? TaskOutputRole.WRITER : TaskOutputRole.SIDE_FILES;
        if (newApi) {
            Class format = new JobContextImpl(job, id).getOutputFormatClass();
            return io.eddy.hadoop.mapreduce.HadoopOutputFormat.forJob(format, job, id, TaskType.MAP, role);
        }
        Class format = job.getOutputFormat().getClass();
        return io.eddy.hadoop.mapred.HadoopOutputFormat.forJob(format, job, id, TaskType.MAP, role);
    }

    private static Class<? extends Writable> writable(Class<?> type, String setting) {
        if (!Writable.class.isAssignableFrom(type)) {
            throw new UnsupportedOperationException(setting + " = " + type.getName() + ": Eddy runs MapReduce jobs whose map output keys and values"
                    + " are Writables; other serializations (io.serializations) are not supported yet");
        }
        return type.asSubclass(Writable.class);
    }

    /**
     * The record type of the job's input: the input format's key and value type arguments, else the
     * mapper's input type arguments, else (a generic format and a mapper of {@code Object}s) a generic type.
     */
    private static TupleTypeInfo<Tuple2<Object, Object>> inputType(Class<?> format, Class<?> formatBase, Class<?> mapper, Class<?> mapperBase) {
        return new TupleTypeInfo<>(argument(format, formatBase, 0, mapper, mapperBase), argument(format, formatBase, 1, mapper, mapperBase));
    }

    private static TypeInfo<Object> argument(Class<?> format, Class<?> formatBase, int index, Class<?> mapper, Class<?> mapperBase) {
        for (Class<?>[] candidate : new Class<?>[][] {{format, formatBase}, {mapper, mapperBase}}) {
            try {
                TypeInfo<Object> type = TypeExtractor.createTypeInfoFromSubclass(candidate[0], candidate[1], index, "the job's input");
                if (type.getTypeClass() != Object.class) {
                    return type;
                }
            } catch (InvalidTypesException | IllegalArgumentException e) {
                // Unbound here; the next candidate may bind it.
            }
        }
        return new GenericTypeInfo<>(Object.class);
    }
}
