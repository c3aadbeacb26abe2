package io.eddy.master;

import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.WorkerSample;

/**
 * A registered worker as the dashboard shows it: where it runs, its slots, and its latest metrics
 * sample (docs/monitoring.md); the metrics are -1 before its first sample arrived.
 *
 * @param id the worker's id
 * @param host the host it runs on
 * @param pid its process id
 * @param slots its slots
 * @param freeSlots those not running a task now
 * @param heapUsedBytes JVM heap in use
 * @param heapMaxBytes the most heap it may use
 * @param gcMillis time in garbage collection since it started
 * @param managedUsedBytes managed memory held by tasks
 * @param managedTotalBytes its managed memory
 * @param spilledBytes bytes written to spill files since it started
 * @param logFile its own log file on its host, or null if it writes none (an embedded worker): the
 *     master's {@code /api/workers/<id>/log} serves its end
 * @param logUrl where a browser reads its logs besides the master (on YARN, the NodeManager's page
 *     of the container's logs), or null
 */
public record WorkerView(String id, String host, long pid, int slots, int freeSlots, long heapUsedBytes, long heapMaxBytes, long gcMillis,
        long managedUsedBytes, long managedTotalBytes, long spilledBytes, String logFile, String logUrl) {

    static WorkerView of(WorkerRegistration registration, int freeSlots, WorkerSample sampleOrNull) {
        WorkerSample s = sampleOrNull;
        return new WorkerView(registration.id().value(), registration.host(), registration.pid(), registration.slots(), freeSlots,
                s == null ? -1 : s.heapUsedBytes(), s == null ? -1 : s.heapMaxBytes(), s == null ? -1 : s.gcMillis(),
                s == null ? -1 : s.managedUsedBytes(), s == null ? -1 : s.managedTotalBytes(), s == null ? -1 : s.spilledBytes(),
                registration.logFileOrNull(), registration.logUrlOrNull());
    }
}
