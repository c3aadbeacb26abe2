package io.eddy.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.yarn.YarnOptions;
import org.junit.jupiter.api.Test;

class ContainerJvmOptionsTest {

    @Test
    void workersGetEddysOptionsThenTheUsersAndTheAmOnlyTheUsers() {
        assertThat(ContainerJvmOptions.worker(new Configuration())).containsExactly("-XX:+UseParallelGC");
        assertThat(ContainerJvmOptions.am(new Configuration())).isEmpty();
        Configuration settings = new Configuration()
                .set(YarnOptions.CONTAINER_JVM_OPTIONS, "\t-XX:+UseG1GC   -Dkey=a,b:c/d.e%f+g@h -Xlog:gc:file=<LOG_DIR>/gc.log\n")
                .set(YarnOptions.AM_JVM_OPTIONS, "-Xss2m");
        assertThat(ContainerJvmOptions.worker(settings))
                .containsExactly("-XX:+UseParallelGC", "-XX:+UseG1GC", "-Dkey=a,b:c/d.e%f+g@h", "-Xlog:gc:file=<LOG_DIR>/gc.log");
        assertThat(ContainerJvmOptions.am(settings)).containsExactly("-Xss2m");
        assertThat(ContainerJvmOptions.am(new Configuration().set(YarnOptions.AM_JVM_OPTIONS, "   "))).isEmpty();
    }

    @Test
    void optionsTheLaunchShellWouldInterpretAreRejectedWithTheirSetting() {
        for (String bad : new String[] {"-Dx='ab'", "-Dx=\"a\"", "-Dx=a\\b", "-Dx=$HOME", "-Dx=`id`", "-Dx=a;rm", "-Dx=a&b", "-Dx=a|b",
                "-Dx=>out", "-Dx=<in", "-Dx=$(id)", "-Dx=*", "-Dx=a?", "-Dx=~", "-Dx=!1", "-Dx=#", "-Dx={a}", "-Dx=[a]"}) {
            assertThatThrownBy(() -> ContainerJvmOptions.worker(new Configuration().set(YarnOptions.CONTAINER_JVM_OPTIONS, "-Xss1m " + bad)))
                    .as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("yarn.container-jvm-options").hasMessageContaining(bad).hasMessageContaining("shell");
        }
        assertThatThrownBy(() -> ContainerJvmOptions.am(new Configuration().set(YarnOptions.AM_JVM_OPTIONS, "-Xss1m Xmx1g")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("yarn.am-jvm-options").hasMessageContaining("'Xmx1g'")
                .hasMessageContaining("starting with '-'");
    }
}
