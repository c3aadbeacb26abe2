package io.eddy.runtime.io.network.buffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A count that one thread adds to and any thread reads (docs/monitoring.md, "Metrics"): the record
 * bytes a task wrote to or read from the network stack, the records a chained operator was handed.
 *
 * <p>Threads: added to by its one owning thread (a task thread) with opaque stores, a plain store
 * on the machines Eddy runs on; read by any thread (the worker's metrics reporter) with opaque
 * loads, which see a value at most a moment old and never a torn one.
 */
public final class OpaqueCount {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(OpaqueCount.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long count;

    /** Adds {@code n}. Owning thread only. */
    public void add(long n) {
        COUNT.setOpaque(this, count + n);
    }

    /** The count so far; any thread. */
    public long value() {
        return (long) COUNT.getOpaque(this);
    }
}
