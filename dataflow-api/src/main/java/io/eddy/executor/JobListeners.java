package io.eddy.executor;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Listeners told of every job this process submits through an environment ({@link JobSubmitter}),
 * with the job's {@link JobClient}: how the CLI follows the jobs of a program it runs (its progress
 * lines, docs/monitoring.md) without the program's help. A listener is called on the submitting
 * thread right after the submission and must return at once (start its own thread to follow the
 * job); what it throws fails the program's {@code execute} call.
 *
 * <p>Thread-safe.
 */
public final class JobListeners {

    private static final List<Consumer<JobClient>> LISTENERS = new CopyOnWriteArrayList<>();

    private JobListeners() {}

    /** A listener's registration; closing it removes the listener. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** Adds {@code listener} until the returned registration is closed. */
    public static Registration register(Consumer<JobClient> listener) {
        LISTENERS.add(listener);
        return () -> LISTENERS.remove(listener);
    }

    static void submitted(JobClient client) {
        for (Consumer<JobClient> listener : LISTENERS) {
            listener.accept(client);
        }
    }
}
