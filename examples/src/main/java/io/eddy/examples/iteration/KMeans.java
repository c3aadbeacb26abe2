package io.eddy.examples.iteration;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.benchmarks.data.iteration.KMeansReference;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import io.eddy.examples.batch.PrintOutputFormat;
import io.eddy.examples.wordcount.InputPaths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * K-means clustering (Lloyd's algorithm) of points in {@code d} dimensions as a bulk iteration: the
 * centroids {@code (id, position)} are the partial solution, the points {@code double[d]} are static.
 *
 * <pre>
 * points --map SelectNearest (centroids(s-1) as broadcast set)--> (nearest id, point, 1, [])
 * centroids(s-1) --map--> (id, [], 0, old position)
 *          union --groupBy(id).reduce(Sum)--> (id, sum of the points, n, old position)
 *                --map Mean--> centroids(s) = (id, sum/n), or the old position if no point chose it
 * </pre>
 *
 * A point goes to the centroid at the smallest squared Euclidean distance; on a tie, to the one with
 * the lower id ({@link KMeansReference#nearest}). An empty array stands for "nothing" in the sum and
 * in the old position: a point's record carries no old position, a centroid's own record no sum, so
 * a centroid without points keeps its position. Arrays are never changed once emitted (a sum is a
 * new array). The loop runs {@code iterations} supersteps. {@link KMeansReference} computes the same
 * in one thread; the job adds a cluster's coordinates in arrival order, so the centroids agree to
 * rounding.
 */
@Command(name = "kmeans", mixinStandardHelpOptions = true, description = "K-means clustering of d-dimensional points (bulk iteration, centroids as a broadcast set).")
public final class KMeans implements Callable<Integer> {

    /** The broadcast set of the current centroids. */
    static final String CENTROIDS = "centroids";

    private static final double[] NONE = new double[0];

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--points", paramLabel = "PATH", description = "Text of x1,...,xd per line; needs --centroids (default: generated points).")
    String points;

    @Option(names = "--centroids", paramLabel = "PATH", description = "Text of id,x1,...,xd per line (int id): the initial centroids.")
    String centroids;

    @Option(names = "--point-count", defaultValue = "10000", description = "Generated points (default: ${DEFAULT-VALUE}).")
    int pointCount;

    @Option(names = "--dimensions", defaultValue = "2", description = "Generated data: coordinates per point (default: ${DEFAULT-VALUE}).")
    int dimensions;

    @Option(names = "--k", defaultValue = "8", description = "Generated data: clusters (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--seed", defaultValue = "42", description = "Generated data: random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--iterations", defaultValue = "10", description = "Supersteps (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--output", paramLabel = "PATH", description = "Write id,x1,...,xd of the final centroids here instead of printing them.")
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
        DataSet<Tuple2<Integer, double[]>> result;
        if (points != null || centroids != null) {
            if (points == null || centroids == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--points and --centroids go together: give both files, or neither for generated data");
            }
            InputPaths.requireExisting(spec, "--points", points);
            InputPaths.requireExisting(spec, "--centroids", centroids);
            result = build(env, readPoints(env, points), readCentroids(env, centroids), iterations);
        } else {
            result = buildInMemory(env, KMeansData.generate(pointCount, dimensions, k, seed), iterations);
        }
        sink(result, output);
        BatchExecution.execute(env, "KMeans");
        return 0;
    }

    /** The points of a text file of {@code x1,...,xd} lines ({@link KMeansData#parsePoint}). */
    public static DataSet<double[]> readPoints(ExecutionEnvironment env, String path) {
        return env.readTextFile(path).name("read points").map(new ParsePoint()).name("parse points");
    }

    /** The centroids of a text file of {@code id,x1,...,xd} lines. */
    public static DataSet<Tuple2<Integer, double[]>> readCentroids(ExecutionEnvironment env, String path) {
        return env.readTextFile(path).name("read centroids").map(new ParseCentroid()).name("parse centroids");
    }

    /** Writes {@code centroids} as {@code id,x1,...,xd} lines ({@link KMeansData#formatCentroid}) to {@code output}, or prints them if it is null. */
    public static void sink(DataSet<Tuple2<Integer, double[]>> centroids, String output) {
        DataSet<String> lines = centroids.map(new FormatCentroid()).name("format centroids");
        if (output != null) {
            lines.writeAsText(output, WriteMode.OVERWRITE).name("text sink");
        } else {
            lines.output(new PrintOutputFormat<>()).name("print");
        }
    }

    /** The clustering of {@code data} held in memory (non-parallel collection sources). */
    public static DataSet<Tuple2<Integer, double[]>> buildInMemory(ExecutionEnvironment env, KMeansData data, int iterations) {
        List<Tuple2<Integer, double[]>> centroids = new ArrayList<>(data.centroids().length);
        for (int c = 0; c < data.centroids().length; c++) {
            centroids.add(Tuple2.of(c, data.centroids()[c]));
        }
        return build(env, env.fromCollection(List.of(data.points())).name("points"), env.fromCollection(centroids).name("initial centroids"),
                iterations);
    }

    /**
     * The centroids {@code (id, position)} after {@code iterations} supersteps of Lloyd's algorithm
     * over {@code points}, starting from {@code centroids} (ids unique; every point and centroid of the
     * same number of coordinates).
     */
    public static DataSet<Tuple2<Integer, double[]>> build(ExecutionEnvironment env, DataSet<double[]> points,
            DataSet<Tuple2<Integer, double[]>> centroids, int iterations) {
        IterativeDataSet<Tuple2<Integer, double[]>> loop = centroids.iterate(iterations).name("KMeans");
        DataSet<Tuple4<Integer, double[], Long, double[]>> assigned = points.map(new SelectNearest())
                .withBroadcastSet(loop, CENTROIDS).name("select nearest centroid");
        DataSet<Tuple4<Integer, double[], Long, double[]>> own = loop.map(new OwnPosition()).name("old position");
        DataSet<Tuple2<Integer, double[]>> next = assigned.union(own).groupBy(0).reduce(new Sum()).name("sum per centroid")
                .map(new Mean()).name("mean");
        return loop.closeWith(next);
    }

    /** {@code (id of the nearest centroid, point, 1, [])}. */
    static final class SelectNearest extends RichMapFunction<double[], Tuple4<Integer, double[], Long, double[]>> {
        private static final long serialVersionUID = 1L;
        /** The centroids of superstep {@link #loadedSuperstep}, sorted by id; used by the task's thread only. */
        private transient int loadedSuperstep;
        private transient int[] ids;
        private transient double[][] positions;

        @Override
        public Tuple4<Integer, double[], Long, double[]> map(double[] point) {
            loadCentroids();
            if (ids.length == 0) {
                throw new IllegalStateException("KMeans: there are no centroids to assign a point to; give at least one initial centroid");
            }
            return Tuple4.of(ids[KMeansReference.nearest(point, positions)], point, 1L, NONE);
        }

        /** Reads the broadcast centroids once per superstep (they change with every superstep). */
        private void loadCentroids() {
            int superstep = getIterationRuntimeContext().getSuperstepNumber();
            if (superstep == loadedSuperstep) {
                return;
            }
            List<Tuple2<Integer, double[]>> sorted = new ArrayList<>(getRuntimeContext().<Tuple2<Integer, double[]>>getBroadcastVariable(CENTROIDS));
            sorted.sort(Comparator.comparing(t -> t.f0));
            ids = new int[sorted.size()];
            positions = new double[sorted.size()][];
            for (int c = 0; c < ids.length; c++) {
                ids[c] = sorted.get(c).f0;
                positions[c] = sorted.get(c).f1;
            }
            loadedSuperstep = superstep;
        }
    }

    /** {@code (id, [], 0, position)}: a centroid's own record, so that it survives a superstep in which no point chose it. */
    static final class OwnPosition implements MapFunction<Tuple2<Integer, double[]>, Tuple4<Integer, double[], Long, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Integer, double[], Long, double[]> map(Tuple2<Integer, double[]> centroid) {
            return Tuple4.of(centroid.f0, NONE, 0L, centroid.f1);
        }
    }

    /** Adds the sums and the counts; keeps the one old position. */
    static final class Sum implements ReduceFunction<Tuple4<Integer, double[], Long, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Integer, double[], Long, double[]> reduce(Tuple4<Integer, double[], Long, double[]> a, Tuple4<Integer, double[], Long, double[]> b) {
            return Tuple4.of(a.f0, plus(a.f1, b.f1), a.f2 + b.f2, a.f3.length > 0 ? a.f3 : b.f3);
        }

        /** {@code a + b} as a new array; an empty array is zero. */
        private static double[] plus(double[] a, double[] b) {
            if (a.length == 0) {
                return b;
            }
            if (b.length == 0) {
                return a;
            }
            if (a.length != b.length) {
                throw new IllegalArgumentException("KMeans: points of " + a.length + " and " + b.length
                        + " coordinates in one cluster; every point and centroid needs the same number");
            }
            double[] sum = new double[a.length];
            for (int d = 0; d < sum.length; d++) {
                sum[d] = a[d] + b[d];
            }
            return sum;
        }
    }

    /** The mean of the cluster's points, or the old position if it has none. */
    static final class Mean implements MapFunction<Tuple4<Integer, double[], Long, double[]>, Tuple2<Integer, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Integer, double[]> map(Tuple4<Integer, double[], Long, double[]> c) {
            if (c.f2 == 0) {
                return Tuple2.of(c.f0, c.f3);
            }
            double[] mean = new double[c.f1.length];
            for (int d = 0; d < mean.length; d++) {
                mean[d] = c.f1[d] / c.f2;
            }
            return Tuple2.of(c.f0, mean);
        }
    }

    /** {@link KMeansData#parsePoint}. */
    static final class ParsePoint implements MapFunction<String, double[]> {
        private static final long serialVersionUID = 1L;

        @Override
        public double[] map(String line) {
            return KMeansData.parsePoint(line);
        }
    }

    /** {@code (id, position)} of a line {@code id,x1,...,xd}. */
    static final class ParseCentroid implements MapFunction<String, Tuple2<Integer, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Integer, double[]> map(String line) {
            return Tuple2.of(KMeansData.centroidId(line), KMeansData.centroidPosition(line));
        }
    }

    /** {@link KMeansData#formatCentroid}. */
    static final class FormatCentroid implements MapFunction<Tuple2<Integer, double[]>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(Tuple2<Integer, double[]> centroid) {
            return KMeansData.formatCentroid(centroid.f0, centroid.f1);
        }
    }
}
