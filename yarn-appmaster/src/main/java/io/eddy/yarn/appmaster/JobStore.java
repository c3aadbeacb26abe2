package io.eddy.yarn.appmaster;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.NamedBlob;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's job store: the artifacts (graph and jars) of every job the AM runs, kept
 * in the application's directory on the cluster file system so that a later AM attempt can submit
 * them again (docs/yarn.md, "AM lifecycle"). See {@link JobRecovery} and {@link
 * PersistingJobSubmissionGateway}.
 *
 * <p><b>Layout</b> (all directories 700, all files 600, whatever the umask):
 * <pre>
 * &lt;appDir&gt;/jobs/&lt;job id&gt;/&lt;version&gt;/graph        the job graph ({@code JobGraphCodec} bytes)
 *                                   jars/&lt;name&gt;  the job's jars
 *                                   _COMPLETE    the manifest, written last
 * </pre>
 * Each {@link #put} writes a new version (1, 2, ...) and deletes the older ones only once the new
 * one is complete, so a crash during a put leaves the previous complete version (or nothing that
 * looks complete). An entry counts only with its manifest, and only when the files it lists have
 * the lengths it records; newer incomplete or unreadable versions are skipped with a warning.
 * {@link #remove} renames the job's directory away before deleting it, so a crash during a
 * removal never leaves a half-deleted entry that looks complete.
 *
 * <p><b>Threads.</b> Stateless apart from the file system: calls for different jobs may run on any
 * threads at once; calls for the same job must not overlap (the {@link
 * PersistingJobSubmissionGateway} makes all of them on one thread). All calls block on file system
 * I/O: never call them on the master's main thread or an RPC thread.
 */
public final class JobStore {

    private static final Logger LOG = LoggerFactory.getLogger(JobStore.class);

    /** The directory of the store under the application directory. */
    public static final String JOBS_DIRECTORY = "jobs";
    /** The default checkpoint directory of the application's jobs, under the application directory. */
    public static final String CHECKPOINTS_DIRECTORY = "checkpoints";

    static final String GRAPH_FILE = "graph";
    static final String JARS_DIRECTORY = "jars";
    static final String MANIFEST_FILE = "_COMPLETE";
    private static final String REMOVING_PREFIX = ".removing-";

    static final FsPermission DIRECTORY_PERMISSION = new FsPermission((short) 0700);
    static final FsPermission FILE_PERMISSION = new FsPermission((short) 0600);

    private final FileSystem fs;
    private final Path applicationDirectory;
    private final Path jobsDirectory;

    /**
     * A store under {@code applicationDirectory} (e.g. {@code hdfs://nn/user/u/.eddy/<appId>}) of
     * {@code fs}. Nothing is created until the first {@link #put}.
     *
     * @param fs the file system of {@code applicationDirectory}; not closed by the store
     */
    public JobStore(FileSystem fs, Path applicationDirectory) {
        this.fs = Objects.requireNonNull(fs, "fs");
        // through a string: a trailing '/' (as in a directory's URI) is dropped
        this.applicationDirectory = fs.makeQualified(new Path(Objects.requireNonNull(applicationDirectory, "applicationDirectory").toString()));
        this.jobsDirectory = new Path(this.applicationDirectory, JOBS_DIRECTORY);
    }

    /**
     * A store under {@code applicationDirectory} on the file system its URI names ({@code
     * fs.defaultFS} of {@code hadoopConf} for a path without a scheme).
     *
     * @throws IOException naming the path if its file system cannot be reached
     */
    public static JobStore open(Path applicationDirectory, Configuration hadoopConf) throws IOException {
        return new JobStore(io.eddy.api.common.io.HadoopFileSystems.get(applicationDirectory, hadoopConf), applicationDirectory);
    }

    /** The application directory (qualified). */
    public Path applicationDirectory() {
        return applicationDirectory;
    }

    /** {@code <appDir>/jobs} (qualified): the store itself. */
    public Path jobsDirectory() {
        return jobsDirectory;
    }

    /**
     * {@code <appDir>/checkpoints} (qualified): the {@code state.checkpoints.dir} of the
     * application's jobs that set none; it survives AM attempts. The store does not create it (the
     * checkpoint storage does, owner-only).
     */
    public Path checkpointsDirectory() {
        return new Path(applicationDirectory, CHECKPOINTS_DIRECTORY);
    }

    /**
     * Stores {@code artifacts} as the newest version of the job's entry, replacing any older one.
     * Returns once the entry is complete (its manifest written and closed); on HDFS a completed
     * file is on the DataNodes, so a later AM attempt reads it after this AM's process died.
     *
     * @throws IOException naming the path that could not be written; the previous complete
     *     version, if any, is then still the job's entry
     */
    public void put(JobArtifacts artifacts) throws IOException {
        Path jobDir = jobDirectory(artifacts.job());
        mkdirs(jobsDirectory);
        mkdirs(jobDir);
        List<Long> versions = versionsOf(jobDir);
        long version = versions.isEmpty() ? 1 : versions.get(versions.size() - 1) + 1;
        Path dir = new Path(jobDir, Long.toString(version));
        if (fs.exists(dir)) {
            throw new IOException("Bug: version directory " + dir + " of job " + artifacts.job() + " exists already:"
                    + " two puts of the same job overlapped");
        }
        mkdirs(dir);
        write(new Path(dir, GRAPH_FILE), artifacts.jobGraph());
        if (!artifacts.jars().isEmpty()) {
            mkdirs(new Path(dir, JARS_DIRECTORY));
        }
        for (NamedBlob jar : artifacts.jars()) {
            write(new Path(new Path(dir, JARS_DIRECTORY), jar.name()), jar.bytes());
        }
        write(new Path(dir, MANIFEST_FILE), JobStoreManifest.of(artifacts).toBytes());
        LOG.info("Job {}: stored its graph ({} bytes) and {} jar(s) in {}", artifacts.job(), artifacts.jobGraph().length,
                artifacts.jars().size(), dir);
        for (long older : versions) {
            Path old = new Path(jobDir, Long.toString(older));
            try {
                fs.delete(old, true);
            } catch (IOException e) {
                // The new version is complete and wins over older ones; a leftover only costs space.
                LOG.warn("Job {}: cannot delete the replaced store entry {}; it stays until the application directory is deleted",
                        artifacts.job(), old, e);
            }
        }
    }

    /**
     * Deletes the job's entry (all its versions).
     *
     * @return false if the store had no entry of the job
     * @throws IOException naming the path if it cannot be renamed away or deleted
     */
    public boolean remove(JobId job) throws IOException {
        Path jobDir = jobDirectory(job);
        Path doomed = new Path(jobsDirectory, REMOVING_PREFIX + job + "-" + UUID.randomUUID());
        try {
            if (!fs.rename(jobDir, doomed)) {
                if (!fs.exists(jobDir)) {
                    return false;
                }
                throw new IOException("Cannot remove the store entry of job " + job + ": renaming " + jobDir + " to " + doomed + " failed");
            }
        } catch (FileNotFoundException e) {
            return false;
        }
        if (!fs.delete(doomed, true)) {
            throw new IOException("Cannot delete " + doomed + " (the removed store entry of job " + job + ")");
        }
        LOG.info("Job {}: removed its store entry {}", job, jobDir);
        return true;
    }

    /**
     * The jobs with a complete entry, in no particular order. Directories that are not job ids and
     * jobs with only incomplete versions are skipped with a warning.
     */
    public List<JobId> list() throws IOException {
        List<JobId> jobs = new ArrayList<>();
        for (FileStatus status : listOrEmpty(jobsDirectory)) {
            JobId job = jobIdOf(status);
            if (job != null && latestComplete(status.getPath()) != null) {
                jobs.add(job);
            }
        }
        return jobs;
    }

    /**
     * The artifacts of the job's newest complete, readable version; empty if there is none (no
     * entry, or only incomplete or unreadable versions, each skipped with a warning).
     */
    public Optional<JobArtifacts> get(JobId job) throws IOException {
        Path jobDir = jobDirectory(job);
        List<Long> versions = versionsOf(jobDir);
        for (int i = versions.size() - 1; i >= 0; i--) {
            Path dir = new Path(jobDir, Long.toString(versions.get(i)));
            Optional<JobArtifacts> artifacts = readVersion(job, dir);
            if (artifacts.isPresent()) {
                return artifacts;
            }
        }
        return Optional.empty();
    }

    /**
     * The artifacts of every job with a complete, readable entry (see {@link #get}); entries that are
     * not are skipped with a warning naming their directory.
     *
     * @throws IOException if the store's directory cannot be listed
     */
    public List<JobArtifacts> recoverAll() throws IOException {
        List<JobArtifacts> result = new ArrayList<>();
        for (FileStatus status : listOrEmpty(jobsDirectory)) {
            JobId job = jobIdOf(status);
            if (job == null) {
                continue;
            }
            Optional<JobArtifacts> artifacts = get(job);
            if (artifacts.isPresent()) {
                result.add(artifacts.get());
            } else {
                LOG.warn("Job {}: its store entry {} has no complete version (a put was interrupted); the job is not recovered",
                        job, status.getPath());
            }
        }
        return result;
    }

    /** {@code <appDir>/jobs/<job id>}. */
    Path jobDirectory(JobId job) {
        return new Path(jobsDirectory, job.toString());
    }

    private Optional<JobArtifacts> readVersion(JobId job, Path dir) throws IOException {
        Path manifestFile = new Path(dir, MANIFEST_FILE);
        if (!fs.exists(manifestFile)) {
            LOG.warn("Job {}: skipping the incomplete store entry {} (no {}: its writer was interrupted)", job, dir, MANIFEST_FILE);
            return Optional.empty();
        }
        try {
            JobStoreManifest manifest = JobStoreManifest.parse(read(manifestFile), manifestFile);
            if (!manifest.job().equals(job)) {
                throw new IOException("the manifest names job " + manifest.job() + ", not " + job);
            }
            byte[] graph = readExactly(new Path(dir, GRAPH_FILE), manifest.graphLength());
            List<NamedBlob> jars = new ArrayList<>();
            for (JobStoreManifest.Jar jar : manifest.jars()) {
                jars.add(new NamedBlob(jar.name(), readExactly(new Path(new Path(dir, JARS_DIRECTORY), jar.name()), jar.length())));
            }
            return Optional.of(new JobArtifacts(job, graph, jars));
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("Job {}: skipping the unreadable store entry {}: {}", job, dir, e.getMessage());
            return Optional.empty();
        }
    }

    private Path latestComplete(Path jobDir) throws IOException {
        List<Long> versions = versionsOf(jobDir);
        for (int i = versions.size() - 1; i >= 0; i--) {
            Path dir = new Path(jobDir, Long.toString(versions.get(i)));
            if (fs.exists(new Path(dir, MANIFEST_FILE))) {
                return dir;
            }
            LOG.warn("Skipping the incomplete store entry {} (no {}: its writer was interrupted)", dir, MANIFEST_FILE);
        }
        return null;
    }

    /** The version numbers under {@code jobDir}, ascending; other names are ignored. */
    private List<Long> versionsOf(Path jobDir) throws IOException {
        List<Long> versions = new ArrayList<>();
        for (FileStatus status : listOrEmpty(jobDir)) {
            String name = status.getPath().getName();
            if (status.isDirectory() && name.matches("[0-9]{1,18}")) {
                versions.add(Long.parseLong(name));
            }
        }
        versions.sort(null);
        return versions;
    }

    private JobId jobIdOf(FileStatus status) {
        String name = status.getPath().getName();
        if (name.startsWith(REMOVING_PREFIX) || !status.isDirectory()) {
            return null;
        }
        try {
            return JobId.fromHex(name);
        } catch (IllegalArgumentException e) {
            LOG.warn("Skipping {} in the job store: its name is not a job id ({})", status.getPath(), e.getMessage());
            return null;
        }
    }

    private FileStatus[] listOrEmpty(Path dir) throws IOException {
        try {
            return fs.listStatus(dir);
        } catch (FileNotFoundException e) {
            return new FileStatus[0];
        }
    }

    private void mkdirs(Path dir) throws IOException {
        if (!FileSystem.mkdirs(fs, dir, DIRECTORY_PERMISSION)) {
            throw new IOException("Cannot create the job store directory " + dir + ": check the permissions of its parent");
        }
    }

    private void write(Path file, byte[] bytes) throws IOException {
        try (OutputStream out = FileSystem.create(fs, file, FILE_PERMISSION)) {
            out.write(bytes);
        }
    }

    private byte[] read(Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return in.readAllBytes();
        }
    }

    private byte[] readExactly(Path file, long expectedLength) throws IOException {
        byte[] bytes = read(file);
        if (bytes.length != expectedLength) {
            throw new IOException(file + " has " + bytes.length + " bytes, the manifest recorded " + expectedLength);
        }
        return bytes;
    }
}
