package io.eddy.runtime.rpc;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Captures the log lines of one logger (at {@code INFO} and above) in a test, through a log4j
 * appender attached for the duration of a try-with-resources block.
 */
final class LogCapture extends AbstractAppender implements AutoCloseable {

    private final Logger logger;
    private final Level previousLevel;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch awaited = new CountDownLatch(0);
    private volatile String awaitedText = null;

    private LogCapture(Class<?> source) {
        super("capture-" + source.getSimpleName(), null, null, true, Property.EMPTY_ARRAY);
        this.logger = (Logger) LogManager.getLogger(source);
        this.previousLevel = logger.getLevel();
        start();
        logger.addAppender(this);
        logger.setLevel(Level.INFO);
    }

    static LogCapture of(Class<?> source) {
        return new LogCapture(source);
    }

    @Override
    public void append(LogEvent event) {
        String line = event.getLevel() + " " + event.getMessage().getFormattedMessage();
        lines.add(line);
        String text = awaitedText;
        if (text != null && line.contains(text)) {
            awaited.countDown();
        }
    }

    /** Waits (bounded) until a line containing {@code text} was logged; returns that line. */
    String await(String text) throws InterruptedException {
        synchronized (this) {
            awaited = new CountDownLatch(1);
            awaitedText = text;
        }
        for (String line : lines) {
            if (line.contains(text)) {
                return line;
            }
        }
        if (!awaited.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("No log line containing '" + text + "' within 10 s; lines: " + lines);
        }
        return lines.stream().filter(l -> l.contains(text)).findFirst().orElseThrow();
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    String joined() {
        return lines.stream().collect(Collectors.joining("\n"));
    }

    @Override
    public void close() {
        logger.removeAppender(this);
        logger.setLevel(previousLevel);
        stop();
    }
}
