package io.eddy.yarn.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the client's Hadoop configuration, as {@code hadoop} and {@code yarn} commands do: the
 * {@code *-site.xml} files of {@code HADOOP_CONF_DIR}, else of {@code HADOOP_HOME/etc/hadoop},
 * else whatever {@code core-site.xml} / {@code hdfs-site.xml} / {@code yarn-site.xml} the class path
 * holds (and Hadoop's defaults).
 */
public final class HadoopConfigurations {

    private static final Logger LOG = LoggerFactory.getLogger(HadoopConfigurations.class);
    /** The site files a Hadoop configuration directory holds, any of them. */
    static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml");

    private HadoopConfigurations() {}

    /** The Hadoop configuration of this process's environment (see the class comment). */
    public static Configuration load() {
        return load(System.getenv());
    }

    /** {@link #load()} with the given environment variables (a test seam). */
    static Configuration load(Map<String, String> environment) {
        HdfsConfiguration.init(); // registers hdfs-default.xml and hdfs-site.xml as default resources
        Path dir = configurationDirectory(environment);
        if (dir == null) {
            LOG.info("Neither HADOOP_CONF_DIR nor HADOOP_HOME is set: using the Hadoop configuration on the class path");
            return new YarnConfiguration();
        }
        Configuration conf = new Configuration();
        int found = 0;
        for (String file : SITE_FILES) {
            Path site = dir.resolve(file);
            if (Files.isRegularFile(site)) {
                conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
                found++;
            }
        }
        if (found == 0) {
            LOG.warn("The Hadoop configuration directory {} holds none of {}: using Hadoop's defaults", dir, SITE_FILES);
        } else {
            LOG.info("Using the Hadoop configuration in {}", dir);
        }
        return new YarnConfiguration(conf);
    }

    /** HADOOP_CONF_DIR, else HADOOP_HOME/etc/hadoop (if it exists), else null. */
    static Path configurationDirectory(Map<String, String> environment) {
        String confDir = environment.get("HADOOP_CONF_DIR");
        if (confDir != null && !confDir.isBlank()) {
            Path dir = Path.of(confDir);
            if (!Files.isDirectory(dir)) {
                LOG.warn("HADOOP_CONF_DIR={} is not a directory", confDir);
            }
            return dir;
        }
        String home = environment.get("HADOOP_HOME");
        if (home != null && !home.isBlank()) {
            Path dir = Path.of(home, "etc", "hadoop");
            if (Files.isDirectory(dir)) {
                return dir;
            }
        }
        return null;
    }
}
