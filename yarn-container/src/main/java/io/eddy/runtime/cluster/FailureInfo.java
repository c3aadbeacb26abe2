package io.eddy.runtime.cluster;

import io.eddy.executor.RemoteFailure;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A failure as plain data (class name, message, stack trace text, cause), so it crosses process
 * boundaries without Java serialization. {@link #toException()} turns it back into a {@link
 * RemoteFailure} chain, or, when the failure was created from a {@link Throwable} in this JVM
 * (embedded mode), into that very throwable.
 *
 * <p>The stack trace is one frame per line in the form {@code pkg.Class.method(File.java:12)},
 * {@code pkg.Class.method(Native Method)} or {@code pkg.Class.method(Unknown Source)}.
 *
 * <p>Immutable. Equality ignores the in-JVM original.
 */
public final class FailureInfo {

    /** Causes deeper than this are cut off (cyclic or absurdly deep chains). */
    private static final int MAX_DEPTH = 32;

    private final String exceptionClass;
    private final String message;
    private final String stackTrace;
    private final FailureInfo cause;
    /** The throwable this was made from, when it was made in this JVM; never sent anywhere. */
    private final Throwable original;

    /**
     * @param exceptionClass the original exception's class name
     * @param message its message, or null
     * @param stackTrace its frames, one per line (may be empty)
     * @param cause the cause, or null
     */
    public FailureInfo(String exceptionClass, String message, String stackTrace, FailureInfo cause) {
        this(exceptionClass, message, stackTrace, cause, null);
    }

    private FailureInfo(String exceptionClass, String message, String stackTrace, FailureInfo cause, Throwable original) {
        this.exceptionClass = Objects.requireNonNull(exceptionClass, "exceptionClass");
        this.message = message;
        this.stackTrace = Objects.requireNonNull(stackTrace, "stackTrace");
        this.cause = cause;
        this.original = original;
    }

    /** Describes {@code t} and its causes. */
    public static FailureInfo of(Throwable t) {
        Objects.requireNonNull(t, "t");
        List<Throwable> chain = new ArrayList<>();
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable c = t; c != null && chain.size() < MAX_DEPTH && seen.put(c, Boolean.TRUE) == null; c = c.getCause()) {
            chain.add(c);
        }
        FailureInfo info = null;
        for (int i = chain.size() - 1; i >= 0; i--) {
            Throwable c = chain.get(i);
            info = new FailureInfo(c.getClass().getName(), c.getMessage(), formatFrames(c.getStackTrace()), info, c);
        }
        return info;
    }

    public String exceptionClass() {
        return exceptionClass;
    }

    /** The message, or null. */
    public String message() {
        return message;
    }

    public String stackTrace() {
        return stackTrace;
    }

    /** The cause, or null. */
    public FailureInfo cause() {
        return cause;
    }

    /** The innermost cause (this one if it has none). */
    public FailureInfo rootCause() {
        FailureInfo f = this;
        while (f.cause != null) {
            f = f.cause;
        }
        return f;
    }

    /**
     * The failure as an exception: the original throwable when this was made from one in this JVM,
     * otherwise a {@link RemoteFailure} chain with the original class names, messages and frames.
     */
    public Throwable toException() {
        return original != null ? original : toRemoteFailure();
    }

    /** The failure as a {@link RemoteFailure} chain, also when the original is at hand. */
    public RemoteFailure toRemoteFailure() {
        RemoteFailure remoteCause = cause == null ? null : cause.toRemoteFailure();
        return new RemoteFailure(exceptionClass, message, parseFrames(stackTrace), remoteCause);
    }

    /**
     * This failure and its causes as {@code printStackTrace} shows an exception: {@code class:
     * message}, its frames, then {@code Caused by: ...} for each cause.
     */
    public String stackTraceWithCauses() {
        StringBuilder trace = new StringBuilder();
        for (FailureInfo f = this; f != null; f = f.cause) {
            trace.append(f == this ? "" : "Caused by: ").append(f.shortDescription()).append('\n');
            f.stackTrace.lines().forEach(frame -> trace.append("\tat ").append(frame).append('\n'));
        }
        return trace.toString();
    }

    /** {@code class: message} of this failure, without causes. */
    public String shortDescription() {
        return message == null ? exceptionClass : exceptionClass + ": " + message;
    }

    static String formatFrames(StackTraceElement[] frames) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement f : frames) {
            sb.append(f.getClassName()).append('.').append(f.getMethodName()).append('(');
            if (f.isNativeMethod()) {
                sb.append("Native Method");
            } else if (f.getFileName() == null) {
                sb.append("Unknown Source");
            } else {
                sb.append(f.getFileName());
                if (f.getLineNumber() >= 0) {
                    sb.append(':').append(f.getLineNumber());
                }
            }
            sb.append(")\n");
        }
        return sb.toString();
    }

    static StackTraceElement[] parseFrames(String text) {
        List<StackTraceElement> frames = new ArrayList<>();
        for (String line : text.split("\n")) {
            StackTraceElement frame = parseFrame(line.trim());
            if (frame != null) {
                frames.add(frame);
            }
        }
        return frames.toArray(new StackTraceElement[0]);
    }

    /** One frame in the format of {@link #formatFrames}, or null for a line that is not one. */
    private static StackTraceElement parseFrame(String line) {
        int open = line.lastIndexOf('(');
        if (open <= 0 || !line.endsWith(")")) {
            return null;
        }
        String qualifiedMethod = line.substring(0, open);
        int dot = qualifiedMethod.lastIndexOf('.');
        if (dot <= 0) {
            return null;
        }
        String className = qualifiedMethod.substring(0, dot);
        String methodName = qualifiedMethod.substring(dot + 1);
        String location = line.substring(open + 1, line.length() - 1);
        if (location.equals("Native Method")) {
            return new StackTraceElement(className, methodName, null, -2);
        }
        if (location.equals("Unknown Source")) {
            return new StackTraceElement(className, methodName, null, -1);
        }
        int colon = location.lastIndexOf(':');
        if (colon > 0) {
            try {
                return new StackTraceElement(className, methodName, location.substring(0, colon), Integer.parseInt(location.substring(colon + 1)));
            } catch (NumberFormatException e) {
                return new StackTraceElement(className, methodName, location, -1);
            }
        }
        return new StackTraceElement(className, methodName, location, -1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FailureInfo f
                && exceptionClass.equals(f.exceptionClass)
                && Objects.equals(message, f.message)
                && stackTrace.equals(f.stackTrace)
                && Objects.equals(cause, f.cause);
    }

    @Override
    public int hashCode() {
        return Objects.hash(exceptionClass, message, stackTrace, cause);
    }

    @Override
    public String toString() {
        return cause == null ? shortDescription() : shortDescription() + "; caused by " + cause;
    }
}
