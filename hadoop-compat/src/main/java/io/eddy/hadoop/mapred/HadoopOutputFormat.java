package io.eddy.hadoop.mapred;

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
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.JobContext;
import org.apache.hadoop.mapred.JobContextImpl;
import org.apache.hadoop.mapred.JobID;
import org.apache.hadoop.mapred.JobStatus;
import org.apache.hadoop.mapred.OutputCommitter;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.mapred.TaskAttemptContext;
import org.apache.hadoop.mapred.TaskAttemptContextImpl;
import org.apache.hadoop.mapred.TaskAttemptID;
import org.apache.hadoop.mapred.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A Hadoop {@code mapred} {@link org.apache.hadoop.mapred.OutputFormat} as an Eddy sink of {@code
 * Tuple2<key, value>}, with the job's {@link OutputCommitter} ({@code JobConf.getOutputCommitter},
 * a {@code FileOutputCommitter} unless the job names another) driven as Hadoop drives it:
 *
 * <pre>
 *   master, before any task:   checkOutputSpecs (an existing output directory fails the job), setupJob
 *   each sink subtask:         setupTask, getRecordWriter(part-NNNNN), write..., close,
 *                              commitTask if needsTaskCommit        -- abortTask after a failure
 *   master, job FINISHED:      commitJob (FileOutputCommitter: moves the output, writes _SUCCESS)
 *   master, job FAILED:        abortJob (removes the attempt directories)
 * </pre>
 *
 * <p>Every subtask's task attempt id is {@code attempt_<job>_r_<subtask>_<attempt>} of one job id
 * made when the format is built, so the committer's paths agree between the master and the tasks;
 * the configuration a subtask writes with has it as {@code mapreduce.task.attempt.id} and the
 * subtask index as {@code mapreduce.task.partition}. Counters of the writer go to the job's
 * accumulators.
 */
public final class HadoopOutputFormat<K, V> implements OutputFormat<Tuple2<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<? extends org.apache.hadoop.mapred.OutputFormat<K, V>> formatClass;
    private final SerializableJobConf conf;
    private final String jobTracker;
    private final int jobNumber;
    /** The task type of the attempts: REDUCE, or MAP where a job's map tasks open their own attempts. */
    private final TaskType taskType;
    private final TaskOutputRole role;

    private transient org.apache.hadoop.mapred.OutputFormat<K, V> format;
    private transient RuntimeContext context;
    private transient CountingReporter reporter;
    private transient TaskAttemptContext task;
    private transient OutputCommitter committer;
    private transient RecordWriter<K, V> writer;

    /** Writes with {@code format}'s class, configured with {@code job} (its output path, committer, compression, ...). */
    @SuppressWarnings("unchecked")
    public HadoopOutputFormat(org.apache.hadoop.mapred.OutputFormat<K, V> format, JobConf job) {
        this.formatClass = (Class<? extends org.apache.hadoop.mapred.OutputFormat<K, V>>) Objects.requireNonNull(format, "format").getClass();
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.jobTracker = "eddy" + System.currentTimeMillis();
        this.jobNumber = ThreadLocalRandom.current().nextInt(1, 10_000);
        this.taskType = TaskType.REDUCE;
        this.role = TaskOutputRole.WRITER;
    }

    private HadoopOutputFormat(Class<? extends org.apache.hadoop.mapred.OutputFormat<K, V>> formatClass, JobConf job, org.apache.hadoop.mapreduce.JobID id,
            TaskType taskType, TaskOutputRole role) {
        this.formatClass = Objects.requireNonNull(formatClass, "formatClass");
        this.conf = new SerializableJobConf(new JobConf(Objects.requireNonNull(job, "job")));
        this.jobTracker = id.getJtIdentifier();
        this.jobNumber = id.getId();
        this.taskType = taskType;
        this.role = role;
    }

    /** The output of MapReduce job {@code id}: {@code formatClass} with the job's configuration (files {@code part-NNNNN}). */
    public static <K, V> HadoopOutputFormat<K, V> forJob(Class<? extends org.apache.hadoop.mapred.OutputFormat<K, V>> formatClass, JobConf job,
            org.apache.hadoop.mapreduce.JobID id) {
        return new HadoopOutputFormat<>(formatClass, job, id, TaskType.REDUCE, TaskOutputRole.WRITER);
    }

    /**
     * The output of MapReduce job {@code id} as its tasks of type {@code taskType} use it in {@code
     * role}: the job-wide sink ({@link TaskOutputRole#JOB}) or a map task's own attempt ({@code open}
     * with the split's number).
     */
    public static <K, V> HadoopOutputFormat<K, V> forJob(Class<? extends org.apache.hadoop.mapred.OutputFormat<K, V>> formatClass, JobConf job,
            org.apache.hadoop.mapreduce.JobID id, TaskType taskType, TaskOutputRole role) {
        return new HadoopOutputFormat<>(formatClass, job, id, taskType, role);
    }

    /** The job configuration the format writes with. */
    public JobConf getJobConf() {
        return conf.get();
    }

    private org.apache.hadoop.mapred.OutputFormat<K, V> format(JobConf job) {
        if (format == null) {
            format = ReflectionUtils.newInstance(formatClass, job);
        }
        return format;
    }

    private JobContext jobContext() {
        return new JobContextImpl(conf.get(), new JobID(jobTracker, jobNumber));
    }

    @Override
    public void initializeGlobal(int parallelism) throws IOException {
        JobConf job = conf.get();
        format(job).checkOutputSpecs(FileSystem.get(job), job);
        job.getOutputCommitter().setupJob(jobContext());
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
        TaskAttemptID id = new TaskAttemptID(new TaskID(new JobID(jobTracker, jobNumber), taskType, subtask),
                context == null ? 0 : context.getAttemptNumber());
        JobConf job = TaskConfs.forAttempt(conf.get(), id, subtask, context);
        reporter = new CountingReporter("Hadoop output format " + formatClass.getName());
        task = new TaskAttemptContextImpl(job, id);
        committer = job.getOutputCommitter();
        committer.setupTask(task);
        if (role == TaskOutputRole.WRITER) {
            // A format instance per attempt, as each Hadoop task makes its own (a format may keep state of its first attempt).
            writer = ReflectionUtils.newInstance(formatClass, job).getRecordWriter(FileSystem.get(job), job, String.format("part-%05d", subtask),
                    reporter);
        }
    }

    @Override
    public void writeRecord(Tuple2<K, V> record) throws IOException {
        if (writer == null) {
            throw new IllegalStateException("Bug: a record reached the " + role + " output of " + formatClass.getName() + ", which writes none");
        }
        writer.write(record.f0, record.f1);
    }

    @Override
    public void close() throws IOException {
        if (role == TaskOutputRole.JOB) {
            return;
        }
        RecordWriter<K, V> closing = writer;
        writer = null;
        if (closing != null) {
            closing.close(reporter);
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
                closing.close(reporter);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Closing the record writer of " + formatClass.getName() + " to abort the task failed", e);
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
        conf.get().getOutputCommitter().commitJob(jobContext());
    }

    @Override
    public void cleanupGlobal(int parallelism) throws IOException {
        conf.get().getOutputCommitter().abortJob(jobContext(), JobStatus.FAILED);
    }
}
