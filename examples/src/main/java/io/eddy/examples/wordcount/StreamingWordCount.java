package io.eddy.examples.wordcount;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.examples.ExampleMain;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.api.common.io.WriteMode;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Streaming word count: reads lines from a text file ({@code --input}) or from built-in sample
 * lines, splits them into words, keys by word and keeps a rolling sum per word, emitting {@code
 * (word, count so far)} for every occurrence. Prints the counts, or writes them to {@code --output}.
 *
 * <pre>
 *   lines --flatMap(Tokenizer)--> (word, 1) --keyBy(word)--> sum(1) --> print / text file
 * </pre>
 */
@Command(name = "streaming-word-count", mixinStandardHelpOptions = true, description = "Counts words with a rolling sum per word.")
public final class StreamingWordCount implements Callable<Integer> {

    /** The lines counted when no {@code --input} is given. */
    public static final String[] SAMPLE_LINES = {
        "To be, or not to be, that is the question:",
        "Whether 'tis nobler in the mind to suffer",
        "The slings and arrows of outrageous fortune,",
        "Or to take arms against a sea of troubles",
        "And by opposing end them.",
    };

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--input", paramLabel = "PATH", description = "A text file or a directory of text files, local or hdfs:// (default: built-in sample lines).")
    String input;

    @Option(names = "--output", paramLabel = "PATH", description = "Write the counts here (a directory if the parallelism is above 1) instead of printing them.")
    String output;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new StreamingWordCount(), args);
    }

    @Override
    public Integer call() throws Exception {
        if (input != null) {
            InputPaths.requireExisting(spec, "--input", input);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        DataStream<String> lines = input != null ? env.readTextFile(input) : env.fromElements(SAMPLE_LINES);
        DataStream<Tuple2<String, Integer>> counts = counts(lines);
        if (output != null) {
            counts.writeAsText(output, WriteMode.OVERWRITE);
        } else {
            counts.print();
        }
        env.execute("Streaming word count");
        return 0;
    }

    /** The word count dataflow over {@code lines}: a rolling {@code (word, count)} per occurrence. */
    public static DataStream<Tuple2<String, Integer>> counts(DataStream<String> lines) {
        return lines.flatMap(new Tokenizer())
                .name("tokenizer")
                .keyBy(t -> t.f0)
                .sum(1)
                .name("rolling sum");
    }
}
