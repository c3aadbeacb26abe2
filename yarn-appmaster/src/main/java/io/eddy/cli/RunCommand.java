package io.eddy.cli;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobListeners;
import io.eddy.master.remote.ClusterClient;
import io.eddy.master.remote.RemoteOptions;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.yarn.YarnOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code eddy run app.jar [args...]}: runs a job jar's {@code main} in this process, in a
 * child-first class loader over the jar, with the system properties that make {@code execute()}
 * submit to the chosen target ({@link #targetProperties}): embedded ({@code --target local}, the
 * default), a {@code remote} cluster ({@code --master} / {@code --cluster-dir}), a new per-job YARN
 * application ({@code --target yarn} with the {@link YarnResourceFlags}) or a YARN session ({@code
 * --target yarn-session:APPID}). The properties are restored afterwards.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs a job jar: embedded (default), on a cluster (--master, --cluster-dir), or on YARN (--target yarn | "
                + "yarn-session:APPID).")
final class RunCommand implements Callable<Integer> {

    /** The system property through which {@code --parallelism} reaches the program's environment. */
    static final String PARALLELISM_PROPERTY = "eddy." + ExecutionOptions.DEFAULT_PARALLELISM.key();

    /** The system property that chooses the executor of the program's {@code execute()}. */
    static final String TARGET_PROPERTY = "eddy." + ExecutionOptions.TARGET.key();

    @Mixin
    private ClusterTarget target;

    @Mixin
    private YarnResourceFlags yarn;

    @Option(names = "--detached", description = "With --target yarn or yarn-session:APPID: return once the job is accepted, printing "
            + "the application id, instead of following the job to its end.")
    private boolean detached;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-q", "--quiet"}, description = "Print no progress lines while the program's jobs run.")
    private boolean quiet;

    @Option(names = {"-p", "--parallelism"}, paramLabel = "N", description = "Default parallelism of the job's operators.")
    private Integer parallelism;

    @Option(names = {"-c", "--class"}, paramLabel = "NAME", description = "The main class (default: Main-Class of the jar's manifest).")
    private String mainClass;

    @Option(names = "--from-savepoint", paramLabel = "PATH",
            description = "Start the job from this savepoint or retained checkpoint (the path 'eddy savepoint' printed).")
    private String fromSavepoint;

    @Option(names = "--allow-non-restored-state",
            description = "With --from-savepoint: start even if some of the savepoint's state belongs to no operator of the job "
                    + "(that state is dropped).")
    private boolean allowNonRestoredState;

    @Parameters(index = "0", paramLabel = "JAR", description = "The job jar.")
    private Path jar;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments for the job's main method: everything after JAR, options included.")
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        Path jarFile = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(jarFile)) {
            throw CliException.usage("Job jar not found: " + jarFile + " (check the path; build the jar first, e.g. with 'mvn package')");
        }
        if (parallelism != null && parallelism < 1) {
            throw CliException.usage("--parallelism: " + parallelism + " (expected: >= 1)");
        }
        String className = mainClass != null ? mainClass : manifestMainClass(jarFile);
        Map<String, String> properties = new HashMap<>(savepointProperties());
        properties.putAll(targetProperties(jarFile, className));
        if (parallelism != null) {
            properties.put(PARALLELISM_PROPERTY, parallelism.toString());
        }
        if (quiet || detached) {
            runMain(jarFile, className, args, properties);
        } else {
            // Progress of every job the program submits, on standard error: redrawn on a terminal, else plain lines every 10 s.
            ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), System.console() != null, Duration.ofSeconds(1), Duration.ofSeconds(10));
            withProgress(progress, () -> runMain(jarFile, className, args, properties));
            try {
                progress.awaitSummaries(Duration.ofSeconds(15));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return EddyCli.EXIT_OK;
    }

    /**
     * Runs {@code program} with {@code progress} told of every job it submits and with {@code
     * System.err} set to the printer's {@link ProgressPrinter#console() console}; restores {@code
     * System.err} afterwards. The executors take {@code System.err} as the console for their status
     * lines when the program creates them (the {@code remote}, {@code yarn} and {@code yarn-session}
     * factories), and the program's own stderr lines belong beside the blocks too: so every line
     * reaches the terminal through the printer, which keeps it out of the blocks it redraws.
     */
    static void withProgress(ProgressPrinter progress, Runnable program) {
        PrintStream stderr = System.err;
        System.setErr(progress.console());
        try (JobListeners.Registration listening = JobListeners.register(progress)) {
            program.run();
        } finally {
            System.setErr(stderr);
            progress.endConsoleLine();
        }
    }

    /**
     * The system properties that send the job to the chosen target, checked first: the options of
     * one target are refused with another, a remote master and a YARN session must be reachable.
     */
    Map<String, String> targetProperties(Path jarFile, String className) {
        ExecutionTarget chosen = target.target(ExecutionTarget.LOCAL);
        Map<String, String> properties = new HashMap<>();
        if (chosen.kind() != ExecutionTarget.Kind.YARN && yarn.anyGiven()) {
            throw CliException.usage("--containers, --slots, --container-memory, --container-vcores, --am-memory, --queue and --name size a "
                    + "new YARN application: they need --target yarn" + (chosen.kind() == ExecutionTarget.Kind.YARN_SESSION
                            ? " (a session keeps the size it was started with: 'eddy yarn-session start --containers N ...')" : ""));
        }
        if (detached && chosen.kind() != ExecutionTarget.Kind.YARN && chosen.kind() != ExecutionTarget.Kind.YARN_SESSION) {
            throw CliException.usage("--detached needs --target yarn or --target yarn-session:APPID (got --target " + chosen + ")");
        }
        switch (chosen.kind()) {
            case LOCAL -> properties.put(TARGET_PROPERTY, "embedded");
            case REMOTE -> {
                ClusterTarget.Endpoint endpoint = target.resolve();
                checkReachable(endpoint);
                properties.put(TARGET_PROPERTY, "remote");
                properties.put("eddy." + ExecutionOptions.MASTER_ADDRESS.key(), HostPort.format(endpoint.master()));
                properties.put("eddy." + RemoteOptions.SECRET_FILE.key(), endpoint.secretFile().toString());
            }
            case YARN -> {
                if (chosen.isYarnApplication()) {
                    throw CliException.usage("--target " + chosen + ": a per-job application runs only the job it was started for. Start a "
                            + "new one with --target yarn, or submit to a session with --target yarn-session:APPID");
                }
                properties.put(TARGET_PROPERTY, "yarn");
                if (System.getProperty("eddy." + YarnOptions.NAME.key()) == null) {
                    properties.put("eddy." + YarnOptions.NAME.key(), "Eddy job " + className);
                }
                yarn.settings().forEach((k, v) -> properties.put("eddy." + k, v));
            }
            case YARN_SESSION -> {
                YarnClients.retrieve(chosen.applicationIdOrNull());
                properties.put(TARGET_PROPERTY, "yarn-session");
                properties.put("eddy." + YarnOptions.APPLICATION_ID.key(), chosen.applicationIdOrNull());
            }
        }
        if (chosen.kind() != ExecutionTarget.Kind.LOCAL) {
            properties.put("eddy." + ExecutionOptions.USER_JARS.key(), jarFile.toString());
        }
        if (detached) {
            properties.put("eddy." + YarnOptions.DETACHED.key(), "true");
        }
        return properties;
    }

    /**
     * The system properties through which {@code --from-savepoint} and {@code
     * --allow-non-restored-state} reach the job's settings ({@link CheckpointingOptions#RESTORE_PATH},
     * {@link CheckpointingOptions#ALLOW_NON_RESTORED_STATE}).
     */
    Map<String, String> savepointProperties() {
        if (fromSavepoint == null) {
            if (allowNonRestoredState) {
                throw CliException.usage("--allow-non-restored-state needs --from-savepoint PATH");
            }
            return Map.of();
        }
        if (fromSavepoint.isBlank()) {
            throw CliException.usage("--from-savepoint: empty path (expected: the path 'eddy savepoint' printed)");
        }
        Map<String, String> properties = new HashMap<>();
        properties.put("eddy." + CheckpointingOptions.RESTORE_PATH.key(), SavepointCommand.absolute(fromSavepoint));
        properties.put("eddy." + CheckpointingOptions.ALLOW_NON_RESTORED_STATE.key(), Boolean.toString(allowNonRestoredState));
        return properties;
    }

    static String manifestMainClass(Path jarFile) throws IOException {
        try (JarFile jf = new JarFile(jarFile.toFile())) {
            Manifest manifest = jf.getManifest();
            String name = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            if (name == null || name.isBlank()) {
                throw CliException.usage("The jar " + jarFile + " has no Main-Class in its manifest: name the main class with --class NAME");
            }
            return name.trim();
        } catch (java.util.zip.ZipException e) {
            throw CliException.usage("The file " + jarFile + " is not a jar: check the path (a job jar is built by 'mvn package')", e);
        }
    }

    private static void checkReachable(ClusterTarget.Endpoint endpoint) {
        try (ClusterClient client = ClusterClient.connect(endpoint.master(), endpoint.secretFile())) {
            client.workers();
        } catch (IOException e) {
            throw CliException.failure(e.getMessage(), e);
        }
    }

    /** Runs {@code className}'s main from {@code jarFile} in a child-first class loader with {@code properties} set, then restores them. */
    static void runMain(Path jarFile, String className, List<String> args, Map<String, String> properties) {
        Map<String, String> previous = new HashMap<>();
        properties.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
        Thread thread = Thread.currentThread();
        ClassLoader previousContext = thread.getContextClassLoader();
        try (ChildFirstClassLoader loader = new ChildFirstClassLoader(new URL[] {toUrl(jarFile)}, RunCommand.class.getClassLoader())) {
            Method main = findMain(loader, className, jarFile);
            thread.setContextClassLoader(loader);
            DemoCommand.invokeMain(main, args.toArray(new String[0]), "The job " + className + " (" + jarFile.getFileName() + ")");
        } catch (IOException e) {
            throw CliException.failure("Cannot close the class loader of " + jarFile + ": " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(previousContext);
            previous.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    private static Method findMain(ClassLoader loader, String className, Path jarFile) {
        try {
            Method main = Class.forName(className, true, loader).getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw CliException.usage("The main method of " + className + " is not static: declare 'public static void main(String[] args)'");
            }
            return main;
        } catch (ClassNotFoundException e) {
            throw CliException.usage("The main class " + className + " is not in " + jarFile + ": check --class or the jar's Main-Class");
        } catch (NoSuchMethodException e) {
            throw CliException.usage("The class " + className + " has no 'public static void main(String[] args)'");
        }
    }

    private static URL toUrl(Path file) {
        try {
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("Bug: the path " + file + " has no URL form", e);
        }
    }
}
