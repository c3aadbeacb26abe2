package io.eddy.executor;

import io.eddy.configuration.ConfigOption;

/** Options that choose where and how a program runs. Set as system properties with the prefix {@code eddy.}. */
public final class ExecutionOptions {

    public static final ConfigOption<String> TARGET = ConfigOption.of("execution.target", String.class, "embedded",
            "Where execute() runs the job: 'embedded' (a LocalCluster in this JVM), 'remote' (the master at master.address), 'yarn' "
                    + "(a per-job YARN application) or 'yarn-session' (the session yarn.application-id). Unset under 'yarn jar', it is 'yarn'.");

    public static final ConfigOption<String> MASTER_ADDRESS = ConfigOption.of("master.address", String.class, null,
            "HOST:PORT of the master that 'remote' execution submits to.");

    public static final ConfigOption<String> USER_JARS = ConfigOption.of("execution.jars", String.class, "",
            "Comma-separated job jars shipped to the workers with a 'remote' or YARN submission (set by 'eddy run'), and to the embedded "
                    + "cluster's workers, which load a class from them only if the JVM's class path lacks it (a MapReduce job's -libjars).");

    public static final ConfigOption<Integer> DEFAULT_PARALLELISM = ConfigOption.of("parallelism.default", Integer.class, null,
            "Parallelism of operators that set none; by default the number of cores of the client machine ('eddy run --parallelism').");

    public static final ConfigOption<Integer> EMBEDDED_WORKERS = ConfigOption.of("embedded.workers", Integer.class, 1,
            "Number of workers of the embedded cluster.");

    public static final ConfigOption<Integer> EMBEDDED_SLOTS = ConfigOption.of("embedded.slots-per-worker", Integer.class, null,
            "Slots per worker of the embedded cluster; by default as many as the job needs.");

    private ExecutionOptions() {}
}
