package io.eddy.examples.batch;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.ExecutionEnvironment;

/**
 * Where the batch examples and benchmarks hand a finished program to Eddy to run: the one place that
 * calls the environment's execution, so that every batch program in this module and in {@code
 * benchmarks/eddy-bench} runs the same way (and a change of how batch jobs are started is made once).
 */
public final class BatchExecution {

    private BatchExecution() {}

    /**
     * Compiles the program built on {@code env} (everything its sinks read) with the optimizer, runs it
     * as job {@code jobName} wherever the environment's configuration says, and waits for it.
     */
    public static JobExecutionResult execute(ExecutionEnvironment env, String jobName) throws Exception {
        return env.execute(jobName);
    }
}
