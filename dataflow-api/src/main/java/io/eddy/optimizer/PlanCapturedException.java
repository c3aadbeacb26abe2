package io.eddy.optimizer;

/**
 * Thrown by a batch program's first job action when {@link OptimizerOptions#PLAN_ONLY} is set: it
 * carries the compiled plan out of the program's {@code main} to the caller ({@code eddy plan}),
 * which prints it. The job is not run.
 */
public final class PlanCapturedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient CompiledPlan plan;

    public PlanCapturedException(CompiledPlan plan) {
        super("The plan of job '" + plan.jobName() + "' was compiled and not run (" + OptimizerOptions.PLAN_ONLY.key() + " is set)");
        this.plan = plan;
    }

    /** The compiled plan (null after Java deserialization). */
    public CompiledPlan plan() {
        return plan;
    }
}
