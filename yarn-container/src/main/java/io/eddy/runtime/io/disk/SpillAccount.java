package io.eddy.runtime.io.disk;

import java.util.concurrent.atomic.LongAdder;

/**
 * Which task the bytes of a spill file count for (docs/monitoring.md, "Metrics"). A task thread
 * binds its account when it starts; threads it starts (its source thread, its timer thread)
 * inherit it. A block writer opened on such a thread ({@link IOManager#createBlockChannelWriter})
 * adds every block it writes to that account, beside the worker's total. A writer opened on a
 * thread without an account (the worker's own, a test) counts in the worker's total only.
 */
public final class SpillAccount {

    private static final InheritableThreadLocal<LongAdder> CURRENT = new InheritableThreadLocal<>();

    private SpillAccount() {}

    /** Makes {@code account} the calling thread's (and that of the threads it starts from now on). */
    public static void bind(LongAdder account) {
        CURRENT.set(account);
    }

    /** The calling thread has no account any more. */
    public static void unbind() {
        CURRENT.remove();
    }

    /** The calling thread's account, or null. */
    static LongAdder current() {
        return CURRENT.get();
    }
}
