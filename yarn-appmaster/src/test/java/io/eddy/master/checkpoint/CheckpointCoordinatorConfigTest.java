package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckpointCoordinatorConfigTest {

    @Test
    void jobSettingsOverrideClusterDefaults() {
        Configuration cluster = new Configuration(Map.of(CheckpointingOptions.RETAINED.key(), "3", CheckpointingOptions.INTERVAL.key(), "1s"));
        Configuration job = new Configuration(Map.of(CheckpointingOptions.INTERVAL.key(), "200ms", CheckpointingOptions.MODE.key(), "at-least-once"));
        CheckpointCoordinatorConfig c = CheckpointCoordinatorConfig.from(cluster, job);
        assertThat(c.interval()).isEqualTo(Duration.ofMillis(200));
        assertThat(c.retained()).isEqualTo(3);
        assertThat(c.exactlyOnce()).isFalse();
        assertThat(c.isEnabled()).isTrue();
        assertThat(CheckpointCoordinatorConfig.from(new Configuration(), new Configuration()).isEnabled()).isFalse();
    }

    @Test
    void badValuesNameTheOption() {
        assertThatThrownBy(() -> CheckpointCoordinatorConfig.from(new Configuration(),
                new Configuration(Map.of(CheckpointingOptions.INTERVAL.key(), "5ms"))))
                .hasMessageContaining("execution.checkpointing.interval: 5 ms").hasMessageContaining(">= 10 ms");
        assertThatThrownBy(() -> CheckpointCoordinatorConfig.from(new Configuration(),
                new Configuration(Map.of(CheckpointingOptions.MAX_CONCURRENT.key(), "0"))))
                .hasMessageContaining("execution.checkpointing.max-concurrent: 0");
        assertThatThrownBy(() -> CheckpointCoordinatorConfig.from(new Configuration(),
                new Configuration(Map.of(CheckpointingOptions.MODE.key(), "twice"))))
                .hasMessageContaining("execution.checkpointing.mode: twice").hasMessageContaining("EXACTLY_ONCE or AT_LEAST_ONCE");
        assertThatThrownBy(() -> CheckpointCoordinatorConfig.from(new Configuration(),
                new Configuration(Map.of(CheckpointingOptions.TOLERABLE_FAILURES.key(), "-2"))))
                .hasMessageContaining("execution.checkpointing.tolerable-failures: -2");
    }
}
