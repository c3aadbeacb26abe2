package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.Q3Rows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The Flink 1.20.3 DataSet peer of Eddy's batch benchmarks. Each command runs one job on a local
 * environment in this JVM and prints one {@code RESULT} line with {@code system=flink120}; {@code
 * rate} is input records per second of the job's net runtime (first task start to last task end,
 * as Flink reports it). The iteration benchmarks are the commands of {@link FlinkIterationBench}
 * ({@code system=flink}: the only Flink they are compared with). Run by {@code scripts/bench} in a
 * JVM of its own.
 */
@Command(name = "flink-batch-bench", mixinStandardHelpOptions = true, description = "Batch benchmarks on Apache Flink 1.20.3's DataSet API.",
        subcommands = {FlinkBatchBench.WordCount.class, FlinkBatchBench.TeraSort.class, FlinkBatchBench.Q3.class, FlinkIterationBench.PageRank.class,
            FlinkIterationBench.ComponentsBulk.class, FlinkIterationBench.ComponentsDelta.class, FlinkIterationBench.KMeans.class})
public final class FlinkBatchBench implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkBatchBench()).execute(args));
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose wordcount, terasort, tpch-q3, pagerank, connected-components-bulk, connected-components or kmeans");
    }

    /** Options every command takes. */
    static final class Common {
        @Option(names = "--input", required = true, description = "The input file (wordcount, terasort) or directory of tables (tpch-q3).")
        Path input;

        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--managed-memory-mb", defaultValue = "256",
                description = "Managed memory of the TaskManager in MiB, shared by its slots (default: ${DEFAULT-VALUE}).")
        int managedMemoryMb;

        void check(CommandLine.Model.CommandSpec spec) {
            if (!Files.exists(input)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--input: " + input + " does not exist (generate it first, see scripts/bench)");
            }
        }
    }

    static double rate(long records, long millis) {
        return records / Math.max(0.001, millis / 1000.0);
    }

    /** Batch word count with the hash combiner. */
    @Command(name = "wordcount", mixinStandardHelpOptions = true, description = "Word count: groupBy(word).reduce(sum) with CombineHint.HASH.")
    static final class WordCount implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Override
        public Integer call() throws Exception {
            common.check(spec);
            FlinkWordCount.Outcome o = FlinkWordCount.run(LocalEnvironments.create(common.parallelism, common.managedMemoryMb), common.input.toString());
            System.out.printf(Locale.ROOT,
                    "RESULT name=wordcount-batch system=flink120 rate=%.0f words=%d distinct=%d checksum=%d bytes=%d parallelism=%d seconds=%.2f%n",
                    rate(o.words(), o.netRuntimeMillis()), o.words(), o.distinct(), o.checksum(), Files.size(common.input), common.parallelism,
                    o.netRuntimeMillis() / 1000.0);
            return 0;
        }
    }

    /** TeraSort-shaped range partition and sort. */
    @Command(name = "terasort", mixinStandardHelpOptions = true, description = "Sort of 100-byte records: partitionByRange(key).sortPartition(key).")
    static final class TeraSort implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Override
        public Integer call() throws Exception {
            common.check(spec);
            FlinkTeraSort.Outcome o = FlinkTeraSort.run(LocalEnvironments.create(common.parallelism, common.managedMemoryMb), common.input.toString());
            System.out.printf(Locale.ROOT,
                    "RESULT name=terasort-batch system=flink120 rate=%.0f records=%d unsorted=%d checksum=%d bytes=%d managed_mb=%d parallelism=%d seconds=%.2f%n",
                    rate(o.records(), o.netRuntimeMillis()), o.records(), o.unsorted(), o.checksum(), Files.size(common.input), common.managedMemoryMb,
                    common.parallelism, o.netRuntimeMillis() / 1000.0);
            if (o.unsorted() != 0) {
                System.err.printf("flink-batch-bench: %d records arrived out of order: the sort is wrong%n", o.unsorted());
                return 1;
            }
            return 0;
        }
    }

    /** TPC-H-like query 3. */
    @Command(name = "tpch-q3", mixinStandardHelpOptions = true, description = "TPC-H query 3 over generated tables (customer, orders, lineitem).")
    static final class Q3 implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Override
        public Integer call() throws Exception {
            common.check(spec);
            FlinkQ3.Outcome o = FlinkQ3.run(LocalEnvironments.create(common.parallelism, common.managedMemoryMb), common.input.toString());
            o.rows().forEach(row -> System.err.println("flink-batch-bench: q3 row " + row));
            System.out.printf(Locale.ROOT, "RESULT name=tpch-q3 system=flink120 rate=%.0f lineitems=%d rows=%d checksum=%d parallelism=%d seconds=%.2f%n",
                    rate(o.lineitems(), o.netRuntimeMillis()), o.lineitems(), o.rows().size(), Q3Rows.checksum(o.rows()), common.parallelism,
                    o.netRuntimeMillis() / 1000.0);
            return 0;
        }
    }
}
