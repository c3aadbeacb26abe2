package io.eddy.hadoop.job;

import io.eddy.executor.JobDetails;

/**
 * A MapReduce job's map and reduce progress, as Hadoop's {@code JobStatus} reports them, from the
 * job details of its Eddy dataflow (docs/monitoring.md, "Job details"; the translation names its
 * vertices, {@link MapReduceDataflow}).
 *
 * <ul>
 *   <li><b>map</b>: the input splits read to their end, of all the job's splits (each split is one
 *       map task); 0 before the master has made the splits.</li>
 *   <li><b>reduce</b>: Hadoop counts a reduce task's copy phase as its first third and its sort and
 *       reduce as the other two. Eddy's reducers take map output as the map tasks produce it, so
 *       the copy phase is as far as the maps are: {@code map / 3}, plus {@code 2/3} of the share of
 *       reducer subtasks finished. A map-only job's reduce progress is 0 until the job succeeds.</li>
 * </ul>
 */
final class MapReduceProgress {

    private MapReduceProgress() {}

    /** {@code [map, reduce]}, each in [0, 1]. */
    static float[] of(JobDetails details) {
        long splits = 0;
        long splitsDone = 0;
        int reducers = 0;
        int reducersFinished = 0;
        for (JobDetails.VertexDetails vertex : details.vertices()) {
            if (vertex.readsSplits()) {
                splits += vertex.splits();
                splitsDone += vertex.splitsDone();
            }
            if (vertex.name().contains(MapReduceDataflow.REDUCER_PREFIX)) {
                reducers += vertex.parallelism();
                reducersFinished += vertex.finished();
            }
        }
        float map = splits == 0 ? 0f : (float) splitsDone / splits;
        float reduce = reducers == 0 ? 0f : map / 3f + 2f / 3f * reducersFinished / reducers;
        return new float[] {map, Math.min(1f, reduce)};
    }
}
