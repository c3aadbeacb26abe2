package io.eddy.yarn.client;

import io.eddy.configuration.WorkerMemoryOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.rpc.Secret;
import io.eddy.yarn.YarnOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes an application's staging directory (docs/yarn.md, "HDFS directories"): {@code
 * <staging>/<appId>} with owner-only permissions, the secret (600), {@code eddy-conf.properties},
 * {@code core-site.xml}, and the jars into the shared cache {@code <staging>/dist}; for a per-job
 * application deployed with its job, the job graph ({@link #stageJob}).
 *
 * <p>Not thread-safe: one deployment at a time.
 */
final class ApplicationStaging {

    private static final Logger LOG = LoggerFactory.getLogger(ApplicationStaging.class);

    /** What was staged: the files every container gets, and the cache statistics. */
    record Staged(Path applicationDir, List<FileStatus> shippedFiles, java.util.Set<Path> publicFiles, JarCache.Shipment jars) {}

    private final FileSystem fs;
    private final Path stagingRoot;

    ApplicationStaging(FileSystem fs, Path stagingRoot) {
        this.fs = fs;
        this.stagingRoot = stagingRoot;
    }

    /** Stages the application; on failure the caller deletes {@link StagingLayout#applicationDir}. */
    Staged stage(String applicationId, List<java.nio.file.Path> jars, Secret secret, Map<String, String> amSettings,
            org.apache.hadoop.conf.Configuration hadoopConf) throws IOException {
        Path appDir = fs.makeQualified(StagingLayout.applicationDir(stagingRoot, applicationId));
        // The root first, with the default permissions: created as a parent of the 700 application directory it would be 700 too,
        // and the shared jar cache under it could not be localized as public resources.
        fs.mkdirs(stagingRoot);
        if (!fs.mkdirs(appDir, StagingLayout.APP_DIR_PERMISSION)) {
            throw new IOException("Cannot create the staging directory " + appDir + ": check the permissions of " + stagingRoot
                    + " or choose another root with eddy.yarn.staging-dir");
        }
        fs.setPermission(appDir, StagingLayout.APP_DIR_PERMISSION); // mkdirs applies the umask
        JarCache.Shipment shipment = new JarCache(fs, StagingLayout.distDir(stagingRoot)).ship(jars);
        Path secretFile = new Path(appDir, StagingLayout.SECRET_FILE);
        try (FSDataOutputStream out = fs.create(secretFile, StagingLayout.SECRET_PERMISSION, true, 4096,
                fs.getDefaultReplication(secretFile), fs.getDefaultBlockSize(secretFile), null)) {
            out.write(secret.toEncodedString().getBytes(StandardCharsets.US_ASCII));
        }
        fs.setPermission(secretFile, StagingLayout.SECRET_PERMISSION);
        List<Path> siteFiles = new ArrayList<>();
        for (String name : StagingLayout.HADOOP_SITE_FILES) {
            Path site = new Path(appDir, name);
            try (OutputStream out = fs.create(site, true)) {
                hadoopConf.writeXml(out);
            }
            siteFiles.add(fs.makeQualified(site));
        }
        Path settingsFile = new Path(appDir, StagingLayout.SETTINGS_FILE);
        List<Path> shipped = new ArrayList<>(shipment.paths());
        shipped.add(fs.makeQualified(secretFile));
        shipped.add(fs.makeQualified(settingsFile));
        shipped.addAll(siteFiles);
        Properties properties = new Properties();
        properties.putAll(amSettings);
        properties.setProperty(StagingLayout.SHIP_FILES_KEY, String.join(",", shipped.stream().map(Path::toString).toList()));
        try (OutputStream out = fs.create(settingsFile, true)) {
            properties.store(out, "Eddy ApplicationMaster settings of " + applicationId);
        }
        List<FileStatus> statuses = new ArrayList<>();
        for (Path path : shipped) {
            statuses.add(fs.getFileStatus(path));
        }
        LOG.info("Staged application {} in {} ({} files)", applicationId, appDir, statuses.size());
        return new Staged(appDir, statuses, ResourceVisibility.publicFiles(fs, statuses), shipment);
    }

    /**
     * Writes the job of a per-job application to {@code <appDir>/}{@value StagingLayout#JOB_GRAPH_FILE}, where the AM
     * reads it to ask for worker containers near the job's input before the job itself arrives.
     */
    void stageJob(String applicationId, JobGraph job) throws IOException {
        Path file = new Path(StagingLayout.applicationDir(stagingRoot, applicationId), StagingLayout.JOB_GRAPH_FILE);
        try (OutputStream out = fs.create(file, true)) {
            out.write(JobGraphBytes.encode(job));
        }
        LOG.info("Staged job '{}' ({}) of application {} as {}", job.name(), job.jobId(), applicationId, fs.makeQualified(file));
    }

    /** The share of a worker's heap given to managed memory when {@code worker.memory.managed.size} is not set. */
    static final double MANAGED_FRACTION_OF_HEAP = 0.4;

    /**
     * A worker container's managed memory unless the user set it: {@value #MANAGED_FRACTION_OF_HEAP}
     * of its heap ({@link LaunchContexts#heapMb}), so sorts and hash tables grow with the container
     * instead of staying at the process default.
     */
    static int defaultManagedMemoryMb(int containerMemoryMb) {
        return Math.max(1, (int) (LaunchContexts.heapMb(containerMemoryMb) * MANAGED_FRACTION_OF_HEAP));
    }

    /**
     * The AM's settings (also the workers'): the deployment's Eddy settings, every {@link YarnOptions} value resolved
     * (defaults applied), the mode and the staging root.
     */
    static Map<String, String> amSettings(Configuration settings, ContainerResources resources, YarnDeployment.Mode mode, Path stagingRoot) {
        Map<String, String> values = new java.util.TreeMap<>(settings.toMap());
        values.put(YarnOptions.CONTAINERS.key(), Integer.toString(resources.containers()));
        values.put(YarnOptions.SLOTS.key(), Integer.toString(resources.slots()));
        values.put(YarnOptions.CONTAINER_MEMORY.key(), resources.containerMemoryMb() + "m");
        values.put(YarnOptions.CONTAINER_VCORES.key(), Integer.toString(resources.containerVcores()));
        values.put(YarnOptions.AM_MEMORY.key(), resources.amMemoryMb() + "m");
        values.put(YarnOptions.MAX_FAILED_CONTAINERS.key(), Integer.toString(resources.maxFailedContainers()));
        values.put(YarnOptions.QUEUE.key(), settings.get(YarnOptions.QUEUE));
        values.put(YarnOptions.APPLICATION_ATTEMPTS.key(), Integer.toString(settings.get(YarnOptions.APPLICATION_ATTEMPTS)));
        values.put(YarnOptions.DEPLOY_TIMEOUT.key(), settings.get(YarnOptions.DEPLOY_TIMEOUT).toMillis() + "ms");
        values.put(YarnOptions.PER_JOB_IDLE_TIMEOUT.key(), settings.get(YarnOptions.PER_JOB_IDLE_TIMEOUT).toMillis() + "ms");
        values.put(YarnOptions.PER_JOB_LOCALITY_TIMEOUT.key(), settings.get(YarnOptions.PER_JOB_LOCALITY_TIMEOUT).toMillis() + "ms");
        values.put(YarnOptions.STAGING_DIR.key(), stagingRoot.toString());
        values.put(StagingLayout.MODE_KEY, mode.value());
        values.putIfAbsent(WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key(), defaultManagedMemoryMb(resources.containerMemoryMb()) + "m");
        return values;
    }
}
