package io.eddy.api.common;

import io.eddy.jobgraph.JobId;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** The result of a finished job: its id, how long it ran, and the merged accumulator values. */
public final class JobExecutionResult {

    private final JobId jobId;
    private final long netRuntimeMillis;
    private final Map<String, Serializable> accumulators;

    public JobExecutionResult(JobId jobId, long netRuntimeMillis, Map<String, Serializable> accumulators) {
        this.jobId = jobId;
        this.netRuntimeMillis = netRuntimeMillis;
        this.accumulators = Collections.unmodifiableMap(new TreeMap<>(accumulators));
    }

    public JobId getJobId() {
        return jobId;
    }

    /** The time from the start of the first task to the end of the last, in milliseconds. */
    public long getNetRuntime() {
        return netRuntimeMillis;
    }

    public long getNetRuntime(TimeUnit unit) {
        return unit.convert(netRuntimeMillis, TimeUnit.MILLISECONDS);
    }

    /** The merged value of the accumulator {@code name}, or null if no task registered it. */
    @SuppressWarnings("unchecked")
    public <T> T getAccumulatorResult(String name) {
        return (T) accumulators.get(name);
    }

    public Map<String, Serializable> getAllAccumulatorResults() {
        return accumulators;
    }

    @Override
    public String toString() {
        return "JobExecutionResult{job=" + jobId + ", runtime=" + netRuntimeMillis + " ms, accumulators=" + accumulators + "}";
    }
}
