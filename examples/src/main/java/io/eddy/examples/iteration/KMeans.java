package io.eddy.examples.iteration;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.api.java.tuple.Tuple6;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import io.eddy.examples.wordcount.InputPaths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * K-means clustering of points in the plane (Lloyd's algorithm) as a bulk iteration: the centroids
 * {@code (id, x, y)} are the partial solution, the points are static.
 *
 * <pre>
 * points --map SelectNearest (centroids(s-1) as broadcast set)--> (nearest id, x, y, 1, 0, 0)
 * centroids(s-1) --map--> (id, 0, 0, 0, old x, old y)
 *          union --groupBy(id).reduce(sum of every field)--> (id, Σx, Σy, n, old x, old y)
 *                --map Mean--> centroids(s) = (id, Σx/n, Σy/n), or the old position if no point chose it
 * </pre>
 *
 * A point goes to the centroid at the smallest squared Euclidean distance; on a tie, to the one with
 * the lower id. A centroid without points keeps its position (its own record carries it; the
 * points' records add zeros to those fields). The loop runs {@code iterations} supersteps. {@link
 * KMeansReference} computes the same in one thread with the same nearest-centroid rule ({@link
 * #nearest}); the job adds a cluster's coordinates in arrival order, so the centroids agree to
 * rounding.
 */
@Command(name = "kmeans", mixinStandardHelpOptions = true, description = "K-means clustering of 2-d points (bulk iteration, centroids as a broadcast set).")
public final class KMeans implements Callable<Integer> {

    /** The broadcast set of the current centroids. */
    static final String CENTROIDS = "centroids";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--points", paramLabel = "PATH", description = "CSV of x,y (double); needs --centroids (default: generated points).")
    String points;

    @Option(names = "--centroids", paramLabel = "PATH", description = "CSV of id,x,y (int, double, double): the initial centroids.")
    String centroids;

    @Option(names = "--point-count", defaultValue = "10000", description = "Generated points (default: ${DEFAULT-VALUE}).")
    int pointCount;

    @Option(names = "--k", defaultValue = "8", description = "Generated data: clusters (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--seed", defaultValue = "42", description = "Generated data: random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--iterations", defaultValue = "10", description = "Supersteps (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--output", paramLabel = "PATH", description = "Write id,x,y of the final centroids as CSV here instead of printing them.")
    String output;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new KMeans(), args);
    }

    @Override
    public Integer call() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        DataSet<Tuple3<Integer, Double, Double>> result;
        if (points != null || centroids != null) {
            if (points == null || centroids == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--points and --centroids go together: give both files, or neither for generated data");
            }
            InputPaths.requireExisting(spec, "--points", points);
            InputPaths.requireExisting(spec, "--centroids", centroids);
            result = build(env, env.readCsvFile(points).types(Double.class, Double.class),
                    env.readCsvFile(centroids).types(Integer.class, Double.class, Double.class), iterations);
        } else {
            result = buildInMemory(env, KMeansData.generate(pointCount, k, seed), iterations);
        }
        GraphInput.sink(result, output);
        BatchExecution.execute(env, "KMeans");
        return 0;
    }

    /** The clustering of {@code data} held in memory (non-parallel collection sources). */
    public static DataSet<Tuple3<Integer, Double, Double>> buildInMemory(ExecutionEnvironment env, KMeansData data, int iterations) {
        List<Tuple2<Double, Double>> points = new ArrayList<>(data.x().length);
        for (int i = 0; i < data.x().length; i++) {
            points.add(Tuple2.of(data.x()[i], data.y()[i]));
        }
        List<Tuple3<Integer, Double, Double>> centroids = new ArrayList<>(data.centroidX().length);
        for (int c = 0; c < data.centroidX().length; c++) {
            centroids.add(Tuple3.of(c, data.centroidX()[c], data.centroidY()[c]));
        }
        return build(env, env.fromCollection(points).name("points"), env.fromCollection(centroids).name("initial centroids"), iterations);
    }

    /**
     * The centroids {@code (id, x, y)} after {@code iterations} supersteps of Lloyd's algorithm over
     * {@code points (x, y)}, starting from {@code centroids} (ids unique).
     */
    public static DataSet<Tuple3<Integer, Double, Double>> build(ExecutionEnvironment env, DataSet<Tuple2<Double, Double>> points,
            DataSet<Tuple3<Integer, Double, Double>> centroids, int iterations) {
        IterativeDataSet<Tuple3<Integer, Double, Double>> loop = centroids.iterate(iterations).name("KMeans");
        DataSet<Tuple6<Integer, Double, Double, Long, Double, Double>> assigned = points.map(new SelectNearest())
                .withBroadcastSet(loop, CENTROIDS).name("select nearest centroid");
        DataSet<Tuple6<Integer, Double, Double, Long, Double, Double>> own = loop.map(new OwnPosition()).name("old position");
        DataSet<Tuple3<Integer, Double, Double>> next = assigned.union(own).groupBy(0).reduce(new Sum()).name("sum per centroid")
                .map(new Mean()).name("mean");
        return loop.closeWith(next);
    }

    /**
     * The index of the centroid nearest to {@code (x, y)} among centroids sorted by id (squared
     * Euclidean distance; the first, i.e. the lowest id, of equally near ones).
     */
    public static int nearest(double x, double y, double[] centroidX, double[] centroidY) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centroidX.length; c++) {
            double dx = x - centroidX[c];
            double dy = y - centroidY[c];
            double distance = dx * dx + dy * dy;
            if (best < 0 || distance < bestDistance) {
                best = c;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** {@code (id of the nearest centroid, x, y, 1, 0, 0)}. */
    static final class SelectNearest extends RichMapFunction<Tuple2<Double, Double>, Tuple6<Integer, Double, Double, Long, Double, Double>> {
        private static final long serialVersionUID = 1L;
        /** The centroids of superstep {@link #loadedSuperstep}, sorted by id; used by the task's thread only. */
        private transient int loadedSuperstep;
        private transient int[] ids;
        private transient double[] centroidX;
        private transient double[] centroidY;

        @Override
        public Tuple6<Integer, Double, Double, Long, Double, Double> map(Tuple2<Double, Double> point) {
            loadCentroids();
            if (ids.length == 0) {
                throw new IllegalStateException("KMeans: there are no centroids to assign point " + point + " to; give at least one initial centroid");
            }
            int c = nearest(point.f0, point.f1, centroidX, centroidY);
            return Tuple6.of(ids[c], point.f0, point.f1, 1L, 0.0, 0.0);
        }

        /** Reads the broadcast centroids once per superstep (they change with every superstep). */
        private void loadCentroids() {
            int superstep = getIterationRuntimeContext().getSuperstepNumber();
            if (superstep == loadedSuperstep) {
                return;
            }
            List<Tuple3<Integer, Double, Double>> sorted = new ArrayList<>(getRuntimeContext().<Tuple3<Integer, Double, Double>>getBroadcastVariable(CENTROIDS));
            sorted.sort(Comparator.comparing(t -> t.f0));
            ids = new int[sorted.size()];
            centroidX = new double[sorted.size()];
            centroidY = new double[sorted.size()];
            for (int c = 0; c < ids.length; c++) {
                ids[c] = sorted.get(c).f0;
                centroidX[c] = sorted.get(c).f1;
                centroidY[c] = sorted.get(c).f2;
            }
            loadedSuperstep = superstep;
        }
    }

    /** {@code (id, 0, 0, 0, x, y)}: a centroid's own record, so that it survives a superstep in which no point chose it. */
    static final class OwnPosition implements MapFunction<Tuple3<Integer, Double, Double>, Tuple6<Integer, Double, Double, Long, Double, Double>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple6<Integer, Double, Double, Long, Double, Double> map(Tuple3<Integer, Double, Double> centroid) {
            return Tuple6.of(centroid.f0, 0.0, 0.0, 0L, centroid.f1, centroid.f2);
        }
    }

    /** Adds every field but the id (the old position is non-zero in one record only). */
    static final class Sum implements ReduceFunction<Tuple6<Integer, Double, Double, Long, Double, Double>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple6<Integer, Double, Double, Long, Double, Double> reduce(Tuple6<Integer, Double, Double, Long, Double, Double> a,
                Tuple6<Integer, Double, Double, Long, Double, Double> b) {
            return Tuple6.of(a.f0, a.f1 + b.f1, a.f2 + b.f2, a.f3 + b.f3, a.f4 + b.f4, a.f5 + b.f5);
        }
    }

    /** The mean of the cluster's points, or the old position if it has none. */
    static final class Mean implements MapFunction<Tuple6<Integer, Double, Double, Long, Double, Double>, Tuple3<Integer, Double, Double>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Integer, Double, Double> map(Tuple6<Integer, Double, Double, Long, Double, Double> c) {
            return c.f3 > 0 ? Tuple3.of(c.f0, c.f1 / c.f3, c.f2 / c.f3) : Tuple3.of(c.f0, c.f4, c.f5);
        }
    }
}
