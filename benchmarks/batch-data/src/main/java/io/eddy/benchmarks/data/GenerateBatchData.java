package io.eddy.benchmarks.data;

import io.eddy.benchmarks.data.iteration.IterationResults;
import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.benchmarks.data.iteration.RmatGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Command line of the batch benchmarks' data: generates the inputs once (into a temporary file
 * renamed into place when complete, so an interrupted run never leaves a file that looks done) and
 * reuses a file that exists; runs the word count ceiling; compares the result files of the
 * iteration benchmarks. Messages and {@code CHECK} lines go to stderr, {@code RESULT} lines to stdout.
 */
@Command(name = "batch-data", mixinStandardHelpOptions = true,
        description = "Generates batch benchmark inputs; runs the word count ceiling; compares iteration results.",
        subcommands = {GenerateBatchData.Text.class, GenerateBatchData.Tera.class, GenerateBatchData.Rmat.class, GenerateBatchData.Points.class,
            GenerateBatchData.Ceiling.class, GenerateBatchData.Compare.class})
public final class GenerateBatchData implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new GenerateBatchData()).execute(args));
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose text, terasort, rmat, kmeans, ceiling or compare");
    }

    /** Something that writes a file's content. */
    @FunctionalInterface
    interface Writer {
        void write(OutputStream out) throws IOException;
    }

    /** Writes {@code target} through {@code writer} unless it exists; returns true if it was written. */
    static boolean generateOnce(Path target, Writer writer) throws IOException {
        if (Files.exists(target)) {
            System.err.printf("batch-data: reusing %s (%d bytes)%n", target, Files.size(target));
            return false;
        }
        Path parent = target.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temporary = Files.createTempFile(parent, "." + target.getFileName(), ".inprogress");
        try (OutputStream out = Files.newOutputStream(temporary)) {
            writer.write(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        System.err.printf("batch-data: wrote %s (%d bytes)%n", target, Files.size(target));
        return true;
    }

    /** Zipf-like text. */
    @Command(name = "text", mixinStandardHelpOptions = true, description = "Zipf-like text of about --bytes bytes (whole lines).")
    static final class Text implements Callable<Integer> {

        @Option(names = "--bytes", required = true, description = "Size of the text in bytes.")
        long bytes;

        @Option(names = "--out", required = true, description = "The file to write (kept if it exists).")
        Path out;

        @Option(names = "--vocabulary", defaultValue = "100000", description = "Distinct words to draw from (default: ${DEFAULT-VALUE}).")
        int vocabulary;

        @Override
        public Integer call() throws IOException {
            generateOnce(out, o -> new ZipfText(vocabulary).write(o, bytes, ZipfText.DEFAULT_SEED));
            return 0;
        }
    }

    /** TeraSort-shaped records. */
    @Command(name = "terasort", mixinStandardHelpOptions = true, description = "--bytes / 100 TeraSort-shaped records of 100 bytes.")
    static final class Tera implements Callable<Integer> {

        @Option(names = "--bytes", required = true, description = "Size of the file in bytes (rounded down to whole records).")
        long bytes;

        @Option(names = "--out", required = true, description = "The file to write (kept if it exists).")
        Path out;

        @Override
        public Integer call() throws IOException {
            generateOnce(out, o -> TeraRecords.write(o, bytes / TeraRecords.RECORD_BYTES, TeraRecords.DEFAULT_SEED));
            return 0;
        }
    }

    /** An R-MAT graph as CSV. */
    @Command(name = "rmat", mixinStandardHelpOptions = true, description = "An R-MAT graph of 2^--scale vertex ids and --edges edges as source,target lines.")
    static final class Rmat implements Callable<Integer> {

        @Option(names = "--scale", required = true, description = "2^scale vertex ids.")
        int scale;

        @Option(names = "--edges", required = true, description = "Edges.")
        long edges;

        @Option(names = "--seed", required = true, description = "The random seed.")
        long seed;

        @Option(names = "--out", required = true, description = "The file to write (kept if it exists).")
        Path out;

        @Override
        public Integer call() throws IOException {
            generateOnce(out, o -> RmatGenerator.writeCsv(scale, edges, seed, o));
            return 0;
        }
    }

    /** Points and initial centroids of k-means. */
    @Command(name = "kmeans", mixinStandardHelpOptions = true,
            description = "--points points of --dimensions coordinates around --k centres (points.csv) and the first k as centroids (centroids.csv).")
    static final class Points implements Callable<Integer> {

        @Option(names = "--points", required = true, description = "Points.")
        int points;

        @Option(names = "--dimensions", required = true, description = "Coordinates per point.")
        int dimensions;

        @Option(names = "--k", required = true, description = "Clusters and initial centroids.")
        int k;

        @Option(names = "--seed", required = true, description = "The random seed.")
        long seed;

        @Option(names = "--out", required = true, description = "The directory of points.csv and centroids.csv (each kept if it exists).")
        Path out;

        @Override
        public Integer call() throws IOException {
            generateOnce(out.resolve("centroids.csv"), o -> KMeansData.write(k, dimensions, k, seed, OutputStream.nullOutputStream(), o));
            generateOnce(out.resolve("points.csv"), o -> KMeansData.write(points, dimensions, k, seed, o, OutputStream.nullOutputStream()));
            return 0;
        }
    }

    /** Checks iteration results equal within a tolerance. */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Compares result files of lines key,v1,...,vn (or directories of them) with the first; prints a CHECK line to stderr "
                    + "and exits with 1 if they differ.")
    static final class Compare implements Callable<Integer> {

        @Option(names = "--name", required = true, description = "The benchmark, for the CHECK line.")
        String name;

        @Option(names = "--tolerance", required = true, description = "The largest absolute difference of a value that counts as equal.")
        double tolerance;

        @Parameters(arity = "1..*", paramLabel = "LABEL=PATH", description = "The results, each named (e.g. eddy-1=/tmp/r/pagerank-eddy-1).")
        List<String> results;

        @Override
        public Integer call() throws IOException {
            Map<String, TreeMap<Long, double[]>> read = new LinkedHashMap<>();
            for (String result : results) {
                int eq = result.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("compare: '" + result + "' is not LABEL=PATH");
                }
                read.put(result.substring(0, eq), IterationResults.read(Path.of(result.substring(eq + 1))));
            }
            String baseline = read.keySet().iterator().next();
            double max = 0;
            List<String> mismatches = new ArrayList<>();
            for (Map.Entry<String, TreeMap<Long, double[]>> r : read.entrySet()) {
                IterationResults.Comparison c = IterationResults.compare(read.get(baseline), r.getValue(), tolerance);
                max = Math.max(max, c.maxDifference());
                if (!c.equal()) {
                    mismatches.add(r.getKey() + " against " + baseline + ": " + c.differences() + " of " + c.keys() + " keys differ ("
                            + String.join("; ", c.described()) + (c.differences() > c.described().size() ? "; ..." : "") + ")");
                }
            }
            String line = String.format(Locale.ROOT, "CHECK name=%s keys=%d runs=%s max_diff=%.3g tolerance=%.3g", name, read.get(baseline).size(),
                    String.join(",", read.keySet()), max, tolerance);
            if (read.get(baseline).isEmpty()) {
                System.err.println(line + " MISMATCH: " + baseline + " holds no result (an empty result is never right here)");
                return 1;
            }
            if (!mismatches.isEmpty()) {
                System.err.println(line + " MISMATCH: the systems computed different results: " + String.join(" | ", mismatches));
                return 1;
            }
            System.err.println(line + " OK");
            return 0;
        }
    }

    /** The single-threaded word count. */
    @Command(name = "ceiling", mixinStandardHelpOptions = true, description = "Counts the words of --input in one plain loop; prints a RESULT line.")
    static final class Ceiling implements Callable<Integer> {

        @Option(names = "--input", required = true, description = "The text file.")
        Path input;

        @Override
        public Integer call() throws IOException {
            WordCountCeiling.Outcome o = WordCountCeiling.run(input);
            System.out.printf(Locale.ROOT, "RESULT name=wordcount-batch system=ceiling rate=%.0f words=%d distinct=%d checksum=%d bytes=%d threads=1 seconds=%.2f%n",
                    o.rate(), o.words(), o.distinct(), o.checksum(), Files.size(input), o.seconds());
            return 0;
        }
    }
}
