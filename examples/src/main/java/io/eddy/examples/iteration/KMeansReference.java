package io.eddy.examples.iteration;

/**
 * {@link KMeans} in one thread: Lloyd's algorithm with the same nearest-centroid rule ({@link
 * KMeans#nearest}: squared distance, ties to the lower id), the same mean, and the same treatment of
 * a centroid no point chose (it stays where it is).
 */
public final class KMeansReference {

    private KMeansReference() {}

    /** The centroids after {@code iterations} steps, as {@code {x, y}} by centroid id. */
    public static double[][] run(KMeansData data, int iterations) {
        int k = data.centroidX().length;
        double[] cx = data.centroidX().clone();
        double[] cy = data.centroidY().clone();
        for (int step = 0; step < iterations; step++) {
            double[] sumX = new double[k];
            double[] sumY = new double[k];
            long[] count = new long[k];
            for (int i = 0; i < data.x().length; i++) {
                int c = KMeans.nearest(data.x()[i], data.y()[i], cx, cy);
                sumX[c] += data.x()[i];
                sumY[c] += data.y()[i];
                count[c]++;
            }
            for (int c = 0; c < k; c++) {
                if (count[c] > 0) {
                    cx[c] = sumX[c] / count[c];
                    cy[c] = sumY[c] / count[c];
                }
            }
        }
        double[][] result = new double[k][];
        for (int c = 0; c < k; c++) {
            result[c] = new double[] {cx[c], cy[c]};
        }
        return result;
    }
}
