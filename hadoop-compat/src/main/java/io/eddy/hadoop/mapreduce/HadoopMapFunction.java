package io.eddy.hadoop.mapreduce;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichMapPartitionFunction;
import io.eddy.api.common.typeinfo.ResultTypeQueryable;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.HadoopTypes;
import io.eddy.hadoop.impl.SerializableJobConf;
import io.eddy.hadoop.impl.TaskConfs;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapreduce} {@link Mapper} as an Eddy function over {@code Tuple2<key, value>}
 * records: {@code input.mapPartition(new HadoopMapFunction<>(new MyMapper(), job.getConfiguration()))}.
 *
 * <p>Each subtask makes its own mapper from the class with Hadoop's {@code
 * ReflectionUtils.newInstance} (a {@code Configurable} gets the configuration) and calls its {@code
 * run(Context)} — {@code setup}, {@code map} per record, {@code cleanup}, or whatever the class's
 * own {@code run} does — over a context of Hadoop's classes ({@code MapContextImpl} behind {@code
 * WrappedMapper}) that reads the partition's records and writes to the Eddy collector. What {@code
 * cleanup} writes goes downstream too.
 *
 * <p>Written keys and values are copied; counters become accumulators ({@link HadoopCounters});
 * the context has no input split and no output committer (records come from an Eddy data set and
 * go to one). The output type is the mapper's output key and value type arguments, or the map
 * output classes of the configuration where the class leaves them open.
 */
public final class HadoopMapFunction<KI, VI, KO, VO> extends RichMapPartitionFunction<Tuple2<KI, VI>, Tuple2<KO, VO>>
        implements ResultTypeQueryable<Tuple2<KO, VO>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Mapper<KI, VI, KO, VO>> mapperClass;
    private final SerializableJobConf conf;
    private final TupleTypeInfo<Tuple2<KO, VO>> outputType;

    /** Wraps the mapper's class with an empty configuration. */
    public HadoopMapFunction(Mapper<KI, VI, KO, VO> mapper) {
        this(mapper, new Configuration());
    }

    /** Wraps the mapper's class; each subtask's mapper and context get {@code conf}. */
    @SuppressWarnings("unchecked")
    public HadoopMapFunction(Mapper<KI, VI, KO, VO> mapper, Configuration conf) {
        this.mapperClass = (Class<? extends Mapper<KI, VI, KO, VO>>) Objects.requireNonNull(mapper, "mapper").getClass();
        JobConf job = new JobConf(Objects.requireNonNull(conf, "conf"));
        this.conf = new SerializableJobConf(job);
        this.outputType = HadoopTypes.mapOutput(mapperClass, Mapper.class, job);
    }

    private HadoopMapFunction(Class<? extends Mapper<KI, VI, KO, VO>> mapperClass, JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType) {
        this.mapperClass = Objects.requireNonNull(mapperClass, "mapperClass");
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.outputType = Objects.requireNonNull(outputType, "outputType");
    }

    /** The mapper of a MapReduce job: {@code mapperClass} with the job's configuration, emitting pairs of {@code outputType}. */
    public static <KI, VI, KO, VO> HadoopMapFunction<KI, VI, KO, VO> forJob(Class<? extends Mapper<KI, VI, KO, VO>> mapperClass, JobConf job,
            TupleTypeInfo<Tuple2<KO, VO>> outputType) {
        return new HadoopMapFunction<>(mapperClass, job, outputType);
    }

    @Override
    public TypeInfo<Tuple2<KO, VO>> getProducedType() {
        return outputType;
    }

    @Override
    public void mapPartition(Iterable<Tuple2<KI, VI>> records, Collector<Tuple2<KO, VO>> out) throws Exception {
        JobConf taskConf = TaskConfs.forSubtask(conf.get(), getRuntimeContext());
        String what = "Hadoop mapper " + mapperClass.getName() + " in '" + getRuntimeContext().getTaskName() + "'";
        CountingReporter reporter = new CountingReporter(what);
        CopyingOutputCollector<KO, VO> collector = CopyingOutputCollector.of(outputType, what);
        collector.target(out);
        collector.counting(reporter.getCounter(TaskCounter.MAP_OUTPUT_RECORDS));
        Mapper<KI, VI, KO, VO> mapper = ReflectionUtils.newInstance(mapperClass, taskConf);
        mapper.run(EddyTaskContexts.mapContext(taskConf, getRuntimeContext(), records.iterator(), collector, reporter));
        collector.target(null);
        HadoopCounters.addTo(reporter.counters(), getRuntimeContext());
    }
}
