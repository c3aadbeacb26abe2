package io.eddy.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code eddy demo}: runs the intrusion-detection state-machine example on the embedded cluster.
 * The example lives in the {@code examples} module, which depends on this one, so it is found by
 * name on the class path ({@code scripts/eddy} puts the examples jar there).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs the state-machine intrusion-detection example on the embedded cluster.")
final class DemoCommand implements Callable<Integer> {

    static final String DEMO_CLASS = "io.eddy.examples.statemachine.StateMachineDemo";

    @Option(names = "--events", paramLabel = "N", description = "Number of events to generate (default: the example's default).")
    private Long events;

    @Parameters(paramLabel = "ARGS", arity = "0..*", description = "Further arguments for the example, e.g. --parallelism 2 --quiet.")
    private List<String> extraArgs = new ArrayList<>();

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        if (events != null) {
            args.add("--events");
            args.add(Long.toString(events));
        }
        args.addAll(extraArgs);
        Method main = findMain(DemoCommand.class.getClassLoader());
        invokeMain(main, args.toArray(new String[0]), DEMO_CLASS);
        return EddyCli.EXIT_OK;
    }

    private static Method findMain(ClassLoader loader) {
        try {
            return Class.forName(DEMO_CLASS, true, loader).getMethod("main", String[].class);
        } catch (ClassNotFoundException e) {
            throw CliException.failure("The demo class " + DEMO_CLASS + " is not on the class path: run the demo through "
                    + "scripts/eddy (which adds the examples jar) or add examples/target/examples-*.jar to the class path", e);
        } catch (NoSuchMethodException e) {
            throw CliException.failure("Bug: " + DEMO_CLASS + " has no public static main(String[])", e);
        }
    }

    /**
     * The system property that is {@code true} while {@link #invokeMain} runs a program's {@code
     * main}: the CLI reports an exception thrown by {@code main} (message, root cause, log file), so a
     * program that would print its own failure and exit may throw it instead (the examples do).
     */
    static final String REPORTS_FAILURES_PROPERTY = "eddy.cli.reports-failures";

    /**
     * Calls {@code main(args)} with {@link #REPORTS_FAILURES_PROPERTY} set, turning an exception
     * thrown by it into a failure that names what failed and keeps the exception as its cause.
     */
    static void invokeMain(Method main, String[] args, String what) {
        String previous = System.setProperty(REPORTS_FAILURES_PROPERTY, "true");
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw CliException.failure(what + " failed: " + (cause.getMessage() != null ? cause.getMessage() : cause.toString()), cause);
        } catch (IllegalAccessException e) {
            throw CliException.usage("The main method of " + what + " is not accessible: make the class and its main method public");
        } finally {
            if (previous == null) {
                System.clearProperty(REPORTS_FAILURES_PROPERTY);
            } else {
                System.setProperty(REPORTS_FAILURES_PROPERTY, previous);
            }
        }
    }
}
