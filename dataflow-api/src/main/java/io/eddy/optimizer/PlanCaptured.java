package io.eddy.optimizer;

/**
 * Thrown by a batch program's first job action when {@link OptimizerOptions#PLAN_ONLY} is set: it
 * carries the compiled plan out of the program's {@code main} to the caller ({@code eddy plan}),
 * which prints it. The job is not run.
 *
 * <p>An {@link Error}, not an exception, so that it passes the {@code catch (Exception e)} of
 * programs that handle their own failures: a picocli command's runner, which would print it and
 * return an exit code for {@code main} to pass to {@code System.exit}, or a retry loop.
 */
public final class PlanCaptured extends Error {

    private static final long serialVersionUID = 1L;

    private final transient CompiledPlan plan;

    public PlanCaptured(CompiledPlan plan) {
        super("The plan of job '" + plan.jobName() + "' was compiled and not run (" + OptimizerOptions.PLAN_ONLY.key() + " is set)");
        this.plan = plan;
    }

    /** The compiled plan (null after Java deserialization). */
    public CompiledPlan plan() {
        return plan;
    }
}
