package io.eddy.yarn.executor;

import io.eddy.configuration.Configuration;
import io.eddy.yarn.client.HadoopConfigurations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The Hadoop configuration of a YARN client: the directory of {@link
 * YarnClientOptions#HADOOP_CONF_DIR} when it is set (a test or a user without access to the
 * environment, e.g. an in-process CLI, sets it as {@code -Deddy.hadoop.conf-dir=DIR}), else what
 * {@link HadoopConfigurations#load()} finds ({@code HADOOP_CONF_DIR}, {@code HADOOP_HOME}, the class
 * path).
 */
public final class HadoopClientConfiguration {

    private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml");

    private HadoopClientConfiguration() {}

    /**
     * The Hadoop configuration for {@code settings}.
     *
     * @throws IllegalArgumentException if {@code hadoop.conf-dir} is set but is not a directory or
     *     holds no site file, naming the directory and what to put there
     */
    public static org.apache.hadoop.conf.Configuration load(Configuration settings) {
        String dir = settings.get(YarnClientOptions.HADOOP_CONF_DIR);
        if (dir == null || dir.isBlank()) {
            return HadoopConfigurations.load();
        }
        Path path = Path.of(dir.trim()).toAbsolutePath().normalize();
        String option = "eddy." + YarnClientOptions.HADOOP_CONF_DIR.key();
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException(option + "=" + dir + ": " + path + " is not a directory (expected: the directory "
                    + "holding the cluster's core-site.xml and yarn-site.xml, as HADOOP_CONF_DIR)");
        }
        HdfsConfiguration.init(); // registers hdfs-default.xml as a default resource
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
        int found = 0;
        for (String file : SITE_FILES) {
            Path site = path.resolve(file);
            if (Files.isRegularFile(site)) {
                conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
                found++;
            }
        }
        if (found == 0) {
            throw new IllegalArgumentException(option + "=" + dir + ": the directory holds none of " + SITE_FILES
                    + " (expected: the cluster's client configuration, as in HADOOP_CONF_DIR)");
        }
        return new YarnConfiguration(conf);
    }
}
