package io.eddy.runtime.cluster;

import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * What a worker tells the master when it registers: who it is, how many slots it offers and where
 * consumers reach the result partitions it produces.
 *
 * @param id the worker's id
 * @param slots the number of slots (parallel lanes) it offers, at least 1
 * @param dataAddress the address of the worker's network data server (its {@code NetworkEnvironment})
 * @param host the host name or address shown in logs and errors
 * @param pid the worker process id, shown in errors about a lost worker
 * @param logFileOrNull the path of the worker's own log file on its host, or null if it writes none
 *     (an embedded worker logs with the program that runs it)
 * @param logUrlOrNull where a browser reads the worker's logs besides the master's endpoint (on
 *     YARN, the NodeManager's page of the container's logs), or null
 */
public record WorkerRegistration(WorkerId id, int slots, InetSocketAddress dataAddress, String host, long pid, String logFileOrNull,
        String logUrlOrNull) {

    /** A worker without a log file or log URL of its own. */
    public WorkerRegistration(WorkerId id, int slots, InetSocketAddress dataAddress, String host, long pid) {
        this(id, slots, dataAddress, host, pid, null, null);
    }

    public WorkerRegistration {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(dataAddress, "dataAddress");
        Objects.requireNonNull(host, "host");
        if (slots < 1) {
            throw new IllegalArgumentException("slots of worker " + id + ": " + slots + " (expected: >= 1)");
        }
    }

    /** How errors name the worker: {@code worker-2 (127.0.0.1, pid 1234)}. */
    public String describe() {
        return id + " (" + host + ", pid " + pid + ")";
    }
}
