package io.eddy.hadoop.mapred;

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
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapred.Mapper;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapred} {@link Mapper} as an Eddy function over {@code Tuple2<key, value>}
 * records: {@code input.mapPartition(new HadoopMapFunction<>(new MyMapper()))}.
 *
 * <p>Each subtask does what Hadoop's {@code MapRunner} does in a map task: it makes its own mapper
 * from the class (a new instance, configured with the job configuration: {@code configure(JobConf)}
 * for a {@code JobConfigurable}, as Hadoop's {@code ReflectionUtils.newInstance} does), calls {@code
 * map} for every record of its partition, then {@code close()} — also after a failure — and what the
 * mapper emits in {@code close()} goes downstream too. The instance passed to the constructor gives
 * only its class, so the mapper needs a public or private no-argument constructor, as in Hadoop.
 *
 * <p>Emitted keys and values are copied ({@link CopyingOutputCollector}); counters of the {@code
 * Reporter} become accumulators ({@link HadoopCounters}); {@code mapreduce.task.partition} is the
 * subtask's index. The output type is the mapper's output key and value type arguments, or the
 * map output classes of the configuration where the class leaves them open.
 */
public final class HadoopMapFunction<KI, VI, KO, VO> extends RichMapPartitionFunction<Tuple2<KI, VI>, Tuple2<KO, VO>>
        implements ResultTypeQueryable<Tuple2<KO, VO>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Mapper<KI, VI, KO, VO>> mapperClass;
    private final SerializableJobConf conf;
    private final TupleTypeInfo<Tuple2<KO, VO>> outputType;

    /** Wraps the mapper's class with an empty job configuration. */
    public HadoopMapFunction(Mapper<KI, VI, KO, VO> mapper) {
        this(mapper, new JobConf());
    }

    /** Wraps the mapper's class; each subtask's mapper is configured with {@code conf}. */
    @SuppressWarnings("unchecked")
    public HadoopMapFunction(Mapper<KI, VI, KO, VO> mapper, JobConf conf) {
        Objects.requireNonNull(mapper, "mapper");
        this.mapperClass = (Class<? extends Mapper<KI, VI, KO, VO>>) mapper.getClass();
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(conf, "conf")));
        this.outputType = HadoopTypes.mapOutput(mapperClass, Mapper.class, this.conf.get());
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
        Counters.Counter inputs = reporter.getCounter(TaskCounter.MAP_INPUT_RECORDS);
        Mapper<KI, VI, KO, VO> mapper = ReflectionUtils.newInstance(mapperClass, taskConf);
        try {
            for (Tuple2<KI, VI> record : records) {
                inputs.increment(1);
                mapper.map(record.f0, record.f1, collector, reporter);
            }
        } catch (Throwable failure) {
            TaskConfs.closeAfterFailure(mapper, failure);
            throw failure;
        }
        mapper.close();
        collector.target(null);
        HadoopCounters.addTo(reporter.counters(), getRuntimeContext());
    }
}
