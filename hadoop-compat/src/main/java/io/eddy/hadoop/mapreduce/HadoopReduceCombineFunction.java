package io.eddy.hadoop.mapreduce;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.GroupValues;
import io.eddy.hadoop.impl.HadoopTypes;
import io.eddy.hadoop.impl.TaskConfs;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A {@code mapreduce} reducer with a combiner (a {@code Reducer<KI, VI, KI, VI>}, as Hadoop's
 * {@code Job.setCombinerClass} requires): a combinable {@link HadoopReduceFunction}. The combiner
 * runs in front of the shuffle on whatever part of a group is at hand, any number of times per key.
 * A subtask makes and sets up its combiner at its first combine call and cleans it up when the
 * function closes; a combiner that writes in {@code cleanup} fails the job with an error naming it.
 */
public final class HadoopReduceCombineFunction<KI, VI, KO, VO> extends HadoopReduceFunction<KI, VI, KO, VO>
        implements GroupCombineFunction<Tuple2<KI, VI>, Tuple2<KI, VI>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Reducer<KI, VI, KI, VI>> combinerClass;
    private final TupleTypeInfo<Tuple2<KI, VI>> combineType;

    private transient Reducer<KI, VI, KI, VI> combiner;
    private transient CopyingOutputCollector<KI, VI> combineCollector;
    private transient EddyTaskContexts.GroupContext<KI, VI, KI, VI> combineGroups;
    private transient Reducer<KI, VI, KI, VI>.Context combineContext;

    public HadoopReduceCombineFunction(Reducer<KI, VI, KO, VO> reducer, Reducer<KI, VI, KI, VI> combiner) {
        this(reducer, combiner, new Configuration());
    }

    @SuppressWarnings("unchecked")
    public HadoopReduceCombineFunction(Reducer<KI, VI, KO, VO> reducer, Reducer<KI, VI, KI, VI> combiner, Configuration conf) {
        super(reducer, conf);
        this.combinerClass = (Class<? extends Reducer<KI, VI, KI, VI>>) Objects.requireNonNull(combiner, "combiner").getClass();
        this.combineType = HadoopTypes.combineOutput(combinerClass, Reducer.class, this.conf.get());
    }

    @Override
    public void combine(Iterable<Tuple2<KI, VI>> group, Collector<Tuple2<KI, VI>> out) throws Exception {
        if (combiner == null) {
            combineCollector = CopyingOutputCollector.of(combineType, describe(combinerClass, "combiner"));
            JobConf taskConf = TaskConfs.forSubtask(conf.get(), getRuntimeContext());
            combineGroups = new EddyTaskContexts.GroupContext<>(taskConf, TaskConfs.attemptId(TaskType.MAP, getRuntimeContext()),
                    combineCollector, reporter);
            combineContext = combineGroups.wrapped();
            combiner = ReflectionUtils.newInstance(combinerClass, taskConf);
            combineCollector.target(out);
            ReducerCalls.setup(combiner, combineContext);
        }
        combineCollector.target(out);
        GroupValues<KI, VI> values = GroupValues.of(group);
        combineGroups.group(values);
        ReducerCalls.reduce(combiner, values.key(), values, combineContext);
        combineGroups.group(null);
        combineCollector.target(null);
    }

    @Override
    public void close() throws Exception {
        try {
            super.close();
        } finally {
            if (combiner != null) {
                Reducer<KI, VI, KI, VI> closing = combiner;
                combiner = null;
                ReducerCalls.cleanup(closing, combineContext);
                addCounters();
            }
        }
    }
}
