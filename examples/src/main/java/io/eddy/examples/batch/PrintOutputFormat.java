package io.eddy.examples.batch;

import io.eddy.api.common.io.OutputFormat;
import java.io.PrintStream;

/**
 * Prints each record on its own line to the standard output of the process running the sink
 * subtask (the client's, when the job runs embedded), prefixed with the subtask's number when the
 * sink runs with more than one subtask. For small results in examples; a large result belongs in a
 * file ({@code writeAsCsv}).
 *
 * @param <T> the records printed (with {@code toString()})
 */
public final class PrintOutputFormat<T> implements OutputFormat<T> {

    private static final long serialVersionUID = 1L;

    /** Set in {@link #open}; used by the sink subtask's thread only. */
    private transient String prefix;
    private transient PrintStream out;

    @Override
    public void open(int subtask, int parallelism) {
        prefix = parallelism > 1 ? (subtask + 1) + "> " : "";
        out = System.out;
    }

    @Override
    public void writeRecord(T record) {
        out.println(prefix + record);
    }

    @Override
    public void close() {
        out.flush();
    }
}
