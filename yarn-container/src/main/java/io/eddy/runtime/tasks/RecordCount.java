package io.eddy.runtime.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The records handed to one operator of a chain by the operator before it (docs/monitoring.md,
 * "Metrics"). Written by the task thread alone with opaque stores; read by any thread with opaque
 * loads.
 */
final class RecordCount {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(RecordCount.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long count;

    /** One more record (task thread only). */
    void increment() {
        COUNT.setOpaque(this, count + 1);
    }

    /** The records counted so far; any thread. */
    long count() {
        return (long) COUNT.getOpaque(this);
    }
}
