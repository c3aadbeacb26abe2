package io.eddy.cli;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Job programs for the YARN CLI tests, packed into a jar by {@link YarnCliITCase}:
 * <ul>
 *   <li>{@code wordcount IN OUT [PARALLELISM]}: batch word count of the text files under {@code IN} (e.g. {@code
 *       hdfs://...}), written as {@code word,count} CSV under {@code OUT}, at parallelism 2 unless given;</li>
 *   <li>{@code endless}: a streaming job with checkpoints every second that runs until it is cancelled.</li>
 * </ul>
 */
public final class YarnTestJob {

    private YarnTestJob() {}

    public static void main(String[] args) throws Exception {
        switch (args.length == 0 ? "" : args[0]) {
            case "wordcount" -> wordCount(args[1], args[2], args.length > 3 ? Integer.parseInt(args[3]) : 2);
            case "endless" -> endless();
            default -> throw new IllegalArgumentException("usage: wordcount IN OUT [PARALLELISM] | endless (got " + String.join(" ", args) + ")");
        }
    }

    private static void wordCount(String input, String output, int parallelism) throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.readTextFile(input).flatMap(new Tokenizer()).groupBy(0).sum(1).writeAsCsv(output, WriteMode.OVERWRITE);
        env.execute("yarn word count");
    }

    private static void endless() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        // Checkpointing on, so that the job can take savepoints; on YARN they go to HDFS (the application's directory).
        env.enableCheckpointing(1000);
        env.addSource(new ThrottledSource(), "endless source").addSink(new Discard());
        env.execute("endless job");
    }

    /** Lines to lower-case (word, 1) pairs. */
    public static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                if (!word.isEmpty()) {
                    out.collect(Tuple2.of(word, 1));
                }
            }
        }
    }

    /** Drops every record. */
    public static final class Discard implements SinkFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Long value) {}
    }

    /** Emits about a thousand numbers a second until cancelled (the pause only keeps the shared test machine's CPUs free). */
    public static final class ThrottledSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
