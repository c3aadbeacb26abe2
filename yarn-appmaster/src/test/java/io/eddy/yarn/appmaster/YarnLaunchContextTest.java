package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.ContainerJvmOptions;
import io.eddy.yarn.client.LaunchContexts;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.junit.jupiter.api.Test;

/** The launch contexts of the AM's worker containers and of the AM itself. */
class YarnLaunchContextTest {

    private static final String APP = "hdfs://nn:8020/user/alice/.eddy/application_1_0001/";
    private static final Path JAR = new Path("hdfs://nn:8020/user/alice/.eddy/dist/0123456789abcdef-eddy.jar");
    private static final List<FileStatus> SHIPPED = List.of(
            status(JAR, 1000, 0644),
            status(new Path(APP + "eddy-secret"), 64, 0600),
            status(new Path(APP + "eddy-conf.properties"), 300, 0644),
            status(new Path(APP + "core-site.xml"), 5000, 0644));

    private static FileStatus status(Path path, long length, int permission) {
        return new FileStatus(length, false, 1, 128L << 20, 1_700_000_000_000L + length, 0, new FsPermission((short) permission), "alice",
                "users", path);
    }

    @Test
    void workerGetsEveryShippedFileUnderItsNameAndTheSecretOnlyAsAPrivateFile() {
        ContainerLaunchContext context = new WorkerLaunchSpec(SHIPPED, Set.of(JAR), InetSocketAddress.createUnresolved("am-host", 40123), 2, 1024)
                .build("container_1_0001_01_000002", "node-7");
        Map<String, LocalResource> resources = context.getLocalResources();
        assertThat(resources).containsOnlyKeys("0123456789abcdef-eddy.jar", "eddy-secret", "eddy-conf.properties", "core-site.xml");
        LocalResource jar = resources.get("0123456789abcdef-eddy.jar");
        assertThat(jar.getType()).isEqualTo(LocalResourceType.FILE);
        assertThat(jar.getVisibility()).isEqualTo(LocalResourceVisibility.PUBLIC);
        assertThat(jar.getSize()).isEqualTo(1000);
        assertThat(jar.getTimestamp()).isEqualTo(1_700_000_001_000L);
        assertThat(jar.getResource().getFile()).isEqualTo("/user/alice/.eddy/dist/0123456789abcdef-eddy.jar");
        assertThat(resources.get("eddy-secret").getVisibility()).isEqualTo(LocalResourceVisibility.APPLICATION);
        assertThat(resources.get("core-site.xml").getVisibility()).isEqualTo(LocalResourceVisibility.APPLICATION);

        assertThat(context.getEnvironment()).containsOnlyKeys("CLASSPATH");
        assertThat(context.getEnvironment().get("CLASSPATH")).isEqualTo("{{PWD}}<CPS>{{PWD}}/*");
        assertThat(context.getCommands()).hasSize(1);
        String command = context.getCommands().get(0);
        assertThat(command).startsWith("{{JAVA_HOME}}/bin/java -Xmx768m ")
                .contains(" -Dlog4j2.configurationFile=log4j2-process.xml -Deddy.log.file=<LOG_DIR>/worker.log -XX:+UseParallelGC"
                        + " io.eddy.runtime.worker.ContainerMain ")
                .contains(" io.eddy.runtime.worker.ContainerMain --master am-host:40123 --slots 2 --name container_1_0001_01_000002"
                        + " --host node-7 --tmp-dir ${LOCAL_DIRS%%,*} --secret-file eddy-secret --settings-file eddy-conf.properties ")
                .endsWith(" 1><LOG_DIR>/worker.out 2><LOG_DIR>/worker.err");
        assertThat(context.getTokens()).isNull();
    }

    @Test
    void workerIsToldWhereLaterAttemptsPublishTheMastersAddress() {
        String file = "hdfs://nn:8020/user/alice/.eddy/application_1_0001/master.address";
        String command = new WorkerLaunchSpec(SHIPPED, Set.of(), InetSocketAddress.createUnresolved("am-host", 40123), 1, 512, file)
                .build("container_1_0001_01_000002", "node-7").getCommands().get(0);
        assertThat(command).contains(" --settings-file eddy-conf.properties --master-address-file " + file + " ");
    }

    @Test
    void theSecretsValueAppearsNeitherOnTheCommandLineNorInTheEnvironment() {
        String secret = io.eddy.runtime.rpc.Secret.generate().toEncodedString();
        ContainerLaunchContext context = new WorkerLaunchSpec(SHIPPED, Set.of(), InetSocketAddress.createUnresolved("h", 1), 1, 512)
                .build("c", "n");
        assertThat(String.join(" ", context.getCommands())).doesNotContain(secret).doesNotContain("EDDY_CLUSTER_SECRET")
                .doesNotContain("--secret ");
        assertThat(context.getEnvironment().toString()).doesNotContain(secret).doesNotContain("EDDY_CLUSTER_SECRET");
    }

    @Test
    void aWorkerWithoutTheSecretFileIsABug() {
        assertThatThrownBy(() -> new WorkerLaunchSpec(SHIPPED.subList(0, 1), Set.of(), InetSocketAddress.createUnresolved("h", 1), 1, 512))
                .hasMessageContaining("Bug").hasMessageContaining("eddy-secret");
    }

    @Test
    void theUsersJvmOptionsFollowEddysSoThatTheyWin() {
        Configuration settings = new Configuration().set(YarnOptions.CONTAINER_JVM_OPTIONS, " -Xmx300m  -XX:+UseG1GC -Dmarker=a=b ");
        String command = new WorkerLaunchSpec(SHIPPED, Set.of(), InetSocketAddress.createUnresolved("h", 1), 1, 512, null,
                ContainerJvmOptions.worker(settings)).build("c", "n").getCommands().get(0);
        assertThat(command).contains(" -Deddy.log.file=<LOG_DIR>/worker.log -XX:+UseParallelGC -Xmx300m -XX:+UseG1GC -Dmarker=a=b"
                + " io.eddy.runtime.worker.ContainerMain --master h:1 ");
    }

    @Test
    void amCommandAndHeap() {
        String command = new LaunchContexts.JavaCommand(1024, "am", YarnApplicationMasterMain.class.getName(), List.of(), List.of()).render();
        assertThat(command).isEqualTo("{{JAVA_HOME}}/bin/java -Xmx768m -Dlog4j2.configurationFile=log4j2-process.xml"
                + " -Deddy.log.file=<LOG_DIR>/am.log io.eddy.yarn.appmaster.YarnApplicationMasterMain 1><LOG_DIR>/am.out 2><LOG_DIR>/am.err");
        String withOptions = new LaunchContexts.JavaCommand(1024, "am", YarnApplicationMasterMain.class.getName(),
                ContainerJvmOptions.am(new Configuration().set(YarnOptions.AM_JVM_OPTIONS, "-XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=<LOG_DIR>")),
                List.of()).render();
        assertThat(withOptions).contains(" -Deddy.log.file=<LOG_DIR>/am.log -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=<LOG_DIR>"
                + " io.eddy.yarn.appmaster.YarnApplicationMasterMain 1>");
        assertThat(LaunchContexts.heapMb(128)).isEqualTo(96);
        assertThat(LaunchContexts.heapMb(10)).isEqualTo(32);
    }

    @Test
    void twoShippedFilesOfOneNameAreABug() {
        assertThatThrownBy(() -> LaunchContexts.localResources(List.of(SHIPPED.get(0), SHIPPED.get(0)), Set.of()))
                .hasMessageContaining("Bug").hasMessageContaining("0123456789abcdef-eddy.jar");
    }
}
