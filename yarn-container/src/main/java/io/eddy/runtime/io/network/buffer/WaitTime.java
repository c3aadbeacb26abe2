package io.eddy.runtime.io.network.buffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The time a producer spent waiting for room to write (a network buffer, or a slot of a local
 * object channel): its back pressure, measured where it waits, not sampled (docs/monitoring.md).
 *
 * <p>Threads: added to by the one producer thread that waits, with opaque stores; read by any
 * thread (the worker's metrics reporter) with opaque loads.
 */
public final class WaitTime {

    private static final VarHandle NANOS;

    static {
        try {
            NANOS = MethodHandles.lookup().findVarHandle(WaitTime.class, "nanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long nanos;

    /** Adds the time since {@code startNanos} ({@link System#nanoTime()} when the wait began). Producer thread only. */
    public void addSince(long startNanos) {
        NANOS.setOpaque(this, nanos + Math.max(0, System.nanoTime() - startNanos));
    }

    /** The nanoseconds waited so far; any thread. */
    public long nanos() {
        return (long) NANOS.getOpaque(this);
    }
}
