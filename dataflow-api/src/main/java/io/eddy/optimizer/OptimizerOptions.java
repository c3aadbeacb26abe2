package io.eddy.optimizer;

import io.eddy.configuration.ConfigOption;

/** Options of batch compilation. Set as system properties with the prefix {@code eddy.} (as {@code ExecutionOptions}). */
public final class OptimizerOptions {

    public static final ConfigOption<Boolean> PLAN_ONLY = ConfigOption.of("execution.plan-only", Boolean.class, false,
            "When true, a batch program's first execute()/collect()/count()/print() compiles the plan and throws "
                    + "PlanCaptured carrying it instead of running the job (set by 'eddy plan').");

    /**
     * Set by the compiler on every batch job graph, never by users: the plan the optimizer chose, as
     * {@code eddy plan} prints it ({@link CompiledPlan#toReadableString()}), for the master's
     * dashboard to show (docs/monitoring.md).
     */
    public static final ConfigOption<String> CHOSEN_PLAN = ConfigOption.of("optimizer.chosen-plan", String.class, null,
            "Set by the batch compiler on the job graph: the plan the optimizer chose, as 'eddy plan' prints it (shown by the dashboard).");

    private OptimizerOptions() {}
}
