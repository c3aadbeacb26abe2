package io.eddy.yarn.executor;

import io.eddy.configuration.Configuration;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.yarn.YarnOptions;
import java.util.regex.Pattern;

/**
 * The {@code yarn-session} execution target: jobs go to the running YARN session {@link
 * YarnOptions#APPLICATION_ID} (started by {@code eddy yarn-session start}). Chosen with {@code
 * eddy.execution.target=yarn-session} or {@code eddy run --target yarn-session:APPID}.
 */
public final class YarnSessionExecutorFactory implements PipelineExecutorFactory {

    public static final String TARGET = "yarn-session";

    private static final Pattern APPLICATION_ID = Pattern.compile("application_\\d+_\\d+");

    @Override
    public String target() {
        return TARGET;
    }

    /**
     * @throws IllegalArgumentException if {@code yarn.application-id} is unset or not an application id
     */
    @Override
    public PipelineExecutor create(Configuration configuration) {
        String id = configuration.get(YarnOptions.APPLICATION_ID);
        String option = "eddy." + YarnOptions.APPLICATION_ID.key();
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("The 'yarn-session' execution target needs the session's application id: set " + option
                    + "=application_... (as 'eddy yarn-session start' printed it; 'eddy yarn-session list' shows the running sessions), "
                    + "or run the job with 'eddy run --target yarn-session:APPID app.jar'");
        }
        if (!APPLICATION_ID.matcher(id.trim()).matches()) {
            throw new IllegalArgumentException(option + "=" + id + " is not a YARN application id (expected: "
                    + "application_<cluster timestamp>_<number>, e.g. application_1700000000000_0001)");
        }
        return new YarnSessionExecutor(configuration, id.trim(), System.err);
    }
}
