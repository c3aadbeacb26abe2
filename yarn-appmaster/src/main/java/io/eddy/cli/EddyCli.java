package io.eddy.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code eddy} command line: run job jars embedded, on a multi-process cluster or on YARN, start
 * and stop such a cluster or a YARN session, list and cancel jobs, take savepoints and start jobs
 * from them. {@code
 * scripts/eddy} runs this class.
 *
 * <p>Exit codes: 0 success, 1 the job or the command failed (the root cause is printed), 2 usage
 * errors (unknown option, missing argument, a file that does not exist). {@link #main} is the only
 * place that calls {@code System.exit}; {@link #run} returns the code, for tests.
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

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // The CLI's own console should show results, not the INFO lines of an embedded cluster.
        if (System.getProperty("eddy.log.level") == null) {
            System.setProperty("eddy.log.level", "WARN");
        }
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
        cli.setExecutionExceptionHandler(new FailureHandler());
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose one of demo, run, plan, cluster, list, cancel, savepoint, yarn-session (see 'eddy --help')");
    }

    /** Prints a failure's message and root cause (not a stack trace, unless it is a bug) and chooses the exit code. */
    private static final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parseResult) {
            PrintWriter err = cmd.getErr();
            if (e instanceof CliException ce) {
                err.println("eddy: " + ce.getMessage());
                Throwable root = rootCause(ce);
                if (root != ce && root.getMessage() != null && !ce.getMessage().contains(root.getMessage())) {
                    err.println("Root cause: " + root);
                }
                err.flush();
                return ce.exitCode();
            }
            err.println("eddy: unexpected failure in '" + cmd.getCommandName() + "': " + e);
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                StackTraceElement[] frames = t.getStackTrace();
                err.println("  " + (t == e ? "at " : "caused by " + t + " at ") + (frames.length > 0 ? frames[0] : "(no stack trace)"));
            }
            err.flush();
            return EXIT_FAILURE;
        }
    }

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
