package io.eddy.api.common.io;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.configuration.Configuration;
import java.io.IOException;
import java.io.Serializable;

/**
 * Writes a sink's records. Output becomes visible only when the whole job succeeds: a subtask
 * writes to temporary (hidden or in-progress) files, and the master commits them afterwards.
 *
 * <pre>
 *  master, before any task starts:  configure -> initializeGlobal(parallelism)
 *                                   (e.g. fail if the output exists and overwrite is not set)
 *  each sink subtask:               configure -> setRuntimeContext -> open(subtask, parallelism)
 *                                   -> writeRecord* -> close()       (or abort() after a failure)
 *  master, after the job succeeded: finalizeGlobal(parallelism)      (commit: rename, _SUCCESS marker)
 *  master, after the job failed:    cleanupGlobal(parallelism)       (remove temporary files)
 * </pre>
 *
 * @param <IT> the type of the records consumed
 */
public interface OutputFormat<IT> extends Serializable {

    default void configure(Configuration parameters) {
    }

    /** Called once in the master before any subtask runs; failing here fails the job at once. */
    default void initializeGlobal(int parallelism) throws IOException {
    }

    default void setRuntimeContext(RuntimeContext context) {
    }

    void open(int subtask, int parallelism) throws IOException;

    void writeRecord(IT record) throws IOException;

    /** The subtask wrote all its records: flush and close its temporary output. */
    void close() throws IOException;

    /** The subtask failed or was cancelled: release resources, delete its temporary output. */
    default void abort() {
    }

    /** Called once in the master after every subtask closed successfully: make the output visible. */
    default void finalizeGlobal(int parallelism) throws IOException {
    }

    /** Called once in the master after the job failed: remove what the subtasks left. */
    default void cleanupGlobal(int parallelism) throws IOException {
    }
}
