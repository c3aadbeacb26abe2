package io.eddy.hadoop.job;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * A job's distributed cache where its tasks run in the driver's JVM (the embedded cluster), made as
 * Hadoop's local job runner makes it: every cache file ({@code mapreduce.job.cache.files}: {@code
 * addCacheFile}, {@code -files}) and archive ({@code mapreduce.job.cache.archives}: {@code
 * addCacheArchive}, {@code -archives}) is made local — a file of the local file system is used where
 * it is, any other is copied into the job's cache folder, and an archive is unpacked there ({@code
 * .zip}, {@code .jar}, {@code .tar}, {@code .tar.gz}, {@code .tgz}) — and gets a symbolic link in
 * the working directory named by its URI's fragment ({@code #name}) or else its file name, so a task
 * opens it by that name (TeraSort's partitioner reads {@code _partition.lst} so). Its local paths are
 * set as {@code mapreduce.job.cache.local.files} and {@code .archives} ({@code
 * context.getLocalCacheFiles()}). {@link #close()} removes the links it made and the cache folder.
 *
 * <p>A name already taken in the working directory by anything but a link fails the submission
 * naming it: the cache never replaces a file. Like the local job runner's, the links of two jobs
 * running at once in one working directory share names.
 *
 * <p>Where the tasks run in other processes (worker processes, YARN containers), the driver marks the
 * job {@value #IN_WORKERS} and each worker makes the cache the same way, in its own working
 * directory, when the first task of the job there asks for it ({@link #inWorker(JobConf)}: map
 * tasks, combiners, reducers and partitioners do, before they create the job's classes). A worker
 * reads the cache's files where the job's URIs name them — the staging directory on the default
 * file system that {@code JobSubmitter} uploaded {@code -files} and {@code -archives} to (HDFS on
 * YARN), or a local path the workers of one machine share — and removes what it made when it exits.
 */
final class JobCache implements Closeable {

    /** Set on a job whose workers each make its cache (every target but the embedded cluster). */
    static final String IN_WORKERS = "eddy.mapreduce.cache.in-workers";

    /** The caches this worker made, by job id; closed when the JVM exits. */
    private static final Map<String, JobCache> WORKER_CACHES = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> WORKER_CACHES.values().forEach(cache -> {
            try {
                cache.close();
            } catch (IOException e) {
                System.err.println("Eddy: " + e.getMessage());
            }
        }), "eddy-mapreduce-cache-cleanup"));
    }

    private final Path folder;
    private final List<Path> links = new ArrayList<>();
    /** Copies made so far: each goes to a folder of its own, so equal file names do not clash. */
    private int copies;
    /** The local paths the cache made ({@code mapreduce.job.cache.local.files} / {@code .archives}), null if none. */
    private String localFiles;
    private String localArchives;

    private JobCache(Path folder) {
        this.folder = folder;
    }

    /** A cache that holds nothing, its folder {@code root/<id>} (where the job's workers make its cache). */
    static JobCache none(JobID id, Path root) {
        return new JobCache(root.resolve(id.toString()));
    }

    /** Makes the cache of {@code job} (id {@code id}) in a folder under {@code root}, linked from {@code workDir}; sets its local paths in {@code job}. */
    static JobCache localize(JobConf job, JobID id, Path workDir, Path root) throws IOException {
        String[] files = job.getStrings(MRJobConfig.CACHE_FILES);
        String[] archives = job.getStrings(MRJobConfig.CACHE_ARCHIVES);
        JobCache cache = none(id, root);
        if (files == null && archives == null) {
            return cache;
        }
        try {
            List<String> localFiles = new ArrayList<>();
            for (String uri : files == null ? new String[0] : files) {
                localFiles.add(cache.add(job, URI.create(uri), workDir, false).toString());
            }
            List<String> localArchives = new ArrayList<>();
            for (String uri : archives == null ? new String[0] : archives) {
                localArchives.add(cache.add(job, URI.create(uri), workDir, true).toString());
            }
            if (!localFiles.isEmpty()) {
                job.setStrings(MRJobConfig.CACHE_LOCALFILES, localFiles.toArray(new String[0]));
                cache.localFiles = job.get(MRJobConfig.CACHE_LOCALFILES);
            }
            if (!localArchives.isEmpty()) {
                job.setStrings(MRJobConfig.CACHE_LOCALARCHIVES, localArchives.toArray(new String[0]));
                cache.localArchives = job.get(MRJobConfig.CACHE_LOCALARCHIVES);
            }
            return cache;
        } catch (IOException | RuntimeException e) {
            cache.close();
            throw e;
        }
    }

    /**
     * In a worker, for a task of a job marked {@value #IN_WORKERS}: makes the job's cache in this
     * JVM's working directory if no task of the job here has yet (tasks of one job in one worker
     * share it; one that comes while another makes it waits), and sets its local paths in {@code
     * task}. Does nothing for a job not so marked.
     */
    static void inWorker(JobConf task) throws IOException {
        if (!task.getBoolean(IN_WORKERS, false)) {
            return;
        }
        String id = task.get(MRJobConfig.ID);
        JobCache cache;
        try {
            cache = WORKER_CACHES.computeIfAbsent(id, job -> {
                try {
                    return localize(new JobConf(task), JobID.forName(job), Path.of(System.getProperty("user.dir")),
                            Path.of(System.getProperty("java.io.tmpdir"), "eddy-mapreduce", "worker-cache"));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw new IOException("Making the distributed cache of job " + id + " in this worker failed: " + e.getCause().getMessage(), e.getCause());
        }
        if (cache.localFiles != null) {
            task.set(MRJobConfig.CACHE_LOCALFILES, cache.localFiles);
        }
        if (cache.localArchives != null) {
            task.set(MRJobConfig.CACHE_LOCALARCHIVES, cache.localArchives);
        }
    }

    /** Makes {@code uri} local (unpacked if an archive) and links it from {@code workDir}; returns its local path. */
    private Path add(JobConf job, URI uri, Path workDir, boolean archive) throws IOException {
        org.apache.hadoop.fs.Path source = new org.apache.hadoop.fs.Path(uri.getScheme(), uri.getAuthority(), uri.getPath());
        FileSystem fs = source.getFileSystem(job);
        String name = uri.getFragment() != null ? uri.getFragment() : source.getName();
        Path local;
        if (archive) {
            Path copy = copy(fs, source, "archives");
            local = folder.resolve("unpacked").resolve(name);
            unpack(copy.toFile(), local.toFile());
        } else if ("file".equals(fs.getUri().getScheme())) {
            local = Path.of(fs.makeQualified(source).toUri());
        } else {
            local = copy(fs, source, "files");
        }
        link(workDir.resolve(name), local, uri);
        return local;
    }

    private Path copy(FileSystem fs, org.apache.hadoop.fs.Path source, String kind) throws IOException {
        Path target = folder.resolve(kind).resolve(Integer.toString(copies++)).resolve(source.getName());
        Files.createDirectories(target.getParent());
        fs.copyToLocalFile(false, source, new org.apache.hadoop.fs.Path(target.toUri()), true);
        return target;
    }

    private static void unpack(File archive, File target) throws IOException {
        String name = archive.getName().toLowerCase(Locale.ROOT);
        if (name.endsWith(".zip") || name.endsWith(".jar")) {
            FileUtil.unZip(archive, target);
        } else if (name.endsWith(".tar") || name.endsWith(".tar.gz") || name.endsWith(".tgz")) {
            FileUtil.unTar(archive, target);
        } else {
            throw new IOException("Cache archive " + archive.getName() + " is no .zip, .jar, .tar, .tar.gz or .tgz; Eddy cannot unpack it"
                    + " (add it with addCacheFile / -files to use it as it is)");
        }
    }

    private void link(Path link, Path target, URI uri) throws IOException {
        if (Files.isSymbolicLink(link)) {
            Files.delete(link); // a link an earlier job left
        } else if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("The distributed cache cannot link " + uri + " as " + link + ": the working directory already has a file"
                    + " of that name; remove it or give the cache entry another name (#name)");
        }
        Files.createSymbolicLink(link, target);
        links.add(link);
    }

    /** Removes the links this cache made (those still links) and its folder. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (Path link : links) {
            try {
                if (Files.isSymbolicLink(link)) {
                    Files.delete(link);
                }
            } catch (IOException e) {
                failure = e;
            }
        }
        links.clear();
        if (Files.exists(folder)) {
            FileUtil.fullyDelete(folder.toFile());
        }
        if (failure != null) {
            throw new IOException("Removing the distributed cache's links failed: " + failure.getMessage(), failure);
        }
    }
}
