package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterProcessesDefaultsTest {

    @Test
    void hugePagesUnlessTheKernelOffersNone(@TempDir Path dir) throws Exception {
        Path setting = dir.resolve("enabled");
        Files.writeString(setting, "always [madvise] never\n");
        assertThat(ClusterProcesses.defaultJvmOptions(setting)).contains("-XX:+UseTransparentHugePages", "-XX:+UseParallelGC");
        Files.writeString(setting, "[always] madvise never\n");
        assertThat(ClusterProcesses.defaultJvmOptions(setting)).contains("-XX:+UseTransparentHugePages");
        Files.writeString(setting, "always madvise [never]\n");
        assertThat(ClusterProcesses.defaultJvmOptions(setting)).doesNotContain("-XX:+UseTransparentHugePages").contains("-XX:+UseParallelGC");
        assertThat(ClusterProcesses.defaultJvmOptions(dir.resolve("missing"))).containsExactly("-Xmx512m", "-XX:+UseParallelGC");
    }
}
