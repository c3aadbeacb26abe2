package io.eddy.hadoop.impl;

import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.Closeable;
import org.apache.hadoop.mapred.JobConf;

/** What Hadoop's task runtime sets in a task's configuration, and closing after a failure. */
public final class TaskConfs {

    private TaskConfs() {}

    /**
     * A copy of {@code conf} for one subtask: {@code mapreduce.task.partition} is its index, and
     * classes named in the configuration load through the job's class loader.
     */
    public static JobConf forSubtask(JobConf conf, RuntimeContext context) {
        JobConf task = new JobConf(conf);
        task.setInt("mapreduce.task.partition", context.getIndexOfThisSubtask());
        task.setClassLoader(context.getUserCodeClassLoader());
        return task;
    }

    /** Closes {@code function} after {@code failure}; a failure to close is added to it, not thrown over it. */
    public static void closeAfterFailure(Closeable function, Throwable failure) {
        try {
            function.close();
        } catch (Throwable suppressed) {
            failure.addSuppressed(suppressed);
        }
    }
}
