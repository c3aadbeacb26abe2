package io.eddy.runtime.metrics;

/**
 * A running task's record counts and back pressure over JMX (docs/monitoring.md, "Metrics"): one
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
}
