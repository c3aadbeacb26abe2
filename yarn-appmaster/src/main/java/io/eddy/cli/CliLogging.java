package io.eddy.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.appender.RollingFileAppender;

/**
 * The logging of the eddy command line, configured by {@code log4j2-cli.xml} through system
 * properties: {@value #LEVEL} (the console's level), {@value #FILE_LEVEL} (the log file's),
 * {@value #VERBOSE} (stack traces on the console) and {@code eddy.log.file} (the log file, none if
 * unset). {@code --verbose} switches the console to INFO with stack traces for the duration of a
 * command ({@link #verbose()}); {@link #logFile()} tells where the detail of a failure is.
 */
final class CliLogging {

    /** The console's level: WARN unless chosen; at least INFO with {@code --verbose}. */
    static final String LEVEL = "eddy.log.level";

    /** The level of the log file (and the finest level logged at all): INFO unless chosen, or {@value #LEVEL} if that is finer. */
    static final String FILE_LEVEL = "eddy.log.file.level";

    /**
     * {@code true} while a command runs with {@code --verbose}: the console's log lines carry stack
     * traces, and a program run by {@code eddy run} may read it to print its own.
     */
    static final String VERBOSE = "eddy.verbose";

    private CliLogging() {}

    /**
     * Sets the levels that are not chosen: the console at WARN (results, not the INFO lines of an
     * embedded cluster), the file at INFO or at the console's level if that is finer. Call it before
     * anything logs, as log4j reads the properties when it configures itself.
     */
    static void setDefaultLevels() {
        if (System.getProperty(LEVEL) == null) {
            System.setProperty(LEVEL, Level.WARN.name());
        }
        Level console = Level.toLevel(System.getProperty(LEVEL), Level.WARN);
        if (System.getProperty(FILE_LEVEL) == null && console.isLessSpecificThan(Level.DEBUG)) {
            System.setProperty(FILE_LEVEL, console.name());
        }
    }

    /**
     * Switches to verbose logging until the returned scope is closed: {@value #VERBOSE}{@code =true},
     * the console at INFO unless its level is finer already, log4j reconfigured to apply both.
     */
    static Scope verbose() {
        Map<String, String> previous = new HashMap<>();
        previous.put(VERBOSE, System.setProperty(VERBOSE, "true"));
        String level = System.getProperty(LEVEL);
        if (level == null || Level.toLevel(level, Level.WARN).isMoreSpecificThan(Level.INFO)) {
            previous.put(LEVEL, System.setProperty(LEVEL, Level.INFO.name()));
        }
        reconfigure();
        return () -> {
            previous.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
            reconfigure();
        };
    }

    /** The file the current logging configuration writes, if any: where the stack trace of a failure is. */
    static Optional<Path> logFile() {
        for (Appender appender : context().getConfiguration().getAppenders().values()) {
            if (appender instanceof RollingFileAppender rolling) {
                return Optional.of(Path.of(rolling.getFileName()).toAbsolutePath());
            }
            if (appender instanceof FileAppender file) {
                return Optional.of(Path.of(file.getFileName()).toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    private static void reconfigure() {
        context().reconfigure();
    }

    private static LoggerContext context() {
        return LoggerContext.getContext(false);
    }

    /** Restores the logging of before {@link #verbose()}. */
    interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
