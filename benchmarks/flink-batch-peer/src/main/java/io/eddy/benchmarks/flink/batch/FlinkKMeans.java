package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.benchmarks.data.iteration.KMeansReference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.operators.base.ReduceOperatorBase.CombineHint;
import org.apache.flink.api.java.DataSet;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.operators.IterativeDataSet;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.core.fs.FileSystem.WriteMode;

/**
 * K-means on Flink 1.20's DataSet API, the computation of Eddy's example {@code
 * io.eddy.examples.iteration.KMeans} step for step: the centroids {@code (id, double[])} are the
 * partial solution and the broadcast set of the map that assigns each point {@code double[]} to
 * its {@link KMeansReference#nearest} centroid, {@code (id, point, 1, [])}; each centroid's own
 * record {@code (id, [], 0, position)} joins them in a union, summed per id (Flink's hash
 * combiner), then the mean, or the old position for a centroid no point chose. Points and
 * centroids are read from the text files of {@link KMeansData}; the centroids are written as
 * {@code id,x1,...,xd} lines ({@link KMeansData#formatCentroid}).
 */
final class FlinkKMeans {

    static final String CENTROIDS = "centroids";
    private static final double[] NONE = new double[0];

    /** What one run found. */
    record Outcome(long netRuntimeMillis, List<Long> superstepMillis) {}

    private FlinkKMeans() {}

    static Outcome run(ExecutionEnvironment env, String points, String centroids, int iterations, String output) throws Exception {
        DataSet<double[]> pointSet = env.readTextFile(points).name("read points").map(new ParsePoint()).name("parse points");
        IterativeDataSet<Tuple2<Integer, double[]>> loop = env.readTextFile(centroids).name("read centroids").map(new ParseCentroid())
                .name("parse centroids").iterate(iterations);
        loop.name("KMeans");
        DataSet<Tuple4<Integer, double[], Long, double[]>> assigned = pointSet.map(new SelectNearest()).withBroadcastSet(loop, CENTROIDS)
                .name("select nearest centroid");
        DataSet<Tuple4<Integer, double[], Long, double[]>> own = loop.map(new OwnPosition()).name("old position");
        DataSet<Tuple2<Integer, double[]>> next = assigned.union(own).groupBy(0).reduce(new Sum()).setCombineHint(CombineHint.HASH)
                .name("sum per centroid").map(new Mean()).name("mean");
        loop.closeWith(next).map(new FormatCentroid()).name("format centroids").writeAsText(output, WriteMode.OVERWRITE).name("centroids");
        JobExecutionResult result = env.execute("kmeans");
        return new Outcome(result.getNetRuntime(), SuperstepTimes.durations(result));
    }

    /** {@link KMeansData#parsePoint}; notes the start for the {@link SuperstepTimes}. */
    static final class ParsePoint extends RichMapFunction<String, double[]> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(OpenContext context) {
            SuperstepTimes.started(this);
        }

        @Override
        public double[] map(String line) {
            return KMeansData.parsePoint(line);
        }
    }

    /** {@code (id, position)}; notes the start for the {@link SuperstepTimes}. */
    static final class ParseCentroid extends RichMapFunction<String, Tuple2<Integer, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(OpenContext context) {
            SuperstepTimes.started(this);
        }

        @Override
        public Tuple2<Integer, double[]> map(String line) {
            return Tuple2.of(KMeansData.centroidId(line), KMeansData.centroidPosition(line));
        }
    }

    static final class FormatCentroid implements MapFunction<Tuple2<Integer, double[]>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(Tuple2<Integer, double[]> centroid) {
            return KMeansData.formatCentroid(centroid.f0, centroid.f1);
        }
    }

    /** {@code (id of the nearest centroid, point, 1, [])}; reads the broadcast centroids in open (every superstep). */
    static final class SelectNearest extends RichMapFunction<double[], Tuple4<Integer, double[], Long, double[]>> {
        private static final long serialVersionUID = 1L;
        /** This superstep's centroids sorted by id, set in open. */
        private transient int[] ids;
        private transient double[][] positions;

        @Override
        public void open(OpenContext context) {
            List<Tuple2<Integer, double[]>> sorted = new ArrayList<>(getRuntimeContext().<Tuple2<Integer, double[]>>getBroadcastVariable(CENTROIDS));
            sorted.sort(Comparator.comparing(t -> t.f0));
            ids = new int[sorted.size()];
            positions = new double[sorted.size()][];
            for (int c = 0; c < ids.length; c++) {
                ids[c] = sorted.get(c).f0;
                positions[c] = sorted.get(c).f1;
            }
        }

        @Override
        public Tuple4<Integer, double[], Long, double[]> map(double[] point) {
            if (ids.length == 0) {
                throw new IllegalStateException("KMeans: there are no centroids to assign a point to");
            }
            return Tuple4.of(ids[KMeansReference.nearest(point, positions)], point, 1L, NONE);
        }
    }

    static final class OwnPosition implements MapFunction<Tuple2<Integer, double[]>, Tuple4<Integer, double[], Long, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Integer, double[], Long, double[]> map(Tuple2<Integer, double[]> centroid) {
            return Tuple4.of(centroid.f0, NONE, 0L, centroid.f1);
        }
    }

    /** Adds the sums (an empty array is zero; a sum is a new array) and the counts; keeps the one old position. */
    static final class Sum implements ReduceFunction<Tuple4<Integer, double[], Long, double[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Integer, double[], Long, double[]> reduce(Tuple4<Integer, double[], Long, double[]> a, Tuple4<Integer, double[], Long, double[]> b) {
            double[] sum;
            if (a.f1.length == 0) {
                sum = b.f1;
            } else if (b.f1.length == 0) {
                sum = a.f1;
            } else {
                sum = new double[a.f1.length];
                for (int d = 0; d < sum.length; d++) {
                    sum[d] = a.f1[d] + b.f1[d];
                }
            }
            return Tuple4.of(a.f0, sum, a.f2 + b.f2, a.f3.length > 0 ? a.f3 : b.f3);
        }
    }

    /** The mean of the cluster's points, or the old position; notes the {@link SuperstepTimes}. */
    static final class Mean extends RichMapFunction<Tuple4<Integer, double[], Long, double[]>, Tuple2<Integer, double[]>> {
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

        @Override
        public void close() {
            SuperstepTimes.closed(this);
        }
    }
}
