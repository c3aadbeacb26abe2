package io.eddy.runtime.worker;

import io.eddy.runtime.cluster.WorkerId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How a worker is set up.
 *
 * @param id the worker's id, e.g. {@code worker-1}
 * @param slots the number of slots (parallel lanes) it offers
 * @param host the host name shown in logs and errors
 * @param pid the process id shown in errors
 * @param tempDirectory where job jars are stored (one sub-directory per job)
 * @param shutdownTimeout how long {@link Worker#close()} waits for cancelled tasks to end
 * @param logFileOrNull the worker's own log file, which the master may ask for the end of; null if
 *     it writes none (an embedded worker logs with the program that runs it)
 * @param logUrlOrNull where a browser reads its logs besides the master (on YARN, the
 *     NodeManager's page of the container's logs), or null
 */
public record WorkerConfig(WorkerId id, int slots, String host, long pid, Path tempDirectory, Duration shutdownTimeout, Path logFileOrNull,
        String logUrlOrNull) {

    /** A worker without a log file or log URL of its own. */
    public WorkerConfig(WorkerId id, int slots, String host, long pid, Path tempDirectory, Duration shutdownTimeout) {
        this(id, slots, host, pid, tempDirectory, shutdownTimeout, null, null);
    }

    public WorkerConfig {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(tempDirectory, "tempDirectory");
        Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
        if (slots < 1) {
            throw new IllegalArgumentException("slots of worker " + id + ": " + slots + " (expected: >= 1)");
        }
    }

    /** A worker of this process on 127.0.0.1 with jars under {@code java.io.tmpdir} and a 10 s shutdown timeout. */
    public static WorkerConfig local(String id, int slots) {
        return new WorkerConfig(new WorkerId(id), slots, "127.0.0.1", ProcessHandle.current().pid(),
                Path.of(System.getProperty("java.io.tmpdir")), Duration.ofSeconds(10));
    }
}
