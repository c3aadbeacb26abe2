package io.eddy.hadoop.mapred;

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
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reducer;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapred} {@link Reducer} as an Eddy group reduce over {@code Tuple2<key, value>}
 * records grouped by the key: {@code pairs.groupBy(0).reduceGroup(new HadoopReduceFunction<>(new
 * MyReducer()))}.
 *
 * <p>Each subtask does what a Hadoop reduce task does: it makes its own reducer from the class,
 * configured with the job configuration ({@code configure(JobConf)}), at its first group (or, for
 * an empty partition, when its input ends); calls {@code reduce(key, values, collector, reporter)} once per
 * group, with the group's first key and an iterator over its values; and calls {@code close()}
 * after its last group, as a {@link FinishingFunction}, so that what the reducer emits in {@code
 * close()} goes downstream too (after a failure {@code close()} is still called and its records are
 * dropped with the failed attempt). The collector is one object for the whole task, as in Hadoop,
 * so a reducer may keep it.
 *
 * <p>Emitted keys and values are copied ({@link CopyingOutputCollector}); counters become
 * accumulators ({@link HadoopCounters}); {@code mapreduce.task.partition} is the subtask's index.
 * The output type is the reducer's output key and value type arguments, or the job configuration's
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
    private transient boolean reducerClosed;
    private transient CopyingOutputCollector<KO, VO> collector;
    transient CountingReporter reporter;
    private transient boolean countersAdded;

    /** Wraps the reducer's class with an empty job configuration. */
    public HadoopReduceFunction(Reducer<KI, VI, KO, VO> reducer) {
        this(reducer, new JobConf());
    }

    /** Wraps the reducer's class; each subtask's reducer is configured with {@code conf}. */
    @SuppressWarnings("unchecked")
    public HadoopReduceFunction(Reducer<KI, VI, KO, VO> reducer, JobConf conf) {
        Objects.requireNonNull(reducer, "reducer");
        this.reducerClass = (Class<? extends Reducer<KI, VI, KO, VO>>) reducer.getClass();
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(conf, "conf")));
        this.outputType = HadoopTypes.reduceOutput(reducerClass, Reducer.class, this.conf.get());
    }

    @Override
    public final TypeInfo<Tuple2<KO, VO>> getProducedType() {
        return outputType;
    }

    /** What error messages call this function: the reducer class and the task. */
    final String describe(Class<?> functionClass, String role) {
        return "Hadoop " + role + " " + functionClass.getName() + " in '" + getRuntimeContext().getTaskName() + "'";
    }

    @Override
    public void open() throws Exception {
        reporter = new CountingReporter(describe(reducerClass, "reducer"));
        countersAdded = false;
        collector = CopyingOutputCollector.of(outputType, describe(reducerClass, "reducer"));
        reducer = null;
        reducerClosed = false;
    }

    /**
     * The subtask's reducer, made and configured at its first group or, for an empty partition, in
     * {@link #finish}: a function that only ever combines (the combine step of a {@link
     * HadoopReduceCombineFunction}) makes none.
     */
    private Reducer<KI, VI, KO, VO> reducer() {
        if (reducer == null) {
            reducer = ReflectionUtils.newInstance(reducerClass, TaskConfs.forSubtask(conf.get(), getRuntimeContext()));
        }
        return reducer;
    }

    @Override
    public final void reduce(Iterable<Tuple2<KI, VI>> group, Collector<Tuple2<KO, VO>> out) throws Exception {
        GroupValues<KI, VI> values = GroupValues.of(group);
        collector.target(out);
        reducer().reduce(values.key(), values, collector, reporter);
        collector.target(null);
    }

    /** The reducer's {@code close()}, with the output still open. */
    @Override
    public final void finish(Collector<Tuple2<KO, VO>> out) throws Exception {
        Reducer<KI, VI, KO, VO> finishing = reducer();
        collector.target(out);
        reducerClosed = true;
        finishing.close();
        collector.target(null);
        addCounters();
    }

    @Override
    public void close() throws Exception {
        if (reducer != null && !reducerClosed && collector != null) {
            // The task failed or was cancelled before its input ended: the reducer is closed all the
            // same, as Hadoop closes it; what it emits now goes nowhere, like the rest of the attempt.
            reducerClosed = true;
            collector.discard();
            reducer.close();
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
