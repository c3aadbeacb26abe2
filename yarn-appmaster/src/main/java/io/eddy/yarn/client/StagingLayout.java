package io.eddy.yarn.client;

import io.eddy.configuration.Configuration;
import io.eddy.yarn.YarnOptions;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The names shared by the client and the ApplicationMaster (docs/yarn.md, "HDFS directories" and
 * "Contracts"): the staging layout, the files in it, the environment and the application's type
 * and tags.
 *
 * <pre>
 * &lt;staging&gt;/dist/&lt;sha-256 prefix&gt;-&lt;name&gt;.jar   shipped jars, content-addressed
 * &lt;staging&gt;/&lt;appId&gt;/                            700, deleted when the application ends
 *     eddy-secret  (600)   eddy-conf.properties   core-site.xml   job-graph (per-job)   jobs/   checkpoints/
 * </pre>
 */
public final class StagingLayout {

    /** The application type of every Eddy application. */
    public static final String APPLICATION_TYPE = "EDDY";
    public static final String DIST_DIR = "dist";
    public static final String SECRET_FILE = "eddy-secret";
    public static final String SETTINGS_FILE = "eddy-conf.properties";
    /** The job of a per-job application deployed with it ({@code JobGraphCodec} bytes), read by the AM for locality hints. */
    public static final String JOB_GRAPH_FILE = "job-graph";
    public static final String HADOOP_CONF_FILE = "core-site.xml";
    /** Where each AM attempt publishes its control address, for the worker containers of the attempt before. */
    public static final String MASTER_ADDRESS_FILE = "master.address";
    /**
     * The client's whole Hadoop configuration is shipped under each of these names: a container's
     * {@code Configuration} reads {@code core-site.xml} before {@code hdfs-default.xml} and {@code
     * yarn-default.xml}, so as {@code core-site.xml} alone the defaults would override the client's
     * {@code dfs.*} and {@code yarn.*} values (e.g. an HA nameservice); as the site files they win.
     */
    public static final List<String> HADOOP_SITE_FILES = List.of(HADOOP_CONF_FILE, "hdfs-site.xml", "yarn-site.xml");
    /** Environment variable of the AM container: the qualified staging directory of the application. */
    public static final String APP_DIR_ENVIRONMENT_VARIABLE = "EDDY_YARN_APP_DIR";
    /** Key in {@link #SETTINGS_FILE}: {@code per-job} or {@code session}. */
    public static final String MODE_KEY = "yarn.mode";
    /** Key in {@link #SETTINGS_FILE}: comma-separated qualified paths of the files every container needs. */
    public static final String SHIP_FILES_KEY = "yarn.ship-files";

    /** rwx------ for the application's directory. */
    public static final FsPermission APP_DIR_PERMISSION = new FsPermission((short) 0700);
    /** rw------- for the secret. */
    public static final FsPermission SECRET_PERMISSION = new FsPermission((short) 0600);

    private StagingLayout() {}

    /** The qualified staging root: {@link YarnOptions#STAGING_DIR}, else {@code <home directory>/.eddy}. */
    public static Path stagingRoot(FileSystem fs, Configuration settings) throws IOException {
        String configured = settings.get(YarnOptions.STAGING_DIR);
        Path root = configured == null || configured.isBlank() ? new Path(fs.getHomeDirectory(), ".eddy") : new Path(configured);
        return fs.makeQualified(root);
    }

    /** {@code <staging>/<appId>}. */
    public static Path applicationDir(Path stagingRoot, String applicationId) {
        return new Path(stagingRoot, applicationId);
    }

    /** {@code <staging>/dist}. */
    public static Path distDir(Path stagingRoot) {
        return new Path(stagingRoot, DIST_DIR);
    }
}
