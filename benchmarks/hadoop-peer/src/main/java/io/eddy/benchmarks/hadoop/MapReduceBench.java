package io.eddy.benchmarks.hadoop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Runs one stock job of hadoop-mapreduce-examples through its {@code ExampleDriver}, unchanged, and
 * prints how long it took:
 *
 * <pre>
 *   MapReduceBench NAME SYSTEM INPUT OUTPUT PROGRAM [DRIVER ARGS...]
 *   RESULT name=NAME system=SYSTEM rate=&lt;input MB/s&gt; seconds=&lt;driver wall time&gt; checksum=&lt;output&gt;
 * </pre>
 *
 * <p>The driver's arguments choose the framework ({@code -D mapreduce.framework.name=local} for
 * Hadoop's local job runner, {@code eddy} with Eddy's client class path beside this module's), so
 * both systems run the same class and job jar. The time is the driver's, from the call of {@code
 * ExampleDriver.main} to its {@code System.exit}; the checksum is {@link OutputChecksum}'s. The
 * figures are printed by a shutdown hook, as the stock drivers end with {@code System.exit}; a run
 * whose output has no {@code _SUCCESS} prints none (and exits non-zero).
 */
public final class MapReduceBench {

    private MapReduceBench() {}

    public static void main(String[] args) throws Throwable {
        if (args.length < 5) {
            System.err.println("Usage: MapReduceBench NAME SYSTEM INPUT OUTPUT PROGRAM [DRIVER ARGS...]");
            System.exit(2);
        }
        String name = args[0];
        String system = args[1];
        Path input = Path.of(args[2]);
        Path output = Path.of(args[3]);
        List<String> driverArgs = new ArrayList<>(List.of(args).subList(4, args.length));
        long inputBytes = size(input);
        long start = System.nanoTime();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> report(name, system, inputBytes, start, output)));
        org.apache.hadoop.examples.ExampleDriver.main(driverArgs.toArray(new String[0]));
    }

    private static void report(String name, String system, long inputBytes, long start, Path output) {
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!Files.exists(output.resolve("_SUCCESS"))) {
            System.err.println("MapReduceBench: the job wrote no " + output.resolve("_SUCCESS") + "; no figures");
            return;
        }
        try {
            System.out.printf(Locale.ROOT, "RESULT name=%s system=%s rate=%.2f seconds=%.2f checksum=%s%n", name, system,
                    inputBytes / 1e6 / seconds, seconds, checksum(output));
        } catch (IOException e) {
            System.err.println("MapReduceBench: reading the output " + output + " failed: " + e);
        }
    }

    private static long size(Path input) throws IOException {
        if (!Files.isDirectory(input)) {
            return Files.size(input);
        }
        try (Stream<Path> files = Files.walk(input)) {
            long total = 0;
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                total += Files.size(p);
            }
            return total;
        }
    }

    private static String checksum(Path output) throws IOException {
        return OutputChecksum.of(org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
                new org.apache.hadoop.fs.Path(output.toUri()));
    }
}
