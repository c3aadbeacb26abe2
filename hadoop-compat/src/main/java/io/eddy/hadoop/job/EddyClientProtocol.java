package io.eddy.hadoop.job;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.executor.JobClient;
import io.eddy.hadoop.HadoopCounters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.ipc.ProtocolSignature;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.ClusterMetrics;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.JobPriority;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.QueueAclsInfo;
import org.apache.hadoop.mapreduce.QueueInfo;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskTrackerInfo;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.protocol.ClientProtocol;
import org.apache.hadoop.mapreduce.security.token.delegation.DelegationTokenIdentifier;
import org.apache.hadoop.mapreduce.server.jobtracker.JTConfig;
import org.apache.hadoop.mapreduce.v2.LogParams;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AccessControlList;
import org.apache.hadoop.security.token.Token;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The protocol between Hadoop's job client and Eddy. Hadoop's own {@code JobSubmitter} has already
 * checked the output, copied the job's files to the staging directory this protocol names and
 * written {@code job.xml} there when {@link #submitJob} is called; Eddy reads that configuration,
 * translates the job into one dataflow ({@link MapReduceDataflow}) and submits it to the cluster the
 * process's Eddy settings name (the embedded cluster by default) without waiting. The client's
 * polling ({@link #getJobStatus}, {@link #getJobCounters}) reads what the dataflow's end recorded:
 * its state, its failure (the job's root cause, as the failure info the driver prints) and its
 * counters (the Hadoop counters of the job's functions, {@link HadoopCounters}).
 *
 * <p>Threads: called by the driver's threads; job records are in a concurrent map and each job's
 * end is recorded by the thread completing its result.
 */
final class EddyClientProtocol implements ClientProtocol {

    private static final Logger LOG = LoggerFactory.getLogger(EddyClientProtocol.class);

    private static final AtomicInteger JOBS = new AtomicInteger();
    private static final String IDENTIFIER = "eddy" + System.currentTimeMillis();

    private final Configuration conf;
    private final Map<JobID, Submitted> jobs = new ConcurrentHashMap<>();

    EddyClientProtocol(Configuration conf) {
        this.conf = conf;
    }

    /** A submitted job: its configuration and, once it ended, its outcome. */
    /** How often a driver's status polls ask the master for the job's progress at most: 250 ms. */
    private static final long PROGRESS_INTERVAL_NANOS = 250_000_000L;

    private static final class Submitted {
        final JobConf job;
        final String jobFile;
        final JobClient client;
        volatile JobStatus.State state = JobStatus.State.RUNNING;
        volatile String failure;
        volatile Counters counters = new Counters();

        /** The latest {@code [map, reduce]} progress and when it was asked for (nanoTime); guarded by this. */
        private float[] progress = {0f, 0f};
        private long progressAsked;
        private boolean progressFailureLogged;

        Submitted(JobConf job, String jobFile, JobClient client) {
            this.job = job;
            this.jobFile = jobFile;
            this.client = client;
        }

        /** Whether the job ends within 2 s (false if interrupted, the interrupt kept). */
        private static boolean endsSoon(JobClient client) {
            try {
                return client.awaitEnd(java.time.Duration.ofSeconds(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        /**
         * The running job's {@code [map, reduce]} progress from the master's job details, asked at most
         * every {@link #PROGRESS_INTERVAL_NANOS} (drivers poll their status often): map, the splits of
         * the job's input read to their end; reduce, the shuffle's third (the map progress, the
         * reducers take the map output as it comes) plus two thirds for the reducers finished.
         */
        synchronized float[] progress() {
            if (client == null || client.getJobResult().isDone() || System.nanoTime() - progressAsked < PROGRESS_INTERVAL_NANOS) {
                return progress.clone();
            }
            progressAsked = System.nanoTime();
            try {
                java.util.Optional<io.eddy.executor.JobDetails> details = client.getJobDetails().get(10, java.util.concurrent.TimeUnit.SECONDS);
                details.ifPresent(d -> progress = MapReduceProgress.of(d));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                if (endsSoon(client)) {
                    // The job ended while we asked (an embedded master shuts down with its job): its end sets the final state.
                    return progress.clone();
                }
                if (!progressFailureLogged) {
                    progressFailureLogged = true;
                    LOG.warn("Job {}: cannot ask the master how far it is, its progress stays at map {}% reduce {}%: {}", job.getJobName(),
                            Math.round(progress[0] * 100), Math.round(progress[1] * 100), e.toString());
                }
            }
            return progress.clone();
        }

        void ended(JobExecutionResult result, Throwable error) {
            if (error == null) {
                counters = new Counters(HadoopCounters.of(result));
                state = JobStatus.State.SUCCEEDED;
            } else {
                Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
                failure = cause.getMessage() == null ? cause.toString() : cause.getMessage();
                state = cause instanceof java.util.concurrent.CancellationException ? JobStatus.State.KILLED : JobStatus.State.FAILED;
            }
        }
    }

    @Override
    public JobID getNewJobID() {
        return new JobID(IDENTIFIER, JOBS.incrementAndGet());
    }

    @Override
    public JobStatus submitJob(JobID jobId, String jobSubmitDir, Credentials ts) throws IOException, InterruptedException {
        Path jobFile = new Path(jobSubmitDir, "job.xml");
        JobConf job = readJobFile(jobFile);
        List<java.nio.file.Path> libJars = JobClassPath.jars(job);
        ClassLoader driverLoader = Thread.currentThread().getContextClassLoader();
        // The job's -libjars (mapreduce.job.classpath.files) beside the driver's classes, for the translation and the tasks.
        ClassLoader jobLoader = libJars.isEmpty() ? driverLoader : JobClassPath.loader(libJars, driverLoader);
        job.setClassLoader(jobLoader);
        io.eddy.configuration.Configuration settings = io.eddy.configuration.Configuration.fromSystemProperties();
        String target = io.eddy.executor.ExecutorLookup.target(settings);
        // The job's classes travel with the job as its jar (Hadoop's staged copy) and its -libjars, whatever loaded the
        // driver, after any jars the process names; to worker processes and YARN also the MapReduce runtime the workers'
        // class path lacks (this module and Hadoop's mapreduce-client-core), where the client has them as jars.
        List<String> jars = new ArrayList<>();
        String configured = settings.get(io.eddy.executor.ExecutionOptions.USER_JARS);
        if (configured != null && !configured.isBlank()) {
            jars.add(configured);
        }
        String jar = localJobJar(job);
        if (jar != null) {
            jars.add(jar);
        }
        libJars.forEach(libJar -> jars.add(libJar.toString()));
        if (!"embedded".equals(target)) {
            for (Class<?> runtime : new Class<?>[] {MapReduceDataflow.class, JobConf.class}) {
                java.nio.file.Path runtimeJar = codeSourceJar(runtime);
                if (runtimeJar != null && !jars.contains(runtimeJar.toString())) {
                    jars.add(runtimeJar.toString());
                }
            }
        }
        if (!jars.isEmpty()) {
            settings.set(io.eddy.executor.ExecutionOptions.USER_JARS, String.join(",", jars));
        }
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(settings);
        int parallelism = job.getInt("eddy.parallelism", -1);
        if (parallelism > 0) {
            env.setParallelism(parallelism);
        }
        JobCache cache = localCache(job, jobId, target);
        JobClient client;
        Thread thread = Thread.currentThread();
        thread.setContextClassLoader(jobLoader);
        try {
            MapReduceDataflow.translate(env, job, jobId);
            client = env.executeAsync(job.getJobName());
        } catch (Exception e) {
            try {
                cache.close();
                JobClassPath.close(jobLoader, driverLoader);
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            ClassNotFoundException missing = missingClass(e);
            if (missing != null) {
                // As on Hadoop, where the task that loads the class fails: the job fails, and the driver sees why.
                Submitted failed = new Submitted(job, jobFile.toString(), null);
                failed.state = JobStatus.State.FAILED;
                failed.failure = "Job " + jobId + " names a class that is not on the class path (the job jar, -libjars, or the"
                        + " client's class path): " + missing.getMessage();
                jobs.put(jobId, failed);
                return status(jobId, failed);
            } else if (e instanceof IOException io) {
                throw io;
            } else if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IOException("Eddy could not start job " + jobId + ": " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(driverLoader);
        }
        Submitted submitted = new Submitted(job, jobFile.toString(), client);
        jobs.put(jobId, submitted);
        client.getJobResult().whenComplete((result, error) -> {
            try {
                cache.close();
                JobClassPath.close(jobLoader, driverLoader);
            } catch (IOException e) {
                LOG.warn("Job {}: {}", jobId, e.getMessage());
            }
            submitted.ended(result, error);
        });
        return status(jobId, submitted);
    }

    /**
     * The job's distributed cache ({@link JobCache}), linked from this process's working directory
     * where the embedded cluster's tasks run; elsewhere an empty one here, the job marked for its
     * workers to make it ({@link JobCache#IN_WORKERS}).
     */
    private static JobCache localCache(JobConf job, JobID jobId, String target) throws IOException {
        java.nio.file.Path root = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "eddy-mapreduce", "cache");
        if (!"embedded".equals(target)) {
            job.setBoolean(JobCache.IN_WORKERS, true);
            return JobCache.none(jobId, root);
        }
        return JobCache.localize(job, jobId, java.nio.file.Path.of(System.getProperty("user.dir")), root);
    }

    /** The {@code ClassNotFoundException} in {@code failure}'s causes (Hadoop's {@code Configuration.getClass} wraps it), or null. */
    private static ClassNotFoundException missingClass(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ClassNotFoundException missing) {
                return missing;
            }
        }
        return null;
    }

    /** The jar file {@code type} was loaded from, or null if it came from elsewhere (a folder of classes). */
    private static java.nio.file.Path codeSourceJar(Class<?> type) {
        java.security.CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            java.nio.file.Path path = java.nio.file.Path.of(source.getLocation().toURI());
            return java.nio.file.Files.isRegularFile(path) && path.toString().endsWith(".jar") ? path : null;
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return null; // not a file: the workers must have the class on their class path
        }
    }

    /** The local path of the job's jar (JobSubmitter's staged copy, {@code mapreduce.job.jar}), or null if it has none or not on a local file system. */
    private static String localJobJar(JobConf job) throws IOException {
        String jar = job.getJar();
        if (jar == null) {
            return null;
        }
        Path path = new Path(jar);
        FileSystem fs = path.getFileSystem(job);
        if (!"file".equals(fs.getUri().getScheme())) {
            return null;
        }
        return new java.io.File(fs.makeQualified(path).toUri()).getAbsolutePath();
    }

    private JobStatus status(JobID id, Submitted job) {
        boolean done = job.state != JobStatus.State.RUNNING;
        float[] progress = job.state == JobStatus.State.SUCCEEDED ? new float[] {1f, 1f} : job.progress();
        String user = job.job.getUser() != null ? job.job.getUser() : System.getProperty("user.name");
        JobStatus status = new JobStatus(id, 1f, progress[0], progress[1], done ? 1f : 0f, job.state, JobPriority.NORMAL, user, job.job.getJobName(),
                job.jobFile, "eddy") {
            {
                if (job.failure != null) {
                    setFailureInfo(job.failure);
                }
            }
        };
        return status;
    }

    private Submitted job(JobID id) throws IOException {
        Submitted job = jobs.get(id);
        if (job == null) {
            throw new IOException("Eddy knows no job " + id + " (jobs are known to the client that submitted them)");
        }
        return job;
    }

    @Override
    public JobStatus getJobStatus(JobID jobid) throws IOException {
        Submitted job = jobs.get(jobid);
        return job == null ? null : status(jobid, job);
    }

    @Override
    public Counters getJobCounters(JobID jobid) throws IOException {
        return job(jobid).counters;
    }

    @Override
    public void killJob(JobID jobid) throws IOException {
        Submitted job = job(jobid);
        if (job.client != null) {
            job.client.cancel();
        }
    }

    @Override
    public TaskCompletionEvent[] getTaskCompletionEvents(JobID jobid, int fromEventId, int maxEvents) {
        return TaskCompletionEvent.EMPTY_ARRAY;
    }

    @Override
    public String[] getTaskDiagnostics(TaskAttemptID taskId) {
        Submitted job = jobs.get(taskId.getJobID());
        return job == null || job.failure == null ? new String[0] : new String[] {job.failure};
    }

    @Override
    public TaskReport[] getTaskReports(JobID jobid, TaskType type) {
        return new TaskReport[0];
    }

    @Override
    public JobStatus[] getAllJobs() {
        return jobs.entrySet().stream().map(e -> status(e.getKey(), e.getValue())).toArray(JobStatus[]::new);
    }

    /**
     * The job as {@code JobSubmitter} wrote it into the submit directory, on whichever file system
     * that is ({@code fs.defaultFS}: HDFS when the client's class path holds the cluster's {@code
     * core-site.xml}, as {@code yarn jar}'s does). Not {@code new JobConf(Path)}: Hadoop's
     * configuration reads a path resource from the local disk only, and skips one it does not find
     * there.
     */
    private JobConf readJobFile(Path jobFile) throws IOException {
        byte[] xml;
        try (java.io.InputStream in = jobFile.getFileSystem(conf).open(jobFile)) {
            xml = in.readAllBytes();
        }
        JobConf job = new JobConf();
        job.addResource(new java.io.ByteArrayInputStream(xml), jobFile.toString());
        job.size(); // parses the resource now, while its bytes are at hand
        return job;
    }

    @Override
    public String getStagingAreaDir() throws IOException {
        String user = UserGroupInformation.getCurrentUser().getShortUserName();
        Path root = new Path(conf.get(JTConfig.JT_STAGING_AREA_ROOT,
                System.getProperty("java.io.tmpdir") + "/eddy-mapreduce/staging"));
        return FileSystem.get(conf).makeQualified(new Path(root, user + "/.staging")).toString();
    }

    @Override
    public String getSystemDir() throws IOException {
        return FileSystem.get(conf).makeQualified(new Path(System.getProperty("java.io.tmpdir"), "eddy-mapreduce/system")).toString();
    }

    @Override
    public String getJobHistoryDir() throws IOException {
        return getSystemDir();
    }

    @Override
    public String getFilesystemName() throws IOException {
        return FileSystem.get(conf).getUri().toString();
    }

    /**
     * The cluster as MapReduce drivers size their jobs by it (RandomWriter's map count, Sort's reduce
     * count): one tracker, and as many map and reduce slots as the parallelism Eddy gives a job
     * ({@code eddy.parallelism}, else the process's {@code parallelism.default}, else the cores).
     */
    @Override
    public ClusterMetrics getClusterMetrics() {
        io.eddy.configuration.Configuration settings = io.eddy.configuration.Configuration.fromSystemProperties();
        Integer configured = settings.get(io.eddy.executor.ExecutionOptions.DEFAULT_PARALLELISM);
        int slots = conf.getInt("eddy.parallelism", configured != null ? configured : Runtime.getRuntime().availableProcessors());
        return new ClusterMetrics(0, 0, 0, 0, 0, 0, slots, slots, jobs.size(), 1, 0, 0);
    }

    @Override
    public Cluster.JobTrackerStatus getJobTrackerStatus() {
        return Cluster.JobTrackerStatus.RUNNING;
    }

    @Override
    public long getTaskTrackerExpiryInterval() {
        return 0;
    }

    @Override
    public AccessControlList getQueueAdmins(String queueName) {
        return new AccessControlList("*");
    }

    @Override
    public void setJobPriority(JobID jobid, String priority) {
        // Eddy runs a job's dataflow as soon as it is submitted; there is no queue to reorder.
    }

    @Override
    public boolean killTask(TaskAttemptID taskId, boolean shouldFail) {
        return false;
    }

    @Override
    public TaskTrackerInfo[] getActiveTrackers() {
        return new TaskTrackerInfo[0];
    }

    @Override
    public TaskTrackerInfo[] getBlacklistedTrackers() {
        return new TaskTrackerInfo[0];
    }

    @Override
    public QueueInfo[] getQueues() {
        return new QueueInfo[0];
    }

    @Override
    public QueueInfo getQueue(String queueName) {
        return null;
    }

    @Override
    public QueueAclsInfo[] getQueueAclsForCurrentUser() {
        return new QueueAclsInfo[0];
    }

    @Override
    public QueueInfo[] getRootQueues() {
        return new QueueInfo[0];
    }

    @Override
    public QueueInfo[] getChildQueues(String queueName) {
        return new QueueInfo[0];
    }

    @Override
    public Token<DelegationTokenIdentifier> getDelegationToken(Text renewer) {
        return null;
    }

    @Override
    public long renewDelegationToken(Token<DelegationTokenIdentifier> token) {
        return 0;
    }

    @Override
    public void cancelDelegationToken(Token<DelegationTokenIdentifier> token) {
        // Eddy issues no delegation tokens.
    }

    @Override
    public LogParams getLogFileParams(JobID jobID, TaskAttemptID taskAttemptID) throws IOException {
        throw new IOException("Eddy keeps no per-task log files for MapReduce jobs; the job's log is Eddy's own");
    }

    @Override
    public long getProtocolVersion(String protocol, long clientVersion) {
        return ClientProtocol.versionID;
    }

    @Override
    public ProtocolSignature getProtocolSignature(String protocol, long clientVersion, int clientMethodsHash) throws IOException {
        return ProtocolSignature.getProtocolSignature(this, protocol, clientVersion, clientMethodsHash);
    }
}
