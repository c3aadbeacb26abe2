package io.eddy.hadoop.impl;

import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.Closeable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;

/** What Hadoop's task runtime sets in a task's configuration, and closing after a failure. */
public final class TaskConfs {

    private TaskConfs() {}

    /**
     * A copy of {@code conf} for one subtask: {@code mapreduce.task.partition} is its index, and
     * classes named in the configuration load through the job's class loader.
     */
    public static JobConf forSubtask(JobConf conf, RuntimeContext context) {
        JobConf task = new JobConf(conf);
        task.setInt(MRJobConfig.TASK_PARTITION, context.getIndexOfThisSubtask());
        task.setClassLoader(context.getUserCodeClassLoader());
        return task;
    }

    /**
     * A copy of {@code conf} for attempt {@code id} of subtask {@code subtask} (an output format's
     * writer): {@code mapreduce.task.attempt.id} and {@code mapreduce.task.partition} set, and the
     * job's class loader where there is a runtime context.
     */
    public static JobConf forAttempt(JobConf conf, TaskAttemptID id, int subtask, RuntimeContext context) {
        JobConf task = new JobConf(conf);
        task.set(MRJobConfig.TASK_ATTEMPT_ID, id.toString());
        task.setInt(MRJobConfig.TASK_PARTITION, subtask);
        if (context != null) {
            task.setClassLoader(context.getUserCodeClassLoader());
        }
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

    /** Attempt {@code context.getAttemptNumber()} of task {@code subtask} of type {@code type}: {@code attempt_eddy_0000_<m|r>_<subtask>_<attempt>}. */
    public static TaskAttemptID attemptId(TaskType type, RuntimeContext context) {
        return new TaskAttemptID("eddy", 0, type, context.getIndexOfThisSubtask(), context.getAttemptNumber());
    }

    /**
     * Attempt {@code context.getAttemptNumber()} of task {@code task} of type {@code type} of the job
     * {@code conf} names ({@code mapreduce.job.id}, which a translated MapReduce job sets), so that
     * every context of one task — the mapper's or reducer's, and its output format's — has the same
     * attempt id and so the same work folder of the committer ({@code MultipleOutputs} writes there);
     * {@link #attemptId(TaskType, RuntimeContext)}'s form without one.
     */
    public static TaskAttemptID attemptId(JobConf conf, TaskType type, int task, RuntimeContext context) {
        String job = conf.get(MRJobConfig.ID);
        if (job == null) {
            return new TaskAttemptID("eddy", 0, type, task, context.getAttemptNumber());
        }
        return new TaskAttemptID(new TaskID(JobID.forName(job), type, task), context.getAttemptNumber());
    }
}
