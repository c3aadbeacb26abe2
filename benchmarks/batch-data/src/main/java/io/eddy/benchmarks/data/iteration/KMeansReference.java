package io.eddy.benchmarks.data.iteration;

/**
 * K-means (Lloyd's algorithm) in one thread, as Eddy's example {@code io.eddy.examples.iteration.KMeans}
 * and the Flink peer compute it: each step assigns every point to its {@link #nearest} centroid
 * (squared Euclidean distance, ties to the lower id) and moves each centroid to the mean of its
 * points; a centroid that no point chose stays where it is. The programs use {@link #nearest} too;
 * they add a cluster's coordinates in arrival order, so the centroids agree to rounding.
 */
public final class KMeansReference {

    private KMeansReference() {}

    /** The centroids after {@code iterations} steps, by centroid id. */
    public static double[][] run(KMeansData data, int iterations) {
        int k = data.centroids().length;
        double[][] centroids = new double[k][];
        for (int c = 0; c < k; c++) {
            centroids[c] = data.centroids()[c].clone();
        }
        int dimensions = k == 0 ? 0 : centroids[0].length;
        for (int step = 0; step < iterations; step++) {
            double[][] sums = new double[k][dimensions];
            long[] count = new long[k];
            for (double[] point : data.points()) {
                int c = nearest(point, centroids);
                for (int d = 0; d < dimensions; d++) {
                    sums[c][d] += point[d];
                }
                count[c]++;
            }
            for (int c = 0; c < k; c++) {
                if (count[c] > 0) {
                    for (int d = 0; d < dimensions; d++) {
                        centroids[c][d] = sums[c][d] / count[c];
                    }
                }
            }
        }
        return centroids;
    }

    /**
     * The index of the centroid nearest to {@code point} among {@code centroids} sorted by id (squared
     * Euclidean distance; the first, i.e. the lowest id, of equally near ones); -1 if there are none.
     *
     * @throws IllegalArgumentException if a centroid has another number of dimensions than the point
     */
    public static int nearest(double[] point, double[][] centroids) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centroids.length; c++) {
            double[] centroid = centroids[c];
            if (centroid.length != point.length) {
                throw new IllegalArgumentException("k-means: a point of " + point.length + " dimensions and centroid " + c + " of "
                        + centroid.length + "; every point and centroid needs the same number of coordinates");
            }
            double distance = 0;
            for (int d = 0; d < point.length; d++) {
                double delta = point[d] - centroid[d];
                distance += delta * delta;
            }
            if (best < 0 || distance < bestDistance) {
                best = c;
                bestDistance = distance;
            }
        }
        return best;
    }
}
