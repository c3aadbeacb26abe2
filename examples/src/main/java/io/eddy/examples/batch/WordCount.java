package io.eddy.examples.batch;

import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.wordcount.InputPaths;
import io.eddy.examples.wordcount.StreamingWordCount;
import io.eddy.examples.wordcount.Tokenizer;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Batch word count: reads lines from a text file ({@code --input}) or built-in sample lines, splits
 * them into lower-case words and counts each word once over the whole input. Writes {@code
 * word,count} lines as CSV to {@code --output}, or prints them.
 *
 * <pre>
 *   lines --flatMap(Tokenizer)--> (word, 1) --groupBy(word).sum(1)--> (word, count) --> CSV / print
 * </pre>
 *
 * Unlike {@link StreamingWordCount}, which emits a rolling count per occurrence, this emits one final
 * count per word; the sum is combinable, so each parallel subtask pre-aggregates its words before the
 * exchange. {@link WordCountReference} computes the same in one thread.
 */
@Command(name = "word-count", mixinStandardHelpOptions = true, description = "Counts the words of a text (batch).")
public final class WordCount implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--input", paramLabel = "PATH", description = "A text file or a directory of text files, local or hdfs:// (default: built-in sample lines).")
    String input;

    @Option(names = "--output", paramLabel = "PATH", description = "Write word,count lines here (a directory if the parallelism is above 1) instead of printing them.")
    String output;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new WordCount(), args);
    }

    @Override
    public Integer call() throws Exception {
        if (input != null) {
            InputPaths.requireExisting(spec, "--input", input);
        }
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        build(env, input, output);
        BatchExecution.execute(env, "Word count");
        return 0;
    }

    /**
     * Adds the word count to {@code env}: reads {@code input} (or the sample lines if null) and writes
     * to {@code output} as CSV (or prints if null).
     */
    public static void build(ExecutionEnvironment env, String input, String output) {
        DataSet<String> lines = input != null ? env.readTextFile(input) : env.fromElements(StreamingWordCount.SAMPLE_LINES);
        DataSet<Tuple2<String, Integer>> counts = counts(lines);
        if (output != null) {
            counts.writeAsCsv(output, WriteMode.OVERWRITE).name("CSV sink");
        } else {
            counts.output(new PrintOutputFormat<>()).name("print");
        }
    }

    /** The word count over {@code lines}: one {@code (word, count)} per distinct word. */
    public static DataSet<Tuple2<String, Integer>> counts(DataSet<String> lines) {
        return lines.flatMap(new Tokenizer())
                .name("tokenizer")
                .groupBy(0)
                .sum(1)
                .name("count");
    }
}
