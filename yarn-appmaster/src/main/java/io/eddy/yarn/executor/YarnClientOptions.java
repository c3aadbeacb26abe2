package io.eddy.yarn.executor;

import io.eddy.configuration.ConfigOption;
import java.time.Duration;

/**
 * Options of a YARN client process ({@code eddy run --target yarn|yarn-session:APPID}, {@code eddy
 * yarn-session ...}, a job's {@code main} under {@code yarn jar}), set as system properties with
 * the prefix {@code eddy.}.
 */
public final class YarnClientOptions {

    public static final ConfigOption<String> HADOOP_CONF_DIR = ConfigOption.of("hadoop.conf-dir", String.class, null,
            "Directory holding the client's core-site.xml, hdfs-site.xml and yarn-site.xml; takes precedence over the environment "
                    + "variable HADOOP_CONF_DIR (default: HADOOP_CONF_DIR, else HADOOP_HOME/etc/hadoop, else the class path)");

    public static final ConfigOption<Duration> REATTACH_TIMEOUT = ConfigOption.of("yarn.client.reattach-timeout", Duration.class,
            Duration.ofMinutes(5), "How long a client attached to a job waits, after it lost the connection to the ApplicationMaster, for a"
                    + " new AM attempt to serve the job before it fails (0: one look, no waiting)");

    private YarnClientOptions() {}
}
