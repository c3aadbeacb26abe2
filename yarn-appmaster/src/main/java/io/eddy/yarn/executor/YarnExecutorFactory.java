package io.eddy.yarn.executor;

import io.eddy.configuration.Configuration;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.executor.ExecutorLookup;

/**
 * The {@code yarn} execution target: each job runs in its own per-job YARN application (docs/yarn.md,
 * "Execution targets"). Chosen with {@code eddy.execution.target=yarn}, {@code eddy run --target
 * yarn}, or by default under {@code yarn jar}. The cluster's size and place come from {@link
 * io.eddy.yarn.YarnOptions}, the Hadoop configuration from {@link HadoopClientConfiguration}.
 */
public final class YarnExecutorFactory implements PipelineExecutorFactory {

    public static final String TARGET = ExecutorLookup.YARN_TARGET;

    @Override
    public String target() {
        return TARGET;
    }

    @Override
    public PipelineExecutor create(Configuration configuration) {
        return new YarnPerJobExecutor(configuration, System.err);
    }
}
