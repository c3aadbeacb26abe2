package io.eddy.runtime.io.network.buffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The bytes of records one thread wrote to, or read from, the network stack (docs/monitoring.md,
 * "Metrics"): serialized record bytes with their length prefixes, events not counted.
 *
 * <p>Threads: added to by its one owning thread (a task thread) with opaque stores; read by any
 * thread (the worker's metrics reporter) with opaque loads.
 */
public final class ByteCount {

    private static final VarHandle BYTES;

    static {
        try {
            BYTES = MethodHandles.lookup().findVarHandle(ByteCount.class, "bytes", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long bytes;

    /** Counts {@code n} more bytes. Owning thread only. */
    public void add(long n) {
        BYTES.setOpaque(this, bytes + n);
    }

    /** The bytes counted so far; any thread. */
    public long bytes() {
        return (long) BYTES.getOpaque(this);
    }
}
