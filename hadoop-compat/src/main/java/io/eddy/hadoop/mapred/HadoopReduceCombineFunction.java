package io.eddy.hadoop.mapred;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.GroupValues;
import io.eddy.hadoop.impl.HadoopTypes;
import io.eddy.hadoop.impl.TaskConfs;
import java.util.Objects;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reducer;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop reducer with a Hadoop combiner: a combinable {@link HadoopReduceFunction}. Eddy runs the
 * combiner in front of the shuffle on whatever part of a group is at hand, any number of times per
 * key, as Hadoop runs its combiner per spill; so the combiner must take and emit the reducer's input
 * key and value types, as Hadoop requires.
 *
 * <p>A subtask makes its combiner (configured with the job configuration) at its first combine
 * call and closes it when the function closes. A combiner that emits in {@code close()} fails the
 * job with an error naming it: Eddy's combine step has no output left then.
 */
public final class HadoopReduceCombineFunction<KI, VI, KO, VO> extends HadoopReduceFunction<KI, VI, KO, VO>
        implements GroupCombineFunction<Tuple2<KI, VI>, Tuple2<KI, VI>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Reducer<KI, VI, KI, VI>> combinerClass;
    private final TupleTypeInfo<Tuple2<KI, VI>> combineType;

    private transient Reducer<KI, VI, KI, VI> combiner;
    private transient CopyingOutputCollector<KI, VI> combineCollector;

    public HadoopReduceCombineFunction(Reducer<KI, VI, KO, VO> reducer, Reducer<KI, VI, KI, VI> combiner) {
        this(reducer, combiner, new JobConf());
    }

    @SuppressWarnings("unchecked")
    public HadoopReduceCombineFunction(Reducer<KI, VI, KO, VO> reducer, Reducer<KI, VI, KI, VI> combiner, JobConf conf) {
        super(reducer, conf);
        this.combinerClass = (Class<? extends Reducer<KI, VI, KI, VI>>) Objects.requireNonNull(combiner, "combiner").getClass();
        this.combineType = HadoopTypes.combineOutput(combinerClass, Reducer.class, this.conf.get());
    }

    @Override
    public void combine(Iterable<Tuple2<KI, VI>> group, Collector<Tuple2<KI, VI>> out) throws Exception {
        if (combiner == null) {
            combineCollector = CopyingOutputCollector.of(combineType, describe(combinerClass, "combiner"));
            combiner = ReflectionUtils.newInstance(combinerClass, TaskConfs.forSubtask(conf.get(), getRuntimeContext()));
        }
        GroupValues<KI, VI> values = GroupValues.of(group);
        combineCollector.target(out);
        combiner.reduce(values.key(), values, combineCollector, reporter);
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
                closing.close();
                addCounters();
            }
        }
    }
}
