package io.eddy.examples;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The {@code main} of every example: runs its picocli command and reports a failure as a command
 * line should, on stderr as {@code <program>: <message>} and {@code Root cause: <exception>}, with
 * the stack trace only if asked for ({@code --verbose}, which this adds to every example, or the
 * system property {@value #VERBOSE_PROPERTY}{@code =true}). A usage error prints picocli's usage
 * message as before.
 *
 * <p>Under {@code eddy run} (and {@code eddy demo}, {@code eddy plan}) the system property {@value
 * #REPORTS_FAILURES_PROPERTY} is {@code true}: the CLI reports the failure itself (with its log file),
 * so the exception is thrown from {@code main} instead of being printed.
 */
public final class ExampleMain {

    /** Set to {@code true} to print a failure's stack trace as well, as {@code --verbose} does. */
    public static final String VERBOSE_PROPERTY = "eddy.verbose";

    /** Set to {@code true} by the eddy CLI while it runs a program's {@code main}: an exception is its to report. */
    public static final String REPORTS_FAILURES_PROPERTY = "eddy.cli.reports-failures";

    private ExampleMain() {}

    /**
     * The body of an example's {@code main}: runs {@code command} on {@code args} and exits the JVM
     * with the exit code if it is not 0.
     *
     * @throws Exception the command's failure, if the eddy CLI reports it ({@value #REPORTS_FAILURES_PROPERTY})
     */
    public static void run(Object command, String[] args) throws Exception {
        int code = execute(new CommandLine(command), args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs {@code commandLine} on {@code args} with {@code --verbose} added and failures reported as
     * described above, and returns the exit code: 0, picocli's usage error code, or the command's
     * code for an exception (1 unless it chose another).
     *
     * @throws Exception the command's failure, if the eddy CLI reports it ({@value #REPORTS_FAILURES_PROPERTY})
     */
    public static int execute(CommandLine commandLine, String... args) throws Exception {
        Verbose verbose = new Verbose();
        commandLine.addMixin("verbose", verbose);
        FailureHandler handler = new FailureHandler(verbose);
        commandLine.setExecutionExceptionHandler(handler);
        int code = commandLine.execute(args);
        if (handler.deferred != null) {
            throw handler.deferred;
        }
        return code;
    }

    /** The exception at the end of {@code t}'s chain of causes. */
    static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** The {@code --verbose} option every example gets. */
    static final class Verbose {
        @Option(names = "--verbose", description = "On failure, print the stack trace too.")
        boolean enabled;
    }

    /** Prints a failure without its stack trace unless asked for, or keeps it for the eddy CLI to report. */
    private static final class FailureHandler implements CommandLine.IExecutionExceptionHandler {

        private final Verbose verbose;
        /** The failure to throw from {@code main}: set only on the thread that runs the command. */
        private Exception deferred;

        FailureHandler(Verbose verbose) {
            this.verbose = verbose;
        }

        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parseResult) {
            int code = cmd.getCommandSpec().exitCodeOnExecutionException();
            if (Boolean.getBoolean(REPORTS_FAILURES_PROPERTY)) {
                deferred = e;
                return code;
            }
            PrintWriter err = cmd.getErr();
            String message = e.getMessage() != null ? e.getMessage() : e.toString();
            err.println(cmd.getCommandName() + ": " + message);
            Throwable root = rootCause(e);
            if (root != e) {
                // A long root message the first line carries already is named by its class alone.
                boolean repeated = root.getMessage() != null && root.getMessage().length() > 80 && message.contains(root.getMessage());
                err.println("Root cause: " + (repeated ? root.getClass().getName() + " (its message is above)" : root));
            }
            if (verbose.enabled || Boolean.getBoolean(VERBOSE_PROPERTY)) {
                e.printStackTrace(err);
            }
            err.flush();
            return code;
        }
    }
}
