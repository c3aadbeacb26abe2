package io.eddy.benchmarks;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.benchmarks.data.Q3Rows;
import io.eddy.configuration.Configuration;
import io.eddy.examples.batch.BatchExecution;
import io.eddy.examples.batch.tpch.Q3Reference;
import io.eddy.examples.batch.tpch.Q3Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Eddy's side of the batch benchmarks run by {@code scripts/bench}: each command runs one program of
 * {@link BatchJobs} in this JVM (embedded, or wherever the {@code eddy.*} system properties say) and
 * prints one {@code RESULT} line with {@code rate} = input records per second of the job's net
 * runtime. Also the query 3 ceiling ({@link Q3Reference} in one thread), and the iteration
 * benchmarks of {@link EddyIterationBench}.
 */
@Command(name = "eddy-batch-bench", mixinStandardHelpOptions = true, description = "Eddy's batch benchmarks; each prints a RESULT line.",
        subcommands = {EddyBatchBench.WordCount.class, EddyBatchBench.TeraSort.class, EddyBatchBench.TpchQ3.class, EddyBatchBench.Q3Ceiling.class,
            EddyIterationBench.PageRankCommand.class, EddyIterationBench.ConnectedComponentsBulk.class, EddyIterationBench.ConnectedComponentsDelta.class,
        EddyIterationBench.KMeansCommand.class})
public final class EddyBatchBench implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EddyBatchBench()).execute(args));
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose wordcount, terasort, tpch-q3, q3-ceiling, pagerank, connected-components-bulk or kmeans");
    }

    /** Options every Eddy job takes. */
    static final class Common {
        @Option(names = "--input", required = true, description = "The input file (wordcount, terasort) or directory of tables (tpch-q3).")
        Path input;

        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--managed-memory-mb", defaultValue = "256",
                description = "Managed memory of the (embedded) worker in MiB, shared by its slots (default: ${DEFAULT-VALUE}).")
        int managedMemoryMb;

        ExecutionEnvironment environment(CommandLine.Model.CommandSpec spec) {
            if (!Files.exists(input)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--input: " + input + " does not exist (generate it first, see scripts/bench)");
            }
            return EddyBatchBench.environment(parallelism, managedMemoryMb);
        }
    }

    /** The environment of the system properties, with {@code worker.memory.managed.size} and the parallelism set. */
    static ExecutionEnvironment environment(int parallelism, int managedMemoryMb) {
        Configuration configuration = Configuration.fromSystemProperties();
        configuration.setString("worker.memory.managed.size", managedMemoryMb + "m");
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(configuration);
        env.setParallelism(parallelism);
        return env;
    }

    static long counter(JobExecutionResult result, String name) {
        Object value = result.getAccumulatorResult(name);
        if (value == null) {
            throw new IllegalStateException("Bug: the job reported no accumulator '" + name + "'; its sink did not run or did not close");
        }
        return ((Number) value).longValue();
    }

    static double rate(long records, long millis) {
        return records / Math.max(0.001, millis / 1000.0);
    }

    /** Batch word count. */
    @Command(name = "wordcount", mixinStandardHelpOptions = true, description = "Word count: groupBy(word).reduce(sum), combinable.")
    static final class WordCount implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec);
            BatchJobs.wordCount(env, common.input.toString());
            JobExecutionResult r = BatchExecution.execute(env, "wordcount-batch");
            long words = counter(r, BatchJobs.WORDS);
            System.out.printf(Locale.ROOT,
                    "RESULT name=wordcount-batch system=eddy rate=%.0f words=%d distinct=%d checksum=%d bytes=%d parallelism=%d seconds=%.2f%n",
                    rate(words, r.getNetRuntime()), words, counter(r, BatchJobs.DISTINCT), counter(r, BatchJobs.CHECKSUM),
                    Files.size(common.input), common.parallelism, r.getNetRuntime() / 1000.0);
            return 0;
        }
    }

    /** TeraSort-shaped sort. */
    @Command(name = "terasort", mixinStandardHelpOptions = true, description = "Sort of 100-byte records: partitionByRange(key).sortPartition(key).")
    static final class TeraSort implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec);
            BatchJobs.teraSort(env, common.input.toString());
            JobExecutionResult r = BatchExecution.execute(env, "terasort-batch");
            long records = counter(r, BatchJobs.RECORDS);
            long unsorted = counter(r, BatchJobs.UNSORTED);
            System.out.printf(Locale.ROOT,
                    "RESULT name=terasort-batch system=eddy rate=%.0f records=%d unsorted=%d checksum=%d bytes=%d managed_mb=%d parallelism=%d seconds=%.2f%n",
                    rate(records, r.getNetRuntime()), records, unsorted, counter(r, BatchJobs.CHECKSUM), Files.size(common.input),
                    common.managedMemoryMb, common.parallelism, r.getNetRuntime() / 1000.0);
            if (unsorted != 0) {
                System.err.printf("eddy-bench: %d records arrived out of order: the sort is wrong%n", unsorted);
                return 1;
            }
            return 0;
        }
    }

    /** TPC-H-like query 3. */
    @Command(name = "tpch-q3", mixinStandardHelpOptions = true, description = "TPC-H query 3 over generated tables.")
    static final class TpchQ3 implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec);
            long lineitems = countLines(common.input.resolve("lineitem.tbl"));
            BatchJobs.q3(env, common.input.toString());
            JobExecutionResult r = BatchExecution.execute(env, "tpch-q3");
            System.out.printf(Locale.ROOT, "RESULT name=tpch-q3 system=eddy rate=%.0f lineitems=%d rows=%d checksum=%d parallelism=%d seconds=%.2f%n",
                    rate(lineitems, r.getNetRuntime()), lineitems, counter(r, BatchJobs.ROWS), counter(r, BatchJobs.CHECKSUM), common.parallelism,
                    r.getNetRuntime() / 1000.0);
            return 0;
        }
    }

    /** Counts the lines of {@code file} (outside the measured time: the rate's numerator). */
    static long countLines(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        }
    }

    /** Query 3 in one plain thread: the ceiling. */
    @Command(name = "q3-ceiling", mixinStandardHelpOptions = true, description = "TPC-H query 3 in one hand-written thread; prints a RESULT line.")
    static final class Q3Ceiling implements Callable<Integer> {
        @Option(names = "--input", required = true, description = "The directory of tables.")
        Path input;

        @Override
        public Integer call() throws IOException {
            long start = System.nanoTime();
            Q3Reference.Answer answer = Q3Reference.run(input);
            long nanos = System.nanoTime() - start;
            List<String> rows = new ArrayList<>();
            for (Q3Row row : answer.rows()) {
                rows.add(Q3Rows.format(row.orderKey(), row.revenue(), row.orderDate(), row.shipPriority()));
                System.err.println("eddy-bench: q3 row " + rows.get(rows.size() - 1));
            }
            System.out.printf(Locale.ROOT, "RESULT name=tpch-q3 system=ceiling rate=%.0f lineitems=%d rows=%d checksum=%d threads=1 seconds=%.2f%n",
                    answer.lineitems() / (nanos / 1e9), answer.lineitems(), rows.size(), Q3Rows.checksum(rows), nanos / 1e9);
            return 0;
        }
    }
}
