package io.eddy.benchmarks.flink;

import io.eddy.benchmarks.data.Words;
import java.nio.file.Files;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.legacy.RichSinkFunction;
import org.apache.flink.util.Collector;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Batch word count on Flink 2.3.0: a DataStream program in {@link RuntimeExecutionMode#BATCH} (the
 * successor of the DataSet API): {@code FileSource} of lines → split → {@code keyBy(word).sum} →
 * a sink that sums the counts into accumulators. In BATCH mode the keyed exchange is blocking and
 * the keyed sum runs over sorted input, emitting one final count per word. Prints one {@code
 * RESULT} line with {@code system=flink}.
 */
@Command(name = "flink-batch-wordcount", mixinStandardHelpOptions = true, description = "Batch word count on Flink 2.3 (DataStream, BATCH mode).")
public final class FlinkBatchWordCount implements Callable<Integer> {

    static final String WORDS = "words";
    static final String DISTINCT = "distinct";
    static final String CHECKSUM = "checksum";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--input", required = true, description = "The text file.")
    java.nio.file.Path input;

    @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
    int parallelism;

    /** What one run found. */
    record Outcome(long words, long distinct, long checksum, long netRuntimeMillis) {}

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkBatchWordCount()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (!Files.exists(input)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--input: " + input + " does not exist (generate it first, see scripts/bench)");
        }
        Outcome o = run(input.toString(), parallelism);
        System.out.printf(Locale.ROOT,
                "RESULT name=wordcount-batch system=flink rate=%.0f words=%d distinct=%d checksum=%d bytes=%d parallelism=%d seconds=%.2f%n",
                o.words() / Math.max(0.001, o.netRuntimeMillis() / 1000.0), o.words(), o.distinct(), o.checksum(), Files.size(input),
                parallelism, o.netRuntimeMillis() / 1000.0);
        return 0;
    }

    /** Runs the job on a MiniCluster of one TaskManager with a slot per subtask. */
    static Outcome run(String input, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(parallelism);
        FileSource<String> source = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(input)).build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "read text")
                .flatMap(new Splitter())
                .returns(Types.TUPLE(Types.STRING, Types.LONG))
                .name("split")
                .keyBy(t -> t.f0)
                .sum(1)
                .name("count")
                .addSink(new CountSink())
                .name("checksum sink");
        JobExecutionResult result = FlinkMiniClusters.run(env, FlinkMiniClusters.Shape.EMBEDDED, "wordcount-batch");
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

    /** Sums words, distinct words and the checksum of the final counts into accumulators. Runs on its task's thread. */
    static final class CountSink extends RichSinkFunction<Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;
        private transient LongCounter words;
        private transient LongCounter distinct;
        private transient LongCounter checksum;

        @Override
        public void open(OpenContext openContext) {
            words = new LongCounter();
            distinct = new LongCounter();
            checksum = new LongCounter();
            getRuntimeContext().addAccumulator(WORDS, words);
            getRuntimeContext().addAccumulator(DISTINCT, distinct);
            getRuntimeContext().addAccumulator(CHECKSUM, checksum);
        }

        @Override
        public void invoke(Tuple2<String, Long> count, Context context) {
            words.add(count.f1);
            distinct.add(1L);
            checksum.add(Words.checksumShare(count.f0, count.f1));
        }
    }
}
