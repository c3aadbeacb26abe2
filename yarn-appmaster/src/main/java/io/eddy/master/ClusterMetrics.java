package io.eddy.master;

import io.eddy.runtime.cluster.WorkerSample;
import java.util.List;

/**
 * What the master knows of its cluster's metrics at one moment (docs/monitoring.md, "Metrics"):
 * each registered worker's latest sample, and each job's latest task samples.
 *
 * @param workers the registered workers' latest samples (a worker not heard from yet has none)
 * @param jobs the jobs the master knows, running or ended
 */
public record ClusterMetrics(List<WorkerSample> workers, List<JobMetrics> jobs) {

    public ClusterMetrics {
        workers = List.copyOf(workers);
        jobs = List.copyOf(jobs);
    }
}
