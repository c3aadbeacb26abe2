package io.eddy.optimizer;

import io.eddy.jobgraph.JobGraph;
import io.eddy.translation.JobGraphWriter;
import io.eddy.translation.PhysicalPlan;
import io.eddy.translation.PlanRenderer;
import java.util.Map;

/**
 * The result of {@link BatchCompiler#compile}: the chosen strategies, as a {@link PhysicalPlan}
 * for the back end, as a {@link JobGraph} to run and as JSON or text to read. Not thread-safe;
 * used by the thread that compiled it.
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

    /** The chosen plan as the back end reads it (pass 6, {@link PhysicalPlanWriter}). */
    public PhysicalPlan toPhysicalPlan() {
        return PhysicalPlanWriter.write(dag);
    }

    /** A new job graph (with a new job id) of the plan, without job settings. */
    public JobGraph toJobGraph() {
        return toJobGraph(Map.of());
    }

    /**
     * A new job graph (with a new job id) of the plan with job {@code settings} (e.g. a restart
     * strategy), and the plan as {@code eddy plan} prints it under {@link OptimizerOptions#CHOSEN_PLAN}.
     */
    public JobGraph toJobGraph(Map<String, String> settings) {
        PhysicalPlan plan = toPhysicalPlan();
        Map<String, String> withPlan = new java.util.HashMap<>(settings);
        withPlan.put(OptimizerOptions.CHOSEN_PLAN.key(), PlanRenderer.text(plan, toJobGraph(plan, Map.of())));
        return toJobGraph(plan, withPlan);
    }

    private JobGraph toJobGraph(PhysicalPlan plan, Map<String, String> settings) {
        return JobGraphWriter.write(plan, BUFFER_TIMEOUT_MILLIS, dag.plan().getSerializerConfig(), settings);
    }

    /** The plan as JSON: nodes, their strategies, estimates and inputs (format in {@link PlanRenderer}). */
    public String toJson() {
        return PlanRenderer.json(toPhysicalPlan());
    }

    public String jobName() {
        return dag.plan().getJobName();
    }

    /** The plan for people: per node its strategies, keys, memory and estimates, per input ship strategy and exchange mode; then the tasks. */
    public String toReadableString() {
        PhysicalPlan plan = toPhysicalPlan();
        return PlanRenderer.text(plan, toJobGraph(plan, Map.of()));
    }

    @Override
    public String toString() {
        return toReadableString();
    }
}
