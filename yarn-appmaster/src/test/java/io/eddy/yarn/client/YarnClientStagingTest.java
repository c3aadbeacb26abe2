package io.eddy.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.yarn.YarnOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the client ships and asks for, without a cluster: stable names of packed directories, the
 * request's checks, the AM's settings (the class path rules are {@link ShippedClassPathTest}'s).
 */
class YarnClientStagingTest {

    @TempDir
    Path dir;

    @Test
    void packingIsDeterministicSoTheCacheNameIsStable() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("m/target/test-classes/p"));
        Files.writeString(classes.resolve("X.class"), "x");
        Files.writeString(classes.resolve("Y.class"), "y");
        Path first = ShippedClassPath.pack(classes.getParent());
        String name = JarCache.cacheName(first);
        assertThat(name).matches("[0-9a-f]{16}-m-test-classes\\.jar");
        Path second = ShippedClassPath.pack(classes.getParent());
        assertThat(JarCache.cacheName(second)).isEqualTo(name);

        Files.writeString(classes.resolve("Z.class"), "z");
        assertThat(JarCache.cacheName(ShippedClassPath.pack(classes.getParent()))).as("changed content, new name").isNotEqualTo(name);
    }

    @Test
    void resourcesResolveDefaultsFromTheOptions() throws Exception {
        ContainerResources r = ContainerResources.of(new Configuration().set(YarnOptions.CONTAINERS, 3).set(YarnOptions.SLOTS, 2));
        assertThat(r).isEqualTo(new ContainerResources(3, 2, 1024, 2, 1024, 3, ContainerResources.UNLIMITED));
        ContainerResources explicit = ContainerResources.of(new Configuration().set(YarnOptions.CONTAINER_VCORES, 1)
                .set(YarnOptions.MAX_FAILED_CONTAINERS, 0).set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse("512m")));
        assertThat(explicit).isEqualTo(new ContainerResources(1, 1, 512, 1, 1024, 0, ContainerResources.UNLIMITED));
    }

    @Test
    void outOfRangeValuesNameTheOptionAndTheFix() {
        assertThatThrownBy(() -> ContainerResources.of(new Configuration().set(YarnOptions.CONTAINERS, 0).set(YarnOptions.SLOTS, -1)))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("yarn.containers is 0 (expected: at least 1): set --containers")
                .hasMessageContaining("yarn.slots is -1");
        assertThatThrownBy(() -> ContainerResources.of(new Configuration().setString("yarn.container-memory", "lots")))
                .isInstanceOf(YarnDeploymentException.class).hasMessageContaining("yarn.container-memory").hasMessageContaining("lots");
    }

    @Test
    void containersAboveTheClusterMaximumAreRefusedNotShrunk() throws Exception {
        ContainerResources r = ContainerResources.of(new Configuration().set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse("4g"))
                .set(YarnOptions.SLOTS, 8));
        assertThatThrownBy(() -> r.checkAgainstMaximum(2048, 4))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageContaining("yarn.container-memory of 4096 MB is above the cluster's largest container of 2048 MB")
                .hasMessageContaining("yarn.scheduler.maximum-allocation-mb").hasMessageContaining("--container-memory")
                .hasMessageContaining("yarn.container-vcores of 8").hasMessageContaining("yarn.scheduler.maximum-allocation-vcores");
        r.checkAgainstMaximum(8192, 8);
    }

    @Test
    void theAmSettingsCarryEveryResolvedYarnOptionAndTheOtherSettings() {
        Configuration settings = new Configuration().set(YarnOptions.CONTAINERS, 2).setString("restart-strategy", "fixed-delay");
        Map<String, String> am = ApplicationStaging.amSettings(settings, new ContainerResources(2, 1, 1024, 1, 512, 2, ContainerResources.UNLIMITED), YarnDeployment.Mode.SESSION,
                new org.apache.hadoop.fs.Path("hdfs://nn/user/a/.eddy"));
        assertThat(am).containsEntry("yarn.mode", "session").containsEntry("yarn.containers", "2").containsEntry("yarn.am-memory", "512m")
                .containsEntry("yarn.container-memory", "1024m").containsEntry("yarn.max-failed-containers", "2").containsEntry("yarn.queue", "default")
                .containsEntry("yarn.application-attempts", "2").containsEntry("yarn.staging-dir", "hdfs://nn/user/a/.eddy")
                .containsEntry("restart-strategy", "fixed-delay").containsKeys("yarn.deploy-timeout", "yarn.per-job.idle-timeout")
                .containsEntry("yarn.per-job.locality-timeout", "10000ms")
                // 40% of the worker's heap of 768 MB (75% of 1024 MB)
                .containsEntry("worker.memory.managed.size", "307m");
        Map<String, String> chosen = ApplicationStaging.amSettings(new Configuration(settings.toMap()).setString("worker.memory.managed.size", "64m"),
                new ContainerResources(2, 1, 1024, 1, 512, 2, ContainerResources.UNLIMITED), YarnDeployment.Mode.SESSION, new org.apache.hadoop.fs.Path("hdfs://nn/s"));
        assertThat(chosen).as("a managed memory size the user chose is kept").containsEntry("worker.memory.managed.size", "64m");
    }

    @Test
    void hadoopConfDirComesBeforeHadoopHome() throws Exception {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Path home = Files.createDirectories(dir.resolve("home/etc/hadoop"));
        assertThat(HadoopConfigurations.configurationDirectory(Map.of("HADOOP_CONF_DIR", conf.toString(), "HADOOP_HOME", dir.resolve("home").toString())))
                .isEqualTo(conf);
        assertThat(HadoopConfigurations.configurationDirectory(Map.of("HADOOP_HOME", dir.resolve("home").toString()))).isEqualTo(home);
        assertThat(HadoopConfigurations.configurationDirectory(Map.of())).isNull();

        Files.writeString(conf.resolve("core-site.xml"), "<configuration><property><name>fs.defaultFS</name><value>hdfs://nn.example:8020</value>"
                + "</property></configuration>");
        Files.writeString(conf.resolve("yarn-site.xml"), "<configuration><property><name>yarn.resourcemanager.address</name>"
                + "<value>rm.example:8032</value></property></configuration>");
        org.apache.hadoop.conf.Configuration loaded = HadoopConfigurations.load(Map.of("HADOOP_CONF_DIR", conf.toString()));
        assertThat(loaded.get("fs.defaultFS")).isEqualTo("hdfs://nn.example:8020");
        assertThat(loaded.get("yarn.resourcemanager.address")).isEqualTo("rm.example:8032");
    }

    @Test
    void theHadoopConfigurationIsShippedAsEverySiteFileSoThatNoDefaultOverridesTheClientsValues() throws Exception {
        org.apache.hadoop.fs.FileSystem local = org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()).getRaw();
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1, 2, 3});
        org.apache.hadoop.conf.Configuration client = new org.apache.hadoop.conf.Configuration(false);
        client.set("dfs.nameservices", "eddy-ha");
        client.set("yarn.resourcemanager.ha.enabled", "true");
        ApplicationStaging staging = new ApplicationStaging(local, new org.apache.hadoop.fs.Path(dir.resolve("staging").toUri()));
        ApplicationStaging.Staged staged = staging.stage("application_1_0001", List.of(jar), io.eddy.runtime.rpc.Secret.generate(),
                Map.of(StagingLayout.MODE_KEY, "session"), client);

        List<String> shippedNames = staged.shippedFiles().stream().map(f -> f.getPath().getName()).toList();
        assertThat(shippedNames).contains("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "eddy-secret", "eddy-conf.properties");
        for (String site : StagingLayout.HADOOP_SITE_FILES) {
            org.apache.hadoop.conf.Configuration read = new org.apache.hadoop.conf.Configuration(false);
            read.addResource(new org.apache.hadoop.fs.Path(staged.applicationDir(), site));
            assertThat(read.get("dfs.nameservices")).as(site).isEqualTo("eddy-ha");
            assertThat(read.get("yarn.resourcemanager.ha.enabled")).as(site).isEqualTo("true");
        }
    }

    @Test
    void aPerJobApplicationsJobIsStagedForTheAmAndNotShippedToContainers() throws Exception {
        org.apache.hadoop.fs.FileSystem local = org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()).getRaw();
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.fromElements(1, 2, 3).writeAsText(dir.resolve("out").toUri().toString());
        JobGraph job = env.getJobGraph("staged job");
        ApplicationStaging staging = new ApplicationStaging(local, new org.apache.hadoop.fs.Path(dir.resolve("staging").toUri()));
        ApplicationStaging.Staged staged = staging.stage("application_1_0002", List.of(Files.write(dir.resolve("app.jar"), new byte[] {1})),
                io.eddy.runtime.rpc.Secret.generate(), Map.of(StagingLayout.MODE_KEY, "per-job"), new org.apache.hadoop.conf.Configuration(false));

        staging.stageJob("application_1_0002", job);

        JobGraph read = JobGraphBytes.decode(Files.readAllBytes(dir.resolve("staging/application_1_0002/" + StagingLayout.JOB_GRAPH_FILE)));
        assertThat(read.jobId()).isEqualTo(job.jobId());
        assertThat(read.name()).isEqualTo("staged job");
        assertThat(read.vertices()).hasSameSizeAs(job.vertices());
        assertThat(staged.shippedFiles()).extracting(f -> f.getPath().getName()).doesNotContain(StagingLayout.JOB_GRAPH_FILE);

        assertThatThrownBy(() -> new YarnDeployment(YarnDeployment.Mode.SESSION, "s", List.of(), new Configuration(), job))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only per-job applications are deployed with their job");
    }
}
