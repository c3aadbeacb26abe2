package io.eddy.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/**
 * The {@code eddy} command line: run job jars embedded, on a multi-process cluster or on YARN, start
 * and stop such a cluster or a YARN session, list and cancel jobs, take savepoints and start jobs
 * from them. {@code
 * scripts/eddy} runs this class.
 *
 * <p>Exit codes: 0 success, 1 the job or the command failed, 2 usage errors (unknown option, missing
 * argument, a file that does not exist). A failure prints its message and root cause on stderr, and
 * where the log file is ({@link CliLogging}); the stack trace only with {@code --verbose}, which every
 * command takes. {@link #main} is the only place that calls {@code System.exit}; {@link #run} returns
 * the code, for tests.
 */
@Command(
        name = "eddy",
        mixinStandardHelpOptions = true,
        versionProvider = EddyCli.Version.class,
        description = "Runs Eddy dataflow jobs embedded, on a cluster of master and worker processes, or on YARN.",
        subcommands = {
            DemoCommand.class,
            RunCommand.class,
            PlanCommand.class,
            ClusterCommand.class,
            ListCommand.class,
            CancelCommand.class,
            SavepointCommand.class,
            YarnSessionCommand.class,
            CommandLine.HelpCommand.class
        })
public final class EddyCli implements Runnable {

    /** Exit code of a command that succeeded. */
    public static final int EXIT_OK = 0;
    /** Exit code of a failed job or command. */
    public static final int EXIT_FAILURE = 1;
    /** Exit code of a usage error. */
    public static final int EXIT_USAGE = 2;

    /** The option that adds stack traces and INFO log lines to the console; every command takes it. */
    static final String VERBOSE_OPTION = "--verbose";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    // Read from the parse result (see isVerbose), as picocli gives each command a copy of an inherited option.
    @Option(names = VERBOSE_OPTION, scope = ScopeType.INHERIT,
            description = "Print a failure's stack trace, and log lines at INFO with their stack traces, on the console.")
    private boolean verbose;

    public static void main(String[] args) {
        // Before anything logs: log4j reads the levels when it configures itself.
        CliLogging.setDefaultLevels();
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command line {@code args}, printing to {@code out} and {@code err}, and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new EddyCli());
        // Everything after a job jar is the job's, options included ("app.jar --input in.txt -p 4"),
        // as with 'java -jar'; Eddy's own options go before the jar.
        cli.getSubcommands().get("run").setStopAtPositional(true);
        cli.getSubcommands().get("plan").setStopAtPositional(true);
        // The demo has no jar: the options it does not know itself are the example's.
        cli.getSubcommands().get("demo").setUnmatchedOptionsArePositionalParams(true);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionStrategy(EddyCli::execute);
        cli.setExecutionExceptionHandler(new FailureHandler());
        return cli.execute(args);
    }

    /** Runs the parsed command, with verbose logging if {@code --verbose} was given. */
    private static int execute(ParseResult parseResult) {
        // Not a static field: this class is loaded before main sets the levels log4j configures itself with.
        LoggerFactory.getLogger(EddyCli.class).info("'{}' started", commandName(parseResult));
        if (!isVerbose(parseResult)) {
            return new CommandLine.RunLast().execute(parseResult);
        }
        try (CliLogging.Scope verboseLogging = CliLogging.verbose()) {
            return new CommandLine.RunLast().execute(parseResult);
        }
    }

    /** Whether {@code --verbose} was given to the command or to one of its parents. */
    static boolean isVerbose(ParseResult parseResult) {
        for (ParseResult r = parseResult; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption(VERBOSE_OPTION)) {
                return true;
            }
        }
        return false;
    }

    /** The full name of the command that runs, e.g. {@code eddy yarn-session stop}. */
    private static String commandName(ParseResult parseResult) {
        ParseResult last = parseResult;
        while (last.subcommand() != null) {
            last = last.subcommand();
        }
        return last.commandSpec().qualifiedName();
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose one of demo, run, plan, cluster, list, cancel, savepoint, yarn-session (see 'eddy --help')");
    }

    /**
     * Prints a failure on stderr as its message and root cause, then where its stack trace is: in the
     * log file if one is written, on stderr with {@code --verbose}. Chooses the exit code: a {@link
     * CliException}'s own, 1 for anything else. An I/O failure's message is shown as it is; any other
     * exception is a bug and says so.
     */
    private static final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parseResult) {
            String command = cmd.getCommandSpec().qualifiedName();
            String message;
            int code;
            if (e instanceof CliException ce) {
                message = ce.getMessage();
                code = ce.exitCode();
            } else if (e instanceof IOException && e.getMessage() != null) {
                message = e.getMessage();
                code = EXIT_FAILURE;
            } else {
                message = "unexpected failure in '" + command + "' (a bug: please report it with the stack trace): " + e;
                code = EXIT_FAILURE;
            }
            Optional<Path> logFile = CliLogging.logFile();
            if (logFile.isPresent()) {
                LoggerFactory.getLogger(EddyCli.class).error("'{}' failed with exit code {}", command, code, e);
            }
            PrintWriter err = cmd.getErr();
            err.println("eddy: " + message);
            Throwable root = rootCause(e);
            if (root != e) {
                err.println("Root cause: " + describeRoot(root, message));
            }
            if (isVerbose(parseResult)) {
                e.printStackTrace(err);
            } else if (code == EXIT_FAILURE) {
                err.println(logFile.map(f -> "See " + f + " for the stack trace, or run again with " + VERBOSE_OPTION + ".")
                        .orElse("Run again with " + VERBOSE_OPTION + " for the stack trace."));
            }
            err.flush();
            return code;
        }
    }

    /**
     * The root cause for its line under {@code message}: the exception with its message, or only its
     * class when {@code message} already carries a long root message (Eddy's own diagnoses travel as
     * the message of every exception around them; printing one twice buries the second line).
     */
    static String describeRoot(Throwable root, String message) {
        String rootMessage = root.getMessage();
        boolean repeated = rootMessage != null && rootMessage.length() > REPEATED_ROOT_MESSAGE && message.contains(rootMessage);
        return repeated ? root.getClass().getName() + " (its message is above)" : root.toString();
    }

    /** How long a root cause's message must be to be left out when the failure's message holds it already. */
    private static final int REPEATED_ROOT_MESSAGE = 80;

    static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** The version from the jar manifest, or "development build" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = EddyCli.class.getPackage().getImplementationVersion();
            return new String[] {"Eddy " + (v == null ? "(development build)" : v)};
        }
    }
}
