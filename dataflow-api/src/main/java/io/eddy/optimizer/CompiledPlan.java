package io.eddy.optimizer;

import io.eddy.jobgraph.JobGraph;
import java.util.Map;

/**
 * The result of {@link BatchCompiler#compile}: the chosen strategies, as a {@link JobGraph} to
 * run and as JSON to read. Not thread-safe; used by the thread that compiled it.
 */
public final class CompiledPlan {

    /** The buffer timeout of batch jobs: as in streaming, so the last records of a slow producer are not held back. */
    public static final long BUFFER_TIMEOUT_MILLIS = 100;

    private final Dag dag;

    CompiledPlan(Dag dag) {
        this.dag = dag;
    }

    Dag dag() {
        return dag;
    }

    /** A new job graph (with a new job id) of the plan, without job settings. */
    public JobGraph toJobGraph() {
        return toJobGraph(Map.of());
    }

    /** A new job graph (with a new job id) of the plan with job {@code settings} (e.g. a restart strategy). */
    public JobGraph toJobGraph(Map<String, String> settings) {
        return JobGraphWriter.write(dag, BUFFER_TIMEOUT_MILLIS, settings);
    }

    /** The plan as JSON: nodes, their strategies, estimates and inputs (format in {@code docs/optimizer.md}). */
    public String toJson() {
        return PlanJson.write(dag);
    }

    public String jobName() {
        return dag.plan().getJobName();
    }

    /** The plan for people: per node its strategies, keys, memory and estimates, per input ship strategy and exchange mode; then the tasks. */
    public String toReadableString() {
        return PlanText.write(dag, toJobGraph());
    }

    @Override
    public String toString() {
        return toReadableString();
    }
}
