package io.eddy.hadoop.mapreduce;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.impl.CollectorRecordWriter;
import io.eddy.hadoop.impl.CopyingOutputCollector;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.GroupValues;
import io.eddy.hadoop.impl.TaskConfs;
import java.util.Iterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.ReduceContext;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.lib.reduce.WrappedReducer;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.apache.hadoop.mapreduce.task.TaskInputOutputContextImpl;

/**
 * The {@code mapreduce} API's task contexts over Eddy records, built from Hadoop's own context
 * classes: a {@link MapContextImpl} reading a partition's records through a {@link RecordReader}
 * and writing through a {@link CollectorRecordWriter}, wrapped by Hadoop's {@link WrappedMapper}; and a
 * reduce context that serves one group at a time, wrapped by {@link WrappedReducer}. Their task
 * attempt id is {@code attempt_eddy_0000_<m|r>_<subtask>_<attempt>}.
 */
final class EddyTaskContexts {

    private EddyTaskContexts() {}

    /** A mapper's context reading {@code records} and writing to {@code output}. */
    static <KI, VI, KO, VO> Mapper<KI, VI, KO, VO>.Context mapContext(Configuration conf, RuntimeContext context,
            Iterator<Tuple2<KI, VI>> records, CopyingOutputCollector<KO, VO> output, CountingReporter reporter) {
        MapContextImpl<KI, VI, KO, VO> map = new MapContextImpl<>(conf, TaskConfs.attemptId(TaskType.MAP, context),
                new Reader<>(records, reporter.getCounter(TaskCounter.MAP_INPUT_RECORDS)),
                new CollectorRecordWriter<>(output), null, reporter, null);
        return new WrappedMapper<KI, VI, KO, VO>().getMapContext(map);
    }

    /** Feeds a mapper the records of its partition. */
    private static final class Reader<K, V> extends RecordReader<K, V> {
        private final Iterator<Tuple2<K, V>> records;
        /** MAP_INPUT_RECORDS. */
        private final org.apache.hadoop.mapreduce.Counter read;
        private Tuple2<K, V> current;

        Reader(Iterator<Tuple2<K, V>> records, org.apache.hadoop.mapreduce.Counter read) {
            this.records = records;
            this.read = read;
        }

        @Override
        public void initialize(InputSplit split, TaskAttemptContext context) {
            // The records are at hand already.
        }

        @Override
        public boolean nextKeyValue() {
            current = records.hasNext() ? records.next() : null;
            if (current != null) {
                read.increment(1);
            }
            return current != null;
        }

        @Override
        public K getCurrentKey() {
            return current == null ? null : current.f0;
        }

        @Override
        public V getCurrentValue() {
            return current == null ? null : current.f1;
        }

        @Override
        public float getProgress() {
            return 0;
        }

        @Override
        public void close() {
            // Nothing is held.
        }
    }

    /**
     * A reduce context over one group at a time ({@link #group}): {@code getCurrentKey} is the
     * group's key and {@code getValues} its values. The wrapper calls the reducer's {@code reduce}
     * itself, once per group, so {@code nextKey} says there is no further key.
     */
    static final class GroupContext<KI, VI, KO, VO> extends TaskInputOutputContextImpl<KI, VI, KO, VO>
            implements ReduceContext<KI, VI, KO, VO> {

        private GroupValues<KI, VI> values;
        private KI key;
        private VI value;

        GroupContext(Configuration conf, TaskAttemptID id, CopyingOutputCollector<KO, VO> output, CountingReporter reporter) {
            super(conf, id, new CollectorRecordWriter<>(output), null, reporter);
        }

        void group(GroupValues<KI, VI> group) {
            this.values = group;
            this.key = group == null ? null : group.key();
            this.value = null;
        }

        Reducer<KI, VI, KO, VO>.Context wrapped() {
            return new WrappedReducer<KI, VI, KO, VO>().getReducerContext(this);
        }

        @Override
        public boolean nextKey() {
            return false;
        }

        @Override
        public Iterable<VI> getValues() {
            return values;
        }

        @Override
        public boolean nextKeyValue() {
            if (values == null || !values.hasNext()) {
                return false;
            }
            value = values.next();
            return true;
        }

        @Override
        public KI getCurrentKey() {
            return key;
        }

        @Override
        public VI getCurrentValue() {
            return value;
        }
    }
}
