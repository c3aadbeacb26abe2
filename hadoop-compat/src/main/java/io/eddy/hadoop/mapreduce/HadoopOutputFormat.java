package io.eddy.hadoop.mapreduce;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.TaskOutputRole;
import io.eddy.hadoop.impl.CountingReporter;
import io.eddy.hadoop.impl.SerializableJobConf;
import io.eddy.hadoop.impl.TaskConfs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapreduce} {@link org.apache.hadoop.mapreduce.OutputFormat} as an Eddy sink of
 * {@code Tuple2<key, value>}, with the format's {@link OutputCommitter} driven as Hadoop drives it:
 *
 * <pre>
 *   master, before any task:   checkOutputSpecs (an existing output directory fails the job), setupJob
 *   each sink subtask:         setupTask, getRecordWriter (part-r-NNNNN for file formats), write...,
 *                              close, commitTask if needsTaskCommit          -- abortTask after a failure
 *   master, job FINISHED:      commitJob (FileOutputCommitter: moves the output, writes _SUCCESS)
 *   master, job FAILED:        abortJob(FAILED) (removes the attempt directories)
 * </pre>
 *
 * <p>The task-level calls are made by the sink's subtasks, or, in a translated MapReduce job whose
 * map tasks have outputs of their own, by each map task ({@link TaskOutputRole}).
 *
 * <p>Every subtask writes as attempt {@code attempt_<job>_r_<subtask>_<attempt>} of one job id made
 * when the format is built (the master's committer is asked for with attempt 0 of task 0), so the
 * committer's paths agree between the master and the tasks. Counters of the writer go to the job's
 * accumulators.
 */
public final class HadoopOutputFormat<K, V> implements OutputFormat<Tuple2<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends org.apache.hadoop.mapreduce.OutputFormat<K, V>> formatClass;
    private final SerializableJobConf conf;
    private final String jobTracker;
    private final int jobNumber;
    /** The task type of the attempts that write: REDUCE ({@code part-r-NNNNN}), or MAP for a map-only job ({@code part-m-NNNNN}). */
    private final TaskType taskType;
    private final TaskOutputRole role;

    private transient org.apache.hadoop.mapreduce.OutputFormat<K, V> format;
    private transient RuntimeContext context;
    private transient CountingReporter reporter;
    private transient TaskAttemptContext task;
    private transient OutputCommitter committer;
    private transient RecordWriter<K, V> writer;

    /** Writes with {@code format}'s class and {@code conf} (its output path, compression, ...), e.g. {@code job.getConfiguration()}. */
    @SuppressWarnings("unchecked")
    public HadoopOutputFormat(org.apache.hadoop.mapreduce.OutputFormat<K, V> format, Configuration conf) {
        this.formatClass = (Class<? extends org.apache.hadoop.mapreduce.OutputFormat<K, V>>) Objects.requireNonNull(format, "format").getClass();
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(conf, "conf")));
        this.jobTracker = "eddy" + System.currentTimeMillis();
        this.jobNumber = ThreadLocalRandom.current().nextInt(1, 10_000);
        this.taskType = TaskType.REDUCE;
        this.role = TaskOutputRole.WRITER;
    }

    private HadoopOutputFormat(Class<? extends org.apache.hadoop.mapreduce.OutputFormat<K, V>> formatClass, JobConf job, JobID id, TaskType taskType,
            TaskOutputRole role) {
        this.formatClass = Objects.requireNonNull(formatClass, "formatClass");
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.jobTracker = id.getJtIdentifier();
        this.jobNumber = id.getId();
        this.taskType = taskType;
        this.role = role;
    }

    /**
     * The output of MapReduce job {@code id}: {@code formatClass} with the job's configuration,
     * written by reduce attempts, or by map attempts for a map-only job ({@code mapOnly}).
     */
    public static <K, V> HadoopOutputFormat<K, V> forJob(Class<? extends org.apache.hadoop.mapreduce.OutputFormat<K, V>> formatClass, JobConf job,
            JobID id, boolean mapOnly) {
        return new HadoopOutputFormat<>(formatClass, job, id, mapOnly ? TaskType.MAP : TaskType.REDUCE, TaskOutputRole.WRITER);
    }

    /**
     * The output of MapReduce job {@code id} as its tasks of type {@code taskType} use it in {@code
     * role}: {@link TaskOutputRole#JOB} for the sink that only sets up and commits the job, whose map
     * tasks write themselves; {@link TaskOutputRole#WRITER} or {@link TaskOutputRole#SIDE_FILES} for
     * a map task's own attempt ({@code open} with the split's number).
     */
    public static <K, V> HadoopOutputFormat<K, V> forJob(Class<? extends org.apache.hadoop.mapreduce.OutputFormat<K, V>> formatClass, JobConf job,
            JobID id, TaskType taskType, TaskOutputRole role) {
        return new HadoopOutputFormat<>(formatClass, job, id, taskType, role);
    }

    /** The configuration the format writes with. */
    public Configuration getConfiguration() {
        return conf.get();
    }

    private org.apache.hadoop.mapreduce.OutputFormat<K, V> format() {
        if (format == null) {
            format = ReflectionUtils.newInstance(formatClass, conf.get());
        }
        return format;
    }

    private JobID jobId() {
        return new JobID(jobTracker, jobNumber);
    }

    private JobContext jobContext() {
        return new JobContextImpl(conf.get(), jobId());
    }

    /** The committer the master uses for the job-wide calls. */
    private OutputCommitter jobCommitter() throws IOException {
        try {
            return format().getOutputCommitter(new TaskAttemptContextImpl(conf.get(), new TaskAttemptID(new TaskID(jobId(), taskType, 0), 0)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while asking " + formatClass.getName() + " for its output committer", e);
        }
    }

    @Override
    public void initializeGlobal(int parallelism) throws IOException {
        try {
            format().checkOutputSpecs(jobContext());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while " + formatClass.getName() + " checked its output", e);
        }
        jobCommitter().setupJob(jobContext());
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.context = context;
    }

    @Override
    public void open(int subtask, int parallelism) throws IOException {
        if (role == TaskOutputRole.JOB) {
            return;
        }
        TaskAttemptID id = new TaskAttemptID(new TaskID(jobId(), taskType, subtask), context == null ? 0 : context.getAttemptNumber());
        JobConf job = TaskConfs.forAttempt(conf.get(), id, subtask, context);
        reporter = new CountingReporter("Hadoop output format " + formatClass.getName());
        task = new TaskAttemptContextImpl(job, id, reporter);
        try {
            // A format instance per attempt, as each Hadoop task makes its own: formats may keep the committer of the first
            // attempt they were asked for (TeraOutputFormat does), whose work folder is that attempt's.
            org.apache.hadoop.mapreduce.OutputFormat<K, V> attemptFormat = ReflectionUtils.newInstance(formatClass, job);
            committer = attemptFormat.getOutputCommitter(task);
            committer.setupTask(task);
            if (role == TaskOutputRole.WRITER) {
                writer = attemptFormat.getRecordWriter(task);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while opening " + formatClass.getName() + " for " + id, e);
        }
    }

    @Override
    public void writeRecord(Tuple2<K, V> record) throws IOException {
        if (writer == null) {
            throw new IllegalStateException("Bug: a record reached the " + role + " output of " + formatClass.getName() + ", which writes none");
        }
        try {
            writer.write(record.f0, record.f1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while writing with " + formatClass.getName(), e);
        }
    }

    @Override
    public void close() throws IOException {
        if (role == TaskOutputRole.JOB) {
            return;
        }
        RecordWriter<K, V> closing = writer;
        writer = null;
        try {
            if (closing != null) {
                closing.close(task);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while closing " + formatClass.getName(), e);
        }
        if (committer.needsTaskCommit(task)) {
            committer.commitTask(task);
        }
        if (context != null) {
            HadoopCounters.addTo(reporter.counters(), context);
        }
    }

    @Override
    public void abort() {
        if (committer == null) {
            return;
        }
        try {
            if (writer != null) {
                RecordWriter<K, V> closing = writer;
                writer = null;
                closing.close(task);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Closing the record writer of " + formatClass.getName() + " to abort the task failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                committer.abortTask(task);
            } catch (IOException e) {
                throw new UncheckedIOException("The output committer could not abort task " + task.getTaskAttemptID(), e);
            }
        }
    }

    @Override
    public void finalizeGlobal(int parallelism) throws IOException {
        jobCommitter().commitJob(jobContext());
    }

    @Override
    public void cleanupGlobal(int parallelism) throws IOException {
        jobCommitter().abortJob(jobContext(), JobStatus.State.FAILED);
    }
}
