package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.Words;
import java.io.IOException;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.io.RichOutputFormat;
import org.apache.flink.api.common.operators.base.ReduceOperatorBase.CombineHint;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.util.Collector;

/**
 * Batch word count on Flink 1.20's DataSet API, written as a Flink user would for speed: {@code
 * readTextFile -> flatMap(split) -> groupBy(word).reduce(sum)} with the hash-based combiner ({@code
 * CombineHint.HASH}), the counts consumed by a sink that only sums them up into accumulators.
 */
final class FlinkWordCount {

    static final String WORDS = "words";
    static final String DISTINCT = "distinct";
    static final String CHECKSUM = "checksum";

    /** What one run found. */
    record Outcome(long words, long distinct, long checksum, long netRuntimeMillis) {}

    private FlinkWordCount() {}

    static Outcome run(ExecutionEnvironment env, String input) throws Exception {
        env.readTextFile(input)
                .name("read text")
                .flatMap(new Splitter())
                .name("split")
                .groupBy(0)
                .reduce(new Sum())
                .setCombineHint(CombineHint.HASH)
                .name("count")
                .output(new CountSink())
                .name("checksum sink");
        JobExecutionResult result = env.execute("wordcount-batch");
        return new Outcome(result.<Long>getAccumulatorResult(WORDS), result.<Long>getAccumulatorResult(DISTINCT),
                result.<Long>getAccumulatorResult(CHECKSUM), result.getNetRuntime());
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

    /** Sums words, distinct words and the order-independent checksum of the counts into accumulators. */
    static final class CountSink extends RichOutputFormat<Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;
        private long words;
        private long distinct;
        private long checksum;

        @Override
        public void configure(Configuration parameters) {}

        @Override
        public void open(int taskNumber, int numTasks) {}

        @Override
        public void writeRecord(Tuple2<String, Long> record) {
            words += record.f1;
            distinct++;
            checksum += Words.checksumShare(record.f0, record.f1);
        }

        @Override
        public void close() throws IOException {
            getRuntimeContext().getLongCounter(WORDS).add(words);
            getRuntimeContext().getLongCounter(DISTINCT).add(distinct);
            getRuntimeContext().getLongCounter(CHECKSUM).add(checksum);
        }
    }
}
