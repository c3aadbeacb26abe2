package io.eddy.hadoop.job;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.impl.CollectorRecordWriter;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.TaskConfs;
import java.util.Iterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.ReduceContext;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.reduce.WrappedReducer;
import org.apache.hadoop.mapreduce.task.TaskInputOutputContextImpl;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A MapReduce job's {@code mapreduce} reducer (or combiner) over a partition sorted by the job's
 * sort comparator, as Hadoop's reduce task runs it: one reducer per subtask, made from its class
 * with the job's configuration, and its {@code run(Context)} called once over a context whose keys
 * are the groups the grouping comparator makes of the sorted records ({@link SortedGroups}).
 * Output pairs go on as the reducer writes them (the consumer, the job's output format or the
 * shuffle's serializer, keeps nothing).
 */
final class NewApiGroupRunner<KI extends Writable, VI, KO, VO> extends JobGroupRunner<KI, VI, KO, VO> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends Reducer<KI, VI, KO, VO>> reducerClass;
    private final TaskType taskType;

    NewApiGroupRunner(Class<? extends Reducer<KI, VI, KO, VO>> reducerClass, Class<KI> keyClass, Class<? extends RawComparator> groupingClass,
            JobConf job, TupleTypeInfo<Tuple2<KO, VO>> outputType, TaskType taskType) {
        super(keyClass, groupingClass, job, outputType);
        this.reducerClass = reducerClass;
        this.taskType = taskType;
    }

    @Override
    public void mapPartition(Iterable<Tuple2<KI, VI>> records, Collector<Tuple2<KO, VO>> out) throws Exception {
        int subtask = getRuntimeContext().getIndexOfThisSubtask();
        TaskAttemptID id = TaskConfs.attemptId(conf.get(), taskType, subtask, getRuntimeContext());
        JobConf taskConf = TaskConfs.forAttempt(conf.get(), id, subtask, getRuntimeContext());
        JobCache.inWorker(taskConf);
        String what = "Hadoop " + (taskType == TaskType.MAP ? "combiner " : "reducer ") + reducerClass.getName() + " in '"
                + getRuntimeContext().getTaskName() + "'";
        CountingReporter reporter = new CountingReporter(what);
        CopyingOutputCollector<KO, VO> collector = CopyingOutputCollector.direct(what);
        collector.target(out);
        SortedGroups<KI, VI> groups = groups(records, taskConf, taskType == TaskType.MAP, reporter, collector);
        GroupsContext<KI, VI, KO, VO> context = new GroupsContext<>(taskConf, id, collector, reporter, groups);
        Reducer<KI, VI, KO, VO> reducer = ReflectionUtils.newInstance(reducerClass, taskConf);
        reducer.run(new WrappedReducer<KI, VI, KO, VO>().getReducerContext(context));
        collector.target(null);
        HadoopCounters.addTo(reporter.counters(), getRuntimeContext());
    }

    /** A reduce context over sorted groups. */
    static final class GroupsContext<KI, VI, KO, VO> extends TaskInputOutputContextImpl<KI, VI, KO, VO>
            implements ReduceContext<KI, VI, KO, VO> {

        private final SortedGroups<KI, VI> groups;

        GroupsContext(Configuration conf, TaskAttemptID id, CopyingOutputCollector<KO, VO> output, CountingReporter reporter,
                SortedGroups<KI, VI> groups) {
            super(conf, id, new CollectorRecordWriter<>(output), null, reporter);
            this.groups = groups;
        }

        @Override
        public boolean nextKey() {
            return groups.nextKey();
        }

        @Override
        public Iterable<VI> getValues() {
            Iterator<VI> values = groups.values();
            return () -> values;
        }

        @Override
        public boolean nextKeyValue() {
            if (groups.hasNextValue()) {
                groups.nextValue();
                return true;
            }
            if (groups.nextKey()) {
                groups.nextValue();
                return true;
            }
            return false;
        }

        @Override
        public KI getCurrentKey() {
            return groups.currentKey();
        }

        @Override
        public VI getCurrentValue() {
            return groups.currentValue();
        }
    }
}
