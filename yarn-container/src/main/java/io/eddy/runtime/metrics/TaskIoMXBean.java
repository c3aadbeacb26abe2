package io.eddy.runtime.metrics;

/**
 * A running task's record and byte counts, back pressure and buffer usage over JMX (docs/monitoring.md, "Metrics"): one
 * MBean per task attempt in the worker's JVM, named {@code io.eddy:type=Task,job=<id>,vertex=<index>,
 * subtask=<index>,attempt=<n>}, registered while the task runs.
 */
public interface TaskIoMXBean {

    /** The task's name with its subtask, e.g. {@code Map -> Sink (2/4)}. */
    String getTaskName();

    /** Records the task's head read from its input gates. */
    long getRecordsIn();

    /** Records the task wrote to its output edges. */
    long getRecordsOut();

    /** Milliseconds the task waited for room in its outputs. */
    long getBackPressuredMillis();

    /** Record bytes the task read from network buffers. */
    long getBytesIn();

    /** Record bytes the task wrote to network buffers. */
    long getBytesOut();

    /** The share of its inputs' network buffers holding data it has not read yet, 0 to 1. */
    double getInputPoolUsage();

    /** The share of its outputs' network buffers in use, 0 to 1. */
    double getOutputPoolUsage();
}
