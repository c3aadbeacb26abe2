package io.eddy.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * The CPU time the OS counted for the processes of a run, all threads (docs/benchmarks.md, "CPU per
 * record"): this JVM, and the cluster processes named by {@value #PIDS_PROPERTY} (comma-separated
 * pids; {@code scripts/bench} sets it to the master and workers of the cluster a network benchmark
 * submits to). CPU per record does not swing with a busy neighbour as a wall-clock rate does.
 */
final class CpuTime {

    /** The system property naming the cluster's processes, beside this JVM. */
    static final String PIDS_PROPERTY = "eddy.bench.cpu-pids";

    private final List<ProcessHandle> processes;

    private CpuTime(List<ProcessHandle> processes) {
        this.processes = processes;
    }

    /** This JVM and the processes of {@value #PIDS_PROPERTY}; fails naming a pid that is not a live process. */
    static CpuTime ofRun() {
        List<ProcessHandle> processes = new ArrayList<>(List.of(ProcessHandle.current()));
        String pids = System.getProperty(PIDS_PROPERTY, "").trim();
        if (!pids.isEmpty()) {
            for (String pid : pids.split(",")) {
                long id;
                try {
                    id = Long.parseLong(pid.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("-D" + PIDS_PROPERTY + "=" + pids + ": '" + pid + "' is not a process id", e);
                }
                processes.add(ProcessHandle.of(id).orElseThrow(() -> new IllegalArgumentException("-D" + PIDS_PROPERTY + "=" + pids
                        + ": no live process " + id + " (the cluster's processes must run while the benchmark does)")));
            }
        }
        return new CpuTime(processes);
    }

    /** Their CPU time so far, summed; fails if the OS does not tell one's. */
    long nanos() {
        long sum = 0;
        for (ProcessHandle process : processes) {
            sum += process.info().totalCpuDuration()
                    .orElseThrow(() -> new IllegalStateException("The OS does not tell the CPU time of process " + process.pid()))
                    .toNanos();
        }
        return sum;
    }

    /** How many processes are measured. */
    int processes() {
        return processes.size();
    }
}
