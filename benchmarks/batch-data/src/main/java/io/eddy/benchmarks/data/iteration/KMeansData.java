package io.eddy.benchmarks.data.iteration;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Deterministic input of k-means: points in {@code d} dimensions around {@code k} random centres
 * (each coordinate Gaussian with standard deviation {@value #SPREAD} around the centre's, centres in
 * {@code [0, 100)^d}), and as initial centroids {@code 0 .. k-1} the first {@code k} points (Forgy's
 * initialisation). Coordinates are rounded to {@code 1e-6}, so that the text form ({@link
 * #formatPoint}, {@code Double.toString} of each coordinate) is short and reads back ({@link
 * #parsePoint}) to exactly the values held in memory. Plain Java, no Eddy or Flink imports.
 *
 * <p>Text forms, one per line: a point is its coordinates separated by commas ({@code x1,...,xd}); a
 * centroid is its id and its coordinates ({@code id,x1,...,xd}).
 *
 * @param points point {@code i} at index {@code i}, each of {@code d} coordinates
 * @param centroids the initial centroids, centroid id {@code j} at index {@code j}
 */
public record KMeansData(double[][] points, double[][] centroids) {

    /** The standard deviation of each coordinate of a point around its centre's. */
    public static final double SPREAD = 5.0;

    /** Receives generated points in order. */
    @FunctionalInterface
    public interface PointConsumer {
        void accept(double[] point) throws IOException;
    }

    /** {@code points} points of {@code dimensions} coordinates around {@code k} centres, and the first {@code k} points as centroids. */
    public static KMeansData generate(int points, int dimensions, int k, long seed) {
        double[][] all = new double[points][];
        int[] next = {0};
        try {
            forEachPoint(points, dimensions, k, seed, p -> all[next[0]++] = p);
        } catch (IOException e) {
            throw new IllegalStateException("Bug: an in-memory point consumer threw " + e, e);
        }
        return new KMeansData(all, Arrays.copyOf(all, k));
    }

    /** Hands the points of {@link #generate generate(points, dimensions, k, seed)} to {@code out} one by one, in order, each a new array. */
    public static void forEachPoint(int points, int dimensions, int k, long seed, PointConsumer out) throws IOException {
        if (k < 1 || k > points) {
            throw new IllegalArgumentException("k-means data: k " + k + " with " + points + " points (expected: 1 <= k <= points)");
        }
        if (dimensions < 1) {
            throw new IllegalArgumentException("k-means data: " + dimensions + " dimensions (expected: at least 1)");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[][] centres = new double[k][dimensions];
        for (double[] centre : centres) {
            for (int d = 0; d < dimensions; d++) {
                centre[d] = 100 * random.nextDouble();
            }
        }
        for (int i = 0; i < points; i++) {
            double[] centre = centres[random.nextInt(k)];
            double[] point = new double[dimensions];
            for (int d = 0; d < dimensions; d++) {
                point[d] = Math.rint((centre[d] + SPREAD * random.nextGaussian()) * 1e6) / 1e6;
            }
            out.accept(point);
        }
    }

    /**
     * Writes the points of {@link #generate generate(points, dimensions, k, seed)} as text to {@code
     * pointsOut} and the initial centroids to {@code centroidsOut}, without holding the points in
     * memory; closes neither stream.
     */
    public static void write(int points, int dimensions, int k, long seed, OutputStream pointsOut, OutputStream centroidsOut) throws IOException {
        Writer pointLines = new BufferedWriter(new OutputStreamWriter(pointsOut, StandardCharsets.US_ASCII), 1 << 16);
        Writer centroidLines = new BufferedWriter(new OutputStreamWriter(centroidsOut, StandardCharsets.US_ASCII));
        int[] written = {0};
        forEachPoint(points, dimensions, k, seed, p -> {
            pointLines.write(formatPoint(p));
            pointLines.write('\n');
            if (written[0] < k) {
                centroidLines.write(formatCentroid(written[0], p));
                centroidLines.write('\n');
            }
            written[0]++;
        });
        pointLines.flush();
        centroidLines.flush();
    }

    /** {@code x1,...,xd}, each coordinate as {@code Double.toString} writes it. */
    public static String formatPoint(double[] point) {
        StringBuilder line = new StringBuilder(point.length * 12);
        for (int d = 0; d < point.length; d++) {
            if (d > 0) {
                line.append(',');
            }
            line.append(point[d]);
        }
        return line.toString();
    }

    /** {@code id,x1,...,xd}. */
    public static String formatCentroid(int id, double[] position) {
        return id + "," + formatPoint(position);
    }

    /**
     * The point of a line {@code x1,...,xd}.
     *
     * @throws IllegalArgumentException naming the line if a coordinate is not a number
     */
    public static double[] parsePoint(String line) {
        return parseCoordinates(line, 0);
    }

    /** The id of a centroid line {@code id,x1,...,xd}. */
    public static int centroidId(String line) {
        int comma = line.indexOf(',');
        try {
            return Integer.parseInt(comma < 0 ? line : line.substring(0, comma));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("k-means centroid line '" + line + "': the first field is not an int id (expected: id,x1,...,xd)", e);
        }
    }

    /** The position of a centroid line {@code id,x1,...,xd}. */
    public static double[] centroidPosition(String line) {
        int comma = line.indexOf(',');
        if (comma < 0) {
            throw new IllegalArgumentException("k-means centroid line '" + line + "' has no coordinates (expected: id,x1,...,xd)");
        }
        return parseCoordinates(line, comma + 1);
    }

    private static double[] parseCoordinates(String line, int from) {
        int n = 1;
        for (int i = from; i < line.length(); i++) {
            if (line.charAt(i) == ',') {
                n++;
            }
        }
        double[] values = new double[n];
        int start = from;
        for (int d = 0; d < n; d++) {
            int end = line.indexOf(',', start);
            if (end < 0) {
                end = line.length();
            }
            try {
                values[d] = Double.parseDouble(line.substring(start, end));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("k-means line '" + line + "': coordinate " + (d + 1) + " is not a number", e);
            }
            start = end + 1;
        }
        return values;
    }
}
