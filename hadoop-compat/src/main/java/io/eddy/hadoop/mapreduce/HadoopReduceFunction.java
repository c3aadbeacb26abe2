package io.eddy.hadoop.mapreduce;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FinishingFunction;
import io.eddy.api.common.functions.rich.RichGroupReduceFunction;
import io.eddy.api.common.typeinfo.ResultTypeQueryable;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.GroupValues;
import io.eddy.hadoop.impl.HadoopTypes;
import io.eddy.hadoop.impl.SerializableJobConf;
import io.eddy.hadoop.impl.TaskConfs;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapreduce} {@link Reducer} as an Eddy group reduce over {@code Tuple2<key,
 * value>} records grouped by the key: {@code pairs.groupBy(0).reduceGroup(new
 * HadoopReduceFunction<>(new MyReducer(), job.getConfiguration()))}.
 *
 * <p>Eddy hands the function one group per call, so the wrapper does what {@code Reducer.run}
 * does, one step at a time: {@code setup(context)} when the subtask's reducer is made (at its first
 * group, or when an empty partition's input ends), {@code reduce(key, values, context)} per group,
 * and {@code cleanup(context)} after the last group, as a {@link FinishingFunction} with the output
 * still open (what {@code cleanup} writes goes downstream). A class's own {@code run(Context)} is
 * therefore not called. After a failure {@code cleanup} is still called, as {@code run} calls it,
 * and what it writes is dropped with the attempt. The context ({@code WrappedReducer} over a
 * one-group context) gives the group's key, its values and the configuration.
 *
 * <p>Written keys and values are copied; counters become accumulators ({@link HadoopCounters}).
 * The output type is the reducer's output key and value type arguments, or the configuration's
 * output classes where the class leaves them open. {@link HadoopReduceCombineFunction} adds a
 * combiner.
 */
public class HadoopReduceFunction<KI, VI, KO, VO> extends RichGroupReduceFunction<Tuple2<KI, VI>, Tuple2<KO, VO>>
        implements FinishingFunction<Tuple2<KO, VO>>, ResultTypeQueryable<Tuple2<KO, VO>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Reducer<KI, VI, KO, VO>> reducerClass;
    final SerializableJobConf conf;
    private final TupleTypeInfo<Tuple2<KO, VO>> outputType;

    private transient Reducer<KI, VI, KO, VO> reducer;
    private transient boolean cleanedUp;
    private transient CopyingOutputCollector<KO, VO> collector;
    private transient EddyTaskContexts.GroupContext<KI, VI, KO, VO> groups;
    private transient Reducer<KI, VI, KO, VO>.Context context;
    transient CountingReporter reporter;
    private transient boolean countersAdded;

    /** Wraps the reducer's class with an empty configuration. */
    public HadoopReduceFunction(Reducer<KI, VI, KO, VO> reducer) {
        this(reducer, new Configuration());
    }

    /** Wraps the reducer's class; each subtask's reducer and context get {@code conf}. */
    @SuppressWarnings("unchecked")
    public HadoopReduceFunction(Reducer<KI, VI, KO, VO> reducer, Configuration conf) {
        this.reducerClass = (Class<? extends Reducer<KI, VI, KO, VO>>) Objects.requireNonNull(reducer, "reducer").getClass();
        JobConf job = new JobConf(Objects.requireNonNull(conf, "conf"));
        this.conf = new SerializableJobConf(job);
        this.outputType = HadoopTypes.reduceOutput(reducerClass, Reducer.class, job);
    }

    @Override
    public final TypeInfo<Tuple2<KO, VO>> getProducedType() {
        return outputType;
    }

    /** What error messages call a function of this wrapper: its class and the task. */
    final String describe(Class<?> functionClass, String role) {
        return "Hadoop " + role + " " + functionClass.getName() + " in '" + getRuntimeContext().getTaskName() + "'";
    }

    @Override
    public void open() throws Exception {
        String what = describe(reducerClass, "reducer");
        reporter = new CountingReporter(what);
        countersAdded = false;
        collector = CopyingOutputCollector.of(outputType, what);
        reducer = null;
        cleanedUp = false;
    }

    /** The subtask's reducer, made and set up on first use: a function that only ever combines makes none. */
    private Reducer<KI, VI, KO, VO> reducer() throws Exception {
        if (reducer == null) {
            JobConf taskConf = TaskConfs.forSubtask(conf.get(), getRuntimeContext());
            groups = new EddyTaskContexts.GroupContext<>(taskConf, TaskConfs.attemptId(TaskType.REDUCE, getRuntimeContext()), collector,
                    reporter);
            context = groups.wrapped();
            reducer = ReflectionUtils.newInstance(reducerClass, taskConf);
            ReducerCalls.setup(reducer, context);
        }
        return reducer;
    }

    @Override
    public final void reduce(Iterable<Tuple2<KI, VI>> group, Collector<Tuple2<KO, VO>> out) throws Exception {
        collector.target(out);
        Reducer<KI, VI, KO, VO> r = reducer();
        GroupValues<KI, VI> values = GroupValues.of(group);
        groups.group(values);
        ReducerCalls.reduce(r, values.key(), values, context);
        groups.group(null);
        collector.target(null);
    }

    /** The reducer's {@code cleanup}, with the output still open. */
    @Override
    public final void finish(Collector<Tuple2<KO, VO>> out) throws Exception {
        collector.target(out);
        Reducer<KI, VI, KO, VO> r = reducer();
        cleanedUp = true;
        ReducerCalls.cleanup(r, context);
        collector.target(null);
        addCounters();
    }

    @Override
    public void close() throws Exception {
        if (reducer != null && !cleanedUp) {
            // The task failed or was cancelled: cleanup runs as Reducer.run's finally runs it; what it writes goes nowhere.
            cleanedUp = true;
            collector.discard();
            ReducerCalls.cleanup(reducer, context);
        }
    }

    /** Adds this subtask's counters to the job's accumulators, once. */
    final void addCounters() {
        if (!countersAdded) {
            countersAdded = true;
            HadoopCounters.addTo(reporter.counters(), getRuntimeContext());
        }
    }
}
