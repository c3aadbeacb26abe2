package io.eddy.streaming.api.environment;

import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds the {@link PipelineExecutor} for the configured target through {@link ServiceLoader}. */
public final class ExecutorLookup {

    private ExecutorLookup() {}

    /**
     * The executor for {@link ExecutionOptions#TARGET}.
     *
     * @throws IllegalStateException if no factory on the class path serves the target, saying which dependency to add
     */
    public static PipelineExecutor find(Configuration configuration, ClassLoader classLoader) throws Exception {
        String target = configuration.get(ExecutionOptions.TARGET);
        List<String> available = new ArrayList<>();
        for (PipelineExecutorFactory factory : ServiceLoader.load(PipelineExecutorFactory.class, classLoader)) {
            if (factory.target().equals(target)) {
                return factory.create(configuration);
            }
            available.add(factory.target());
        }
        String purpose = "embedded".equals(target) ? "to run jobs embedded" : "to run jobs on target '" + target + "'";
        throw new IllegalStateException("No executor for target '" + target + "' on the class path: add the io.eddy:yarn-appmaster "
                + "dependency (runtime scope) " + purpose + (available.isEmpty() ? "" : " (targets found: " + available + ")")
                + ". The target is set with the system property eddy." + ExecutionOptions.TARGET.key());
    }

    /** The job jars of {@link ExecutionOptions#USER_JARS}: comma-separated paths, blanks ignored. */
    public static List<Path> userJars(Configuration configuration) {
        List<Path> jars = new ArrayList<>();
        String value = configuration.get(ExecutionOptions.USER_JARS);
        if (value == null) {
            return jars;
        }
        for (String part : value.split(",")) {
            if (!part.isBlank()) {
                jars.add(Paths.get(part.trim()));
            }
        }
        return jars;
    }
}
