package io.eddy.yarn.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.master.MasterOptions;
import io.eddy.yarn.YarnOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The YARN execution targets' registration, configuration checks and job jars (no cluster is contacted). */
class YarnTargetsTest {

    @TempDir
    Path dir;

    @Test
    void bothTargetsAreRegisteredServices() {
        List<String> targets = ServiceLoader.load(PipelineExecutorFactory.class).stream()
                .map(p -> p.get().target()).collect(Collectors.toList());
        assertThat(targets).contains("yarn", "yarn-session", "remote", "embedded");
    }

    @Test
    void theSessionTargetNeedsAnApplicationId() {
        YarnSessionExecutorFactory factory = new YarnSessionExecutorFactory();
        assertThatThrownBy(() -> factory.create(new Configuration()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("eddy.yarn.application-id=application_...")
                .hasMessageContaining("eddy run --target yarn-session:APPID");
        assertThatThrownBy(() -> factory.create(new Configuration().set(YarnOptions.APPLICATION_ID, "app-7")))
                .hasMessageContaining("eddy.yarn.application-id=app-7 is not a YARN application id");
        assertThat(factory.create(new Configuration().set(YarnOptions.APPLICATION_ID, "application_1700000000000_0042"))).isNotNull();
    }

    @Test
    void jobJarsMustExistBeforeAnythingIsSubmitted() throws IOException {
        Path jar = Files.write(dir.resolve("app.jar"), new byte[] {1});
        assertThat(YarnJobJars.resolve(List.of(jar), null)).containsExactly(jar.toAbsolutePath());
        Path missing = dir.resolve("missing.jar");
        assertThatThrownBy(() -> YarnJobJars.resolve(List.of(missing), null)).isInstanceOf(IOException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("nothing was submitted to YARN");
    }

    @Test
    void underYarnJarTheJarRunJarRunsIsTheJobJar() throws IOException {
        Path jar = Files.write(dir.resolve("wordcount.jar"), new byte[] {1});
        String command = "org.apache.hadoop.util.RunJar " + jar + " hdfs:///in hdfs:///out";
        assertThat(YarnJobJars.resolve(List.of(), command)).containsExactly(jar.toAbsolutePath());
        Path other = Files.write(dir.resolve("other.jar"), new byte[] {1});
        assertThat(YarnJobJars.resolve(List.of(other), command)).as("configured jars win").containsExactly(other.toAbsolutePath());
        assertThat(YarnJobJars.resolve(List.of(), "com.example.Main " + jar)).isEmpty();
    }

    @Test
    void aPerJobMasterWaitsForItsWorkersAsLongAsTheDeploymentUnlessTheJobSaysOtherwise() {
        Configuration defaults = YarnPerJobExecutor.withSlotWait(new Configuration());
        assertThat(defaults.get(MasterOptions.SLOT_WAIT_TIMEOUT)).isEqualTo(YarnOptions.DEPLOY_TIMEOUT.defaultValue());
        Configuration longer = YarnPerJobExecutor.withSlotWait(new Configuration().set(YarnOptions.DEPLOY_TIMEOUT, Duration.ofMinutes(5)));
        assertThat(longer.get(MasterOptions.SLOT_WAIT_TIMEOUT)).isEqualTo(Duration.ofMinutes(5));
        Configuration tiny = YarnPerJobExecutor.withSlotWait(new Configuration().set(YarnOptions.DEPLOY_TIMEOUT, Duration.ofSeconds(1)));
        assertThat(tiny.get(MasterOptions.SLOT_WAIT_TIMEOUT)).as("never below the master's default").isEqualTo(MasterOptions.SLOT_WAIT_TIMEOUT.defaultValue());
        Configuration explicit = YarnPerJobExecutor.withSlotWait(new Configuration().set(MasterOptions.SLOT_WAIT_TIMEOUT, Duration.ofSeconds(3)));
        assertThat(explicit.get(MasterOptions.SLOT_WAIT_TIMEOUT)).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void anExplicitHadoopConfDirMustHoldTheSiteFiles() throws IOException {
        Configuration notADir = new Configuration().set(YarnClientOptions.HADOOP_CONF_DIR, dir.resolve("nope").toString());
        assertThatThrownBy(() -> HadoopClientConfiguration.load(notADir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("eddy.hadoop.conf-dir=").hasMessageContaining("is not a directory");
        Configuration empty = new Configuration().set(YarnClientOptions.HADOOP_CONF_DIR, dir.toString());
        assertThatThrownBy(() -> HadoopClientConfiguration.load(empty)).hasMessageContaining("holds none of [core-site.xml");
        Files.writeString(dir.resolve("yarn-site.xml"), """
                <?xml version="1.0"?>
                <configuration>
                  <property><name>yarn.resourcemanager.address</name><value>rm.example.com:8032</value></property>
                </configuration>
                """);
        assertThat(HadoopClientConfiguration.load(empty).get("yarn.resourcemanager.address")).isEqualTo("rm.example.com:8032");
    }
}
