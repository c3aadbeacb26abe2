package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.PrintStream;

/**
 * Prints each record's {@code toString()} on a line of standard output or standard error. When
 * the sink runs with parallelism above 1, each line starts with the 1-based subtask number and
 * {@code "> "} (e.g. {@code "2> hello"}), so interleaved output can be told apart.
 *
 * <p>Used only from the task thread.
 */
public final class PrintSinkFunction<T> extends RichSinkFunction<T> {

    private static final long serialVersionUID = 1L;

    private final boolean stdErr;
    private transient PrintStream stream;
    private transient String prefix;

    /** @param stdErr true to print to standard error, false for standard output */
    public PrintSinkFunction(boolean stdErr) {
        this.stdErr = stdErr;
    }

    @Override
    public void open() throws Exception {
        RuntimeContext rc = getRuntimeContext();
        stream = stdErr ? System.err : System.out;
        prefix = rc.getNumberOfParallelSubtasks() > 1 ? (rc.getIndexOfThisSubtask() + 1) + "> " : "";
    }

    @Override
    public void invoke(T value) {
        stream.println(prefix + value);
    }

    @Override
    public void close() {
        if (stream != null) {
            stream.flush();
        }
    }

    @Override
    public String toString() {
        return stdErr ? "Print to Std. Err" : "Print to Std. Out";
    }
}
