package io.eddy.cli;

/**
 * A command failed for a reason the user can act on; its message says what went wrong and what to
 * do. {@link EddyCli} prints it and its root cause (the stack trace only with {@code --verbose}) and
 * exits with {@link #exitCode()}.
 */
public final class CliException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;

    private CliException(String message, Throwable cause, int exitCode) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A failure (exit code 1), e.g. a failed job or an unreachable master. */
    public static CliException failure(String message, Throwable cause) {
        return new CliException(message, cause, EddyCli.EXIT_FAILURE);
    }

    /** A usage error (exit code 2), e.g. a job jar that does not exist. */
    public static CliException usage(String message) {
        return usage(message, null);
    }

    /** A usage error (exit code 2) caused by {@code cause}, e.g. a job jar that is not a zip file. */
    public static CliException usage(String message, Throwable cause) {
        return new CliException(message, cause, EddyCli.EXIT_USAGE);
    }

    public int exitCode() {
        return exitCode;
    }
}
