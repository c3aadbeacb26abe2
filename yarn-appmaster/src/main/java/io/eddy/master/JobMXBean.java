package io.eddy.master;

/**
 * A job the master knows, over JMX (docs/monitoring.md, "JMX"): one MBean per job in the master's
 * JVM, named {@code io.eddy:type=Job,job=<id>}, from its submission until the master forgets it
 * (retention of ended jobs) or closes. Its figures are the master's, taken once a second.
 */
public interface JobMXBean {

    String getName();

    /** {@code CREATED}, {@code RUNNING}, {@code FINISHED}, {@code FAILED}, ... */
    String getStatus();

    /** When the job was submitted, epoch milliseconds. */
    long getSubmitTime();

    /** How long it has run, or ran, in milliseconds. */
    long getDurationMillis();

    /** Subtasks running now. */
    int getTasksRunning();

    /** Subtasks in all. */
    int getTasksTotal();

    /** Records its source vertices (those without inputs) wrote. */
    long getRecordsFromSources();

    /** Records its sink vertices (those without outputs) read. */
    long getRecordsIntoSinks();

    /** Checkpoints completed (savepoints not counted). */
    long getCheckpointsCompleted();

    /** Checkpoints failed. */
    long getCheckpointsFailed();

    /** Trigger to completion of the latest completed checkpoint in milliseconds, -1 before one. */
    long getLastCheckpointDurationMillis();

    /** The state of the latest completed checkpoint in bytes, -1 before one. */
    long getLastCheckpointSizeBytes();
}
