package io.eddy.benchmarks;

import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.operators.Order;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.benchmarks.data.Q3Rows;
import io.eddy.benchmarks.data.TeraRecords;
import io.eddy.benchmarks.data.Words;
import io.eddy.examples.batch.tpch.Q3;
import java.util.ArrayList;
import java.util.List;

/**
 * The Eddy programs of the batch benchmarks, written with the DataSet API the way the Flink 1.20
 * peer writes them ({@code benchmarks/flink-batch-peer}): same sources, same splitting, same
 * keys, and sinks that only fold their input into accumulators (checksums that both systems must
 * agree on). Building a program here does not run it; see {@link EddyBatchBench}.
 */
final class BatchJobs {

    static final String WORDS = "words";
    static final String DISTINCT = "distinct";
    static final String RECORDS = "records";
    static final String UNSORTED = "unsorted";
    static final String CHECKSUM = "checksum";
    static final String ROWS = "rows";

    private BatchJobs() {}

    /** {@code readTextFile -> flatMap(split) -> groupBy(word).reduce(sum)} (combinable: each subtask pre-aggregates). */
    static void wordCount(ExecutionEnvironment env, String input) {
        env.readTextFile(input).name("read text")
                .flatMap(new Splitter()).name("split")
                .groupBy(0)
                .reduce(new Sum()).name("count")
                .output(new WordCountSink()).name("checksum sink");
    }

    /** {@code readTextFile -> map(key, value) -> partitionByRange(key) -> sortPartition(key)}, checked by the sink. */
    static void teraSort(ExecutionEnvironment env, String input) {
        env.readTextFile(input).name("read records")
                .map(new ToRecord()).name("parse")
                .partitionByRange(0)
                .sortPartition(0, Order.ASCENDING)
                .output(new SortCheckingSink()).name("checking sink");
    }

    /** {@link Q3#build}, its ten rows folded into a row count and a checksum. */
    static void q3(ExecutionEnvironment env, String tables) {
        Q3.build(env, tables).output(new Q3Sink()).name("checksum sink").setParallelism(1);
    }

    /** Splits a line into {@code (word, 1)}. */
    static final class Splitter implements FlatMapFunction<String, Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(String line, Collector<Tuple2<String, Long>> out) {
            Words.split(line, w -> out.collect(Tuple2.of(w, 1L)));
        }
    }

    /** Adds the counts of one word; reuses the first record. */
    static final class Sum implements ReduceFunction<Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<String, Long> reduce(Tuple2<String, Long> a, Tuple2<String, Long> b) {
            a.f1 += b.f1;
            return a;
        }
    }

    /** A line as {@code (key, value)}. */
    static final class ToRecord implements MapFunction<String, Tuple2<String, String>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<String, String> map(String line) {
            return Tuple2.of(TeraRecords.key(line), TeraRecords.value(line));
        }
    }

    /** A sink that adds its subtask's totals to accumulators when it closes. Used by the sink subtask's thread only. */
    abstract static class AccumulatingSink<T> implements OutputFormat<T> {
        private static final long serialVersionUID = 1L;
        private transient RuntimeContext context;

        @Override
        public void setRuntimeContext(RuntimeContext context) {
            this.context = context;
        }

        @Override
        public void open(int subtask, int parallelism) {}

        void add(String accumulator, long value) {
            if (context == null) {
                throw new IllegalStateException("Bug: the runtime did not call setRuntimeContext on the sink before close");
            }
            context.getLongCounter(accumulator).add(value);
        }
    }

    /** Sums words, distinct words and the order-independent checksum of the counts. */
    static final class WordCountSink extends AccumulatingSink<Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;
        private long words;
        private long distinct;
        private long checksum;

        @Override
        public void writeRecord(Tuple2<String, Long> record) {
            words += record.f1;
            distinct++;
            checksum += Words.checksumShare(record.f0, record.f1);
        }

        @Override
        public void close() {
            add(WORDS, words);
            add(DISTINCT, distinct);
            add(CHECKSUM, checksum);
        }
    }

    /** Counts records, records out of order within the partition, and the checksum. */
    static final class SortCheckingSink extends AccumulatingSink<Tuple2<String, String>> {
        private static final long serialVersionUID = 1L;
        private String previous;
        private long records;
        private long unsorted;
        private long checksum;

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
            add(RECORDS, records);
            add(UNSORTED, unsorted);
            add(CHECKSUM, checksum);
        }
    }

    /** Formats the answer rows as every system does ({@link Q3Rows#format}) and folds them into a count and a checksum. */
    static final class Q3Sink extends AccumulatingSink<Tuple4<Long, String, Integer, Long>> {
        private static final long serialVersionUID = 1L;
        private transient List<String> rows;

        @Override
        public void open(int subtask, int parallelism) {
            rows = new ArrayList<>();
        }

        @Override
        public void writeRecord(Tuple4<Long, String, Integer, Long> row) {
            String formatted = Q3Rows.format(row.f0, row.f3, row.f1, row.f2);
            rows.add(formatted);
            System.err.println("eddy-bench: q3 row " + formatted);
        }

        @Override
        public void close() {
            add(ROWS, rows.size());
            add(CHECKSUM, Q3Rows.checksum(rows));
        }
    }
}
