package io.eddy.benchmarks.data.iteration;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The results of the iteration benchmarks as every system reports them, and how they are checked
 * equal. Connected components are folded into exact figures ({@link #componentChecksumShare}); the
 * ranks of PageRank and the centroids of k-means are written as text files of lines {@code
 * key,v1,...,vn} (a file, or a directory of one file per subtask as both systems write with
 * parallelism above 1) and compared key by key within a tolerance ({@link #compare}).
 */
public final class IterationResults {

    /** At most this many differences are described in a mismatch. */
    static final int DESCRIBED = 5;

    private IterationResults() {}

    /**
     * One vertex's share of a components checksum: the checksum of a result is the sum of the shares
     * of its {@code (vertex, component)} pairs, independent of the order in which they arrive. A
     * vertex with another component changes the sum (except with probability about {@code 2^-64}).
     */
    public static long componentChecksumShare(long vertex, long component) {
        return mix(mix(vertex) + component);
    }

    /** The finaliser of SplitMix64: a bijection of longs that spreads every input bit over the output. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * The lines {@code key,v1,...,vn} of {@code path} (a file, or every regular file of a directory
     * whose name does not start with {@code .} or {@code _}) by key.
     *
     * @throws IOException if the path cannot be read, or naming the file and line if a line is not
     *     a long key and numbers, or a key occurs twice
     */
    public static TreeMap<Long, double[]> read(Path path) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> listed = Files.list(path)) {
                listed.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith(".")
                        && !f.getFileName().toString().startsWith("_")).sorted().forEach(files::add);
            }
        } else {
            files.add(path);
        }
        TreeMap<Long, double[]> values = new TreeMap<>();
        for (Path file : files) {
            try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String line;
                int number = 0;
                while ((line = reader.readLine()) != null) {
                    number++;
                    if (line.isEmpty()) {
                        continue;
                    }
                    String[] fields = line.split(",");
                    double[] row = new double[fields.length - 1];
                    long key;
                    try {
                        key = Long.parseLong(fields[0]);
                        for (int i = 1; i < fields.length; i++) {
                            row[i - 1] = Double.parseDouble(fields[i]);
                        }
                    } catch (NumberFormatException e) {
                        throw new IOException(file + ", line " + number + ": '" + line + "' is not key,v1,...,vn (a long and numbers)", e);
                    }
                    if (values.put(key, row) != null) {
                        throw new IOException(file + ", line " + number + ": key " + key + " occurs a second time in " + path);
                    }
                }
            }
        }
        return values;
    }

    /**
     * How {@code actual} compares with {@code expected}.
     *
     * @param keys the keys of {@code expected}
     * @param maxDifference the largest absolute difference of a value at a key both have
     * @param differences how many keys are missing, extra, of another width, or hold a value
     *     further than the tolerance from the expected one (or NaN)
     * @param described the first {@value #DESCRIBED} of those, in words
     */
    public record Comparison(int keys, double maxDifference, int differences, List<String> described) {
        public boolean equal() {
            return differences == 0;
        }
    }

    /** Compares {@code actual} with {@code expected} key by key: equal if both have the same keys and every value is within {@code tolerance}. */
    public static Comparison compare(Map<Long, double[]> expected, Map<Long, double[]> actual, double tolerance) {
        double max = 0;
        int differences = 0;
        List<String> described = new ArrayList<>();
        for (Map.Entry<Long, double[]> e : expected.entrySet()) {
            double[] a = actual.get(e.getKey());
            double[] x = e.getValue();
            String problem = null;
            if (a == null) {
                problem = "key " + e.getKey() + " is missing";
            } else if (a.length != x.length) {
                problem = "key " + e.getKey() + " has " + a.length + " values instead of " + x.length;
            } else {
                for (int i = 0; i < x.length; i++) {
                    double difference = Math.abs(a[i] - x[i]);
                    if (!(difference <= tolerance)) {
                        problem = "key " + e.getKey() + ", value " + (i + 1) + ": " + a[i] + " instead of " + x[i];
                    }
                    if (difference > max) {
                        max = difference;
                    }
                }
            }
            if (problem != null) {
                differences++;
                if (described.size() < DESCRIBED) {
                    described.add(problem);
                }
            }
        }
        for (Long key : actual.keySet()) {
            if (!expected.containsKey(key)) {
                differences++;
                if (described.size() < DESCRIBED) {
                    described.add("key " + key + " is extra");
                }
            }
        }
        return new Comparison(expected.size(), max, differences, List.copyOf(described));
    }
}
