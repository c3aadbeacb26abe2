package io.eddy.master.iteration;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.IterationOptions;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.HadoopFileSystems;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where and how often a job's loops write iteration snapshots (docs/iterations.md, "Snapshots and
 * recovery"): every {@link IterationOptions#SNAPSHOT_INTERVAL} supersteps, under {@link
 * IterationOptions#SNAPSHOT_DIR} or else the checkpoint directory, at {@code
 * <base>/<job id>/iterations/<loop>/superstep-<s>}. The master only names and deletes snapshot
 * directories (the heads write the files); deletes run on one daemon thread of the job, never on
 * the master's main thread, and a failed delete is logged (a stale snapshot costs space, not
 * correctness). {@link #close()} deletes the job's snapshots and stops the thread.
 */
public final class IterationSnapshots implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IterationSnapshots.class);

    private final int interval;
    private final String base;
    private final JobId job;
    private final ExecutorService deletes;

    private IterationSnapshots(int interval, String base, JobId job) {
        this.interval = interval;
        this.base = base;
        this.job = job;
        this.deletes = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "eddy-iteration-snapshots-" + job);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The snapshots of job {@code job} under {@code settings} (the job's settings over the cluster's
     * defaults), or null if they are off.
     *
     * @throws IllegalArgumentException if the interval is negative, or snapshots are on but neither
     *     directory is set (the message names both settings)
     */
    public static IterationSnapshots create(JobId job, Configuration settings) {
        Integer interval = settings.get(IterationOptions.SNAPSHOT_INTERVAL);
        if (interval == null || interval == 0) {
            return null;
        }
        if (interval < 0) {
            throw new IllegalArgumentException(IterationOptions.SNAPSHOT_INTERVAL.key() + ": " + interval
                    + " (expected: 0 for no iteration snapshots, or every how many supersteps to take one)");
        }
        String dir = settings.get(IterationOptions.SNAPSHOT_DIR);
        if (dir == null || dir.isBlank()) {
            dir = settings.get(CheckpointingOptions.CHECKPOINTS_DIR);
        }
        if (dir == null || dir.isBlank()) {
            throw new IllegalArgumentException("Iteration snapshots are on (" + IterationOptions.SNAPSHOT_INTERVAL.key() + " = " + interval
                    + ") but neither " + IterationOptions.SNAPSHOT_DIR.key() + " nor " + CheckpointingOptions.CHECKPOINTS_DIR.key()
                    + " is set in the job or the cluster configuration: set one, e.g. env.enableIterationSnapshots(" + interval
                    + ", \"hdfs:///eddy/iterations\")");
        }
        return new IterationSnapshots(interval, stripSlash(dir), job);
    }

    private static String stripSlash(String dir) {
        String d = dir.trim();
        while (d.length() > 1 && d.endsWith("/")) {
            d = d.substring(0, d.length() - 1);
        }
        return d;
    }

    /** Every how many supersteps a snapshot is taken. */
    public int interval() {
        return interval;
    }

    /** Whether a loop that goes on after superstep {@code superstep} takes a snapshot of it. */
    boolean takesAfter(int superstep) {
        return superstep % interval == 0;
    }

    /** The directory of loop {@code loop}'s snapshot of superstep {@code superstep}. */
    String dir(JobId forJob, String loop, int superstep) {
        return jobDir(forJob) + "/" + encode(loop) + "/superstep-" + superstep;
    }

    private String jobDir(JobId forJob) {
        return base + "/" + forJob + "/iterations";
    }

    /** A loop's name as one path segment: characters other than letters, digits, '-', '_' and '.' become '_'. */
    private static String encode(String loop) {
        return loop.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Deletes {@code dir} and what it holds, in the background. */
    void delete(String dir) {
        Objects.requireNonNull(dir, "dir");
        deletes.execute(() -> deleteNow(dir));
    }

    private void deleteNow(String dir) {
        try {
            Path path = HadoopFileSystems.path(dir);
            HadoopFileSystems.fileSystem(path).delete(path, true);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Job {}: could not delete the iteration snapshot {} (delete it by hand): {}", job, dir, e.toString());
        }
    }

    /** Deletes every snapshot of the job in the background; the thread ends after that delete. Idempotent. */
    @Override
    public void close() {
        if (deletes.isShutdown()) {
            return;
        }
        deletes.execute(() -> deleteNow(jobDir(job)));
        deletes.shutdown();
    }
}
