package io.eddy.executor;

import io.eddy.configuration.Configuration;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the {@link PipelineExecutor} for the configured target through {@link ServiceLoader}.
 *
 * <p>The target is {@link ExecutionOptions#TARGET} when it is set; otherwise {@value #YARN_TARGET}
 * when this JVM was started by Hadoop's {@code yarn jar} (its main class, in the system property
 * {@code sun.java.command}, is {@value #HADOOP_RUN_JAR}), so an unchanged {@code main} submits
 * itself to the YARN cluster; otherwise the option's default, {@code embedded}. Only the name of
 * the target is known here: the executors live in other modules.
 */
public final class ExecutorLookup {

    /** The main class of {@code hadoop jar} / {@code yarn jar}. */
    public static final String HADOOP_RUN_JAR = "org.apache.hadoop.util.RunJar";

    /** The target chosen under {@code yarn jar} when none is set. */
    public static final String YARN_TARGET = "yarn";

    private ExecutorLookup() {}

    /**
     * The executor for the target {@link #target(Configuration)} chooses.
     *
     * @throws IllegalStateException if no factory on the class path serves the target, saying which dependency to add
     */
    public static PipelineExecutor find(Configuration configuration, ClassLoader classLoader) throws Exception {
        String target = target(configuration);
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

    /** The execution target: {@link ExecutionOptions#TARGET} if set, else {@value #YARN_TARGET} under {@code yarn jar}, else the default. */
    public static String target(Configuration configuration) {
        return target(configuration, System.getProperty("sun.java.command"));
    }

    /** {@link #target(Configuration)} for a JVM whose {@code sun.java.command} is {@code javaCommandOrNull} (for tests). */
    static String target(Configuration configuration, String javaCommandOrNull) {
        if (configuration.contains(ExecutionOptions.TARGET)) {
            return configuration.get(ExecutionOptions.TARGET);
        }
        if (isRunJar(javaCommandOrNull)) {
            return YARN_TARGET;
        }
        return configuration.get(ExecutionOptions.TARGET);
    }

    /** Whether {@code javaCommandOrNull} (a {@code sun.java.command} value) is Hadoop's {@code RunJar}: main class, then arguments. */
    public static boolean isRunJar(String javaCommandOrNull) {
        return javaCommandOrNull != null
                && (javaCommandOrNull.equals(HADOOP_RUN_JAR) || javaCommandOrNull.startsWith(HADOOP_RUN_JAR + " "));
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
