package io.eddy.runtime.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.Configuration;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ContainerMain --settings-file}: a worker's settings from a properties file, overridden by {@code -Deddy.*}. */
class ContainerMainSettingsTest {

    @Test
    void theFileGivesSettingsAndSystemPropertiesOverrideThem(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("eddy-conf.properties"),
                "# written by the YARN client\nworker.memory.managed.size=307m\nio.tmp.dirs=/from/file\n");
        String key = "eddy.io.tmp.dirs";
        String previous = System.setProperty(key, "/from/system");
        try {
            Configuration settings = ContainerMain.settings(file);
            assertThat(settings.toMap()).containsEntry("worker.memory.managed.size", "307m").containsEntry("io.tmp.dirs", "/from/system");
        } finally {
            if (previous == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, previous);
            }
        }
        assertThat(ContainerMain.settings(null).toMap()).doesNotContainKey("worker.memory.managed.size");
    }
}
