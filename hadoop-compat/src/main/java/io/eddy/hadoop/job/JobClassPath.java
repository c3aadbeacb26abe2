package io.eddy.hadoop.job;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * A job's own class path ({@code -libjars}: Hadoop's job submission stages the jars and names them,
 * or their folder with {@code /*}, in {@code mapreduce.job.classpath.files}), as local jar files and
 * as a class loader over them beside the driver's classes: the loader the job's classes are named
 * in when Eddy translates the job and its tasks run (on the embedded cluster), and jars shipped with
 * the job to worker processes or YARN.
 */
final class JobClassPath {

    private JobClassPath() {}

    /** The local jar files of {@code job}'s class path (a {@code dir/*} entry: the jars in it); a file that is not local fails naming it. */
    static List<Path> jars(JobConf job) throws IOException {
        String[] entries = job.getStrings(MRJobConfig.CLASSPATH_FILES);
        List<Path> jars = new ArrayList<>();
        if (entries == null) {
            return jars;
        }
        for (String entry : entries) {
            boolean wildcard = entry.endsWith("/*");
            org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(wildcard ? entry.substring(0, entry.length() - 2) : entry);
            FileSystem fs = path.getFileSystem(job);
            if (!"file".equals(fs.getUri().getScheme())) {
                throw new IOException(MRJobConfig.CLASSPATH_FILES + " names " + entry + " on " + fs.getUri()
                        + ": Eddy loads a job's -libjars from the local file system (stage them with fs.defaultFS=file:///)");
            }
            Path local = Path.of(fs.makeQualified(path).toUri());
            if (!wildcard) {
                jars.add(local);
                continue;
            }
            try (Stream<Path> files = Files.list(local)) {
                files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
            }
        }
        return jars;
    }

    /** A class loader over {@code jars} whose parent is {@code parent} (the parent's classes first). */
    static ClassLoader loader(List<Path> jars, ClassLoader parent) throws IOException {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        return new URLClassLoader("eddy-mapreduce-libjars", urls, parent);
    }

    /** Closes {@code loader} if this class made it (it is not {@code driverLoader}). */
    static void close(ClassLoader loader, ClassLoader driverLoader) throws IOException {
        if (loader != driverLoader && loader instanceof URLClassLoader urls) {
            urls.close();
        }
    }
}
