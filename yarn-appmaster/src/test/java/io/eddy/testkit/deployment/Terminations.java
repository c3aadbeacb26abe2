package io.eddy.testkit.deployment;

import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/** Waiting for a job's end through a master's control protocol, which offers no notification of it. */
final class Terminations {

    private Terminations() {}

    static JobStatus await(ClusterClient client, JobId job, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<JobSummary> summary = client.listJobs().stream().filter(s -> s.id().equals(job)).findFirst();
            if (summary.isPresent() && summary.get().status().isTerminal()) {
                return summary.get().status();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Job " + job + " did not end within " + timeout + "; it is " + summary.map(JobSummary::status));
            }
            Thread.sleep(50); // polls the master: the protocol has no job-ended notification for admin clients
        }
    }
}
