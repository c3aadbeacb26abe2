package io.eddy.yarn.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The test kit itself: HDFS and YARN are up, and a client configured from its conf directory reaches both. */
class MiniHadoopClusterITCase {

    @RegisterExtension
    static final MiniHadoopCluster HADOOP = MiniHadoopCluster.shared();

    @Test
    void aClientConfiguredFromTheConfDirectoryReachesHdfsAndYarn() throws Exception {
        Configuration client = new Configuration(false);
        client.addResource(new Path(HADOOP.confDir().resolve("core-site.xml").toUri()));
        client.addResource(new Path(HADOOP.confDir().resolve("yarn-site.xml").toUri()));
        assertThat(client.get("fs.defaultFS")).isEqualTo(HADOOP.hdfsUri());

        FileSystem fs = FileSystem.get(client);
        try (FSDataOutputStream out = fs.create(new Path("/kit/hello.txt"))) {
            out.write("hello".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(HADOOP.fileSystem().getFileStatus(new Path("/kit/hello.txt")).getLen()).isEqualTo(5);

        assertThat(HADOOP.yarnClient().getNodeReports(NodeState.RUNNING)).hasSize(1);
        assertThat(Files.readString(HADOOP.confDir().resolve("yarn-site.xml"))).contains(HADOOP.hadoopConf().get("yarn.resourcemanager.address"));
    }
}
