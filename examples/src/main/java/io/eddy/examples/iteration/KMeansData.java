package io.eddy.examples.iteration;

import java.util.SplittableRandom;

/**
 * Deterministic input of {@link KMeans}: points around {@code k} random centres (Gaussian, standard
 * deviation {@value #SPREAD}, centres in {@code [0, 100)²}), and as initial centroids {@code 0 ..
 * k-1} the first {@code k} points (Forgy's initialisation). Plain Java without Eddy imports.
 *
 * @param x the points' x, point {@code i} at index {@code i}
 * @param y the points' y
 * @param centroidX the initial centroids' x, centroid id {@code j} at index {@code j}
 * @param centroidY the initial centroids' y
 */
public record KMeansData(double[] x, double[] y, double[] centroidX, double[] centroidY) {

    /** The standard deviation of the points around their centre. */
    public static final double SPREAD = 5.0;

    /** {@code points} points around {@code k} centres, and the first {@code k} points as centroids. */
    public static KMeansData generate(int points, int k, long seed) {
        if (k < 1 || k > points) {
            throw new IllegalArgumentException("KMeans data: k " + k + " with " + points + " points (expected: 1 <= k <= points)");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] centreX = new double[k];
        double[] centreY = new double[k];
        for (int c = 0; c < k; c++) {
            centreX[c] = 100 * random.nextDouble();
            centreY[c] = 100 * random.nextDouble();
        }
        double[] x = new double[points];
        double[] y = new double[points];
        for (int i = 0; i < points; i++) {
            int c = random.nextInt(k);
            x[i] = centreX[c] + SPREAD * random.nextGaussian();
            y[i] = centreY[c] + SPREAD * random.nextGaussian();
        }
        return new KMeansData(x, y, java.util.Arrays.copyOf(x, k), java.util.Arrays.copyOf(y, k));
    }
}
