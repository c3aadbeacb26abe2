package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.TeraRecords;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.io.RichOutputFormat;
import org.apache.flink.api.common.operators.Order;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;

/**
 * TeraSort-shaped sort on Flink 1.20's DataSet API: the 100-byte records are read as lines, split
 * into {@code (key, value)}, range-partitioned on the key ({@code partitionByRange}, which samples
 * the input for boundaries) and sorted within each partition ({@code sortPartition}), so the
 * partitions in order form the sorted whole. With little managed memory the sorter spills. The sink
 * checks that each partition arrives sorted and sums a checksum of the records.
 */
final class FlinkTeraSort {

    static final String RECORDS = "records";
    static final String UNSORTED = "unsorted";
    static final String CHECKSUM = "checksum";

    /** What one run found; {@code unsorted} counts records smaller than their predecessor in a partition (0 when correct). */
    record Outcome(long records, long unsorted, long checksum, long netRuntimeMillis) {}

    private FlinkTeraSort() {}

    static Outcome run(ExecutionEnvironment env, String input) throws Exception {
        env.readTextFile(input)
                .name("read records")
                .map(new ToRecord())
                .name("parse")
                .partitionByRange(0)
                .sortPartition(0, Order.ASCENDING)
                .output(new CheckingSink())
                .name("checking sink");
        JobExecutionResult result = env.execute("terasort-batch");
        return new Outcome(result.<Long>getAccumulatorResult(RECORDS), result.<Long>getAccumulatorResult(UNSORTED),
                result.<Long>getAccumulatorResult(CHECKSUM), result.getNetRuntime());
    }

    /** A line as {@code (key, value)}. */
    static final class ToRecord implements MapFunction<String, Tuple2<String, String>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<String, String> map(String line) {
            return Tuple2.of(TeraRecords.key(line), TeraRecords.value(line));
        }
    }

    /** Counts records, out-of-order records and the checksum of one partition. */
    static final class CheckingSink extends RichOutputFormat<Tuple2<String, String>> {
        private static final long serialVersionUID = 1L;
        private String previous;
        private long records;
        private long unsorted;
        private long checksum;

        @Override
        public void configure(Configuration parameters) {}

        @Override
        public void open(int taskNumber, int numTasks) {}

        @Override
        public void writeRecord(Tuple2<String, String> record) {
            if (previous != null && previous.compareTo(record.f0) > 0) {
                unsorted++;
            }
            previous = record.f0;
            records++;
            checksum += TeraRecords.checksumShare(record.f0, record.f1);
        }

        @Override
        public void close() {
            getRuntimeContext().getLongCounter(RECORDS).add(records);
            getRuntimeContext().getLongCounter(UNSORTED).add(unsorted);
            getRuntimeContext().getLongCounter(CHECKSUM).add(checksum);
        }
    }
}
