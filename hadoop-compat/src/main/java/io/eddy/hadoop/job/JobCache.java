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
 */
final class JobCache implements Closeable {

    private final Path folder;
    private final List<Path> links = new ArrayList<>();
    /** Copies made so far: each goes to a folder of its own, so equal file names do not clash. */
    private int copies;

    private JobCache(Path folder) {
        this.folder = folder;
    }

    /** Makes the cache of {@code job} (id {@code id}) in a folder under {@code root}, linked from {@code workDir}; sets its local paths in {@code job}. */
    static JobCache localize(JobConf job, JobID id, Path workDir, Path root) throws IOException {
        String[] files = job.getStrings(MRJobConfig.CACHE_FILES);
        String[] archives = job.getStrings(MRJobConfig.CACHE_ARCHIVES);
        JobCache cache = new JobCache(root.resolve(id.toString()));
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
            }
            if (!localArchives.isEmpty()) {
                job.setStrings(MRJobConfig.CACHE_LOCALARCHIVES, localArchives.toArray(new String[0]));
            }
            return cache;
        } catch (IOException | RuntimeException e) {
            cache.close();
            throw e;
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
