package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import java.util.List;
import java.util.Objects;

/**
 * Everything a master or worker needs to run a job: its graph and the jars holding its classes.
 *
 * @param job the job's id (the same as the encoded graph's)
 * @param jobGraph the job graph encoded with {@code JobGraphCodec} (see {@link JobGraphBytes})
 * @param jars the user jars; empty when the job's classes are on the class path already (embedded mode)
 */
public record JobArtifacts(JobId job, byte[] jobGraph, List<NamedBlob> jars) {

    public JobArtifacts {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(jobGraph, "jobGraph");
        jars = List.copyOf(jars);
    }

    @Override
    public String toString() {
        return "JobArtifacts{job=" + job + ", graph=" + jobGraph.length + " bytes, jars=" + jars + "}";
    }
}
