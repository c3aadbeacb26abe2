package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.master.MasterOptions;
import io.eddy.yarn.client.YarnDeployment;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The AM's reading of {@code eddy-conf.properties} and of its environment. */
class YarnAmSettingsTest {

    private static Configuration written() {
        return new Configuration(Map.of("yarn.mode", "per-job", "yarn.ship-files", "hdfs://nn/a.jar, hdfs://nn/app/eddy-secret",
                "yarn.containers", "3", "yarn.deploy-timeout", "90s"));
    }

    @Test
    void readsModeResourcesAndShipFiles() throws IOException {
        AmSettings settings = AmSettings.of(written(), "eddy-conf.properties");
        assertThat(settings.mode()).isEqualTo(YarnDeployment.Mode.PER_JOB);
        assertThat(settings.resources().containers()).isEqualTo(3);
        assertThat(settings.resources().maxFailedContainers()).isEqualTo(3);
        assertThat(settings.shipFiles()).containsExactly("hdfs://nn/a.jar", "hdfs://nn/app/eddy-secret");
    }

    @Test
    void theMasterWaitsForSlotsAsLongAsTheDeploymentUnlessTold() throws IOException {
        assertThat(AmSettings.of(written(), "f").masterSettings().get(MasterOptions.SLOT_WAIT_TIMEOUT)).isEqualTo(Duration.ofSeconds(90));
        Configuration told = written().set(MasterOptions.SLOT_WAIT_TIMEOUT, Duration.ofSeconds(5));
        assertThat(AmSettings.of(told, "f").masterSettings().get(MasterOptions.SLOT_WAIT_TIMEOUT)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void settingsOfAnotherVersionAreRefusedWithWhatToDo() {
        assertThatThrownBy(() -> AmSettings.of(new Configuration(Map.of("yarn.containers", "1")), "eddy-conf.properties"))
                .isInstanceOf(IOException.class).hasMessageContaining("yarn.mode").hasMessageContaining("deploy the application again");
        assertThatThrownBy(() -> AmSettings.of(new Configuration(Map.of("yarn.mode", "batch", "yarn.ship-files", "x")), "f"))
                .isInstanceOf(IOException.class).hasMessageContaining("'batch'").hasMessageContaining("per-job or session");
    }

    @Test
    void theEnvironmentNamesTheAttemptAndWhatIsMissing() {
        AmEnvironment env = AmEnvironment.of(Map.of("EDDY_YARN_APP_DIR", "hdfs://nn/app", "NM_HOST", "node-1",
                "CONTAINER_ID", "container_1700000000000_0007_02_000001"), Path.of("/work"));
        assertThat(env.attempt()).isEqualTo(2);
        assertThat(env.applicationId()).isEqualTo("application_1700000000000_0007");
        assertThatThrownBy(() -> AmEnvironment.of(Map.of("NM_HOST", "n"), Path.of("/work")))
                .hasMessageContaining("EDDY_YARN_APP_DIR").hasMessageContaining("YarnClusterDeployer");
    }
}
