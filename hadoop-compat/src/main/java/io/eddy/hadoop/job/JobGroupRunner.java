package io.eddy.hadoop.job;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.rich.RichMapPartitionFunction;
import io.eddy.api.common.typeinfo.ResultTypeQueryable;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.SerializableJobConf;
import io.eddy.hadoop.typeinfo.WritableKeyComparator;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * What the runners of a job's reducers and combiners share: over a partition sorted by the job's
 * sort comparator, groups of the grouping comparator ({@link SortedGroups}), and the pair type the
 * function writes.
 */
abstract class JobGroupRunner<KI extends Writable, VI, KO, VO> extends RichMapPartitionFunction<Tuple2<KI, VI>, Tuple2<KO, VO>>
        implements GroupCombineFunction<Tuple2<KI, VI>, Tuple2<KO, VO>>, ResultTypeQueryable<Tuple2<KO, VO>> {

    private static final long serialVersionUID = 1L;

    private final Class<KI> keyClass;
    private final Class<? extends RawComparator> groupingClass;
    final SerializableJobConf conf;
    private final TupleTypeInfo<Tuple2<KO, VO>> outputType;

    JobGroupRunner(Class<KI> keyClass, Class<? extends RawComparator> groupingClass, JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType) {
        this.keyClass = keyClass;
        this.groupingClass = groupingClass;
        this.conf = new SerializableJobConf(job);
        this.outputType = outputType;
    }

    /** Set while the function runs over {@link HashCombiner}'s groups, whose pairs of one group share one key object. */
    private transient boolean hashGrouped;

    /**
     * As a map task's combiner: one run of the function over {@link HashCombiner}'s groups (a buffer
     * fill), which come group by group, the pairs of a group sharing one key object.
     */
    final void combineHashGroups(Iterable<Tuple2<KI, VI>> groups, Collector<Tuple2<KO, VO>> out) throws Exception {
        hashGrouped = true;
        try {
            mapPartition(groups, out);
        } finally {
            hashGrouped = false;
        }
    }

    /** As a combiner: one run of the function over {@code records} (a sorted buffer fill), as Hadoop runs it per spill. */
    @Override
    public final void combine(Iterable<Tuple2<KI, VI>> records, Collector<Tuple2<KO, VO>> out) throws Exception {
        mapPartition(records, out);
    }

    @Override
    public final TypeInfo<Tuple2<KO, VO>> getProducedType() {
        return outputType;
    }

    /**
     * The groups of {@code records} by the job's grouping comparator, made with {@code taskConf}, and
     * {@code collector} counting what the function writes: Hadoop's task counters in {@code
     * reporter}, COMBINE_* for a combiner, REDUCE_* (with the groups) for a reducer.
     */
    final SortedGroups<KI, VI> groups(Iterable<Tuple2<KI, VI>> records, JobConf taskConf, boolean combiner, CountingReporter reporter,
            CopyingOutputCollector<KO, VO> collector) {
        collector.counting(reporter.getCounter(combiner ? TaskCounter.COMBINE_OUTPUT_RECORDS : TaskCounter.REDUCE_OUTPUT_RECORDS));
        org.apache.hadoop.mapreduce.Counter groups = combiner ? null : reporter.getCounter(TaskCounter.REDUCE_INPUT_GROUPS);
        org.apache.hadoop.mapreduce.Counter values = reporter.getCounter(combiner ? TaskCounter.COMBINE_INPUT_RECORDS : TaskCounter.REDUCE_INPUT_RECORDS);
        if (hashGrouped) {
            return new SortedGroups<>(records.iterator(), (a, b) -> a == b, groups, values);
        }
        return new SortedGroups<>(records.iterator(), new WritableKeyComparator<>(keyClass, true, groupingClass, taskConf), groups, values);
    }
}
