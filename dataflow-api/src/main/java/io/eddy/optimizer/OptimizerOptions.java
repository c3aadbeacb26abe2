package io.eddy.optimizer;

import io.eddy.configuration.ConfigOption;

/** Options of batch compilation. Set as system properties with the prefix {@code eddy.} (as {@code ExecutionOptions}). */
public final class OptimizerOptions {

    public static final ConfigOption<Boolean> PLAN_ONLY = ConfigOption.of("execution.plan-only", Boolean.class, false,
            "When true, a batch program's first execute()/collect()/count()/print() compiles the plan and throws "
                    + "PlanCaptured carrying it instead of running the job (set by 'eddy plan').");

    private OptimizerOptions() {}
}
