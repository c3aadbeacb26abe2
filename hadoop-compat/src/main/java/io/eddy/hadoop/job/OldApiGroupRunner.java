package io.eddy.hadoop.job;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.TaskConfs;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A MapReduce job's {@code mapred} reducer (or combiner) over a partition sorted by the job's sort
 * comparator, as Hadoop's reduce task runs it: one reducer per subtask, configured with the job's
 * configuration, {@code reduce(key, values, collector, reporter)} per group of the grouping
 * comparator ({@link SortedGroups}), then {@code close()} — also after a failure — with its output
 * still delivered.
 */
final class OldApiGroupRunner<KI extends Writable, VI, KO, VO> extends JobGroupRunner<KI, VI, KO, VO> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Reducer<KI, VI, KO, VO>> reducerClass;
    private final String role;

    OldApiGroupRunner(Class<? extends Reducer<KI, VI, KO, VO>> reducerClass, Class<KI> keyClass, Class<? extends RawComparator> groupingClass,
            JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType, String role) {
        super(keyClass, groupingClass, job, outputType);
        this.reducerClass = reducerClass;
        this.role = role;
    }

    @Override
    public void mapPartition(Iterable<Tuple2<KI, VI>> records, Collector<Tuple2<KO, VO>> out) throws Exception {
        int subtask = getRuntimeContext().getIndexOfThisSubtask();
        TaskAttemptID id = TaskConfs.attemptId(conf.get(), role.equals("combiner") ? TaskType.MAP : TaskType.REDUCE, subtask, getRuntimeContext());
        JobConf taskConf = TaskConfs.forAttempt(conf.get(), id, subtask, getRuntimeContext());
        JobCache.inWorker(taskConf);
        String what = "Hadoop " + role + " " + reducerClass.getName() + " in '" + getRuntimeContext().getTaskName() + "'";
        CountingReporter reporter = new CountingReporter(what);
        CopyingOutputCollector<KO, VO> collector = CopyingOutputCollector.direct(what);
        collector.target(out);
        SortedGroups<KI, VI> groups = groups(records, taskConf, role.equals("combiner"), reporter, collector);
        Reducer<KI, VI, KO, VO> reducer = ReflectionUtils.newInstance(reducerClass, taskConf);
        try {
            while (groups.nextKey()) {
                reducer.reduce(groups.currentKey(), groups.values(), collector, reporter);
            }
        } catch (Throwable failure) {
            TaskConfs.closeAfterFailure(reducer, failure);
            throw failure;
        }
        reducer.close();
        collector.target(null);
        HadoopCounters.addTo(reporter.counters(), getRuntimeContext());
    }
}
