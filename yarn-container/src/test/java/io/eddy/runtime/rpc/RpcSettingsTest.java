package io.eddy.runtime.rpc;

import io.eddy.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RpcSettingsTest {

    @Test
    void defaultsMatchTheOptions() {
        RpcSettings defaults = RpcSettings.defaults();
        assertThat(defaults.maxFrameSize()).isEqualTo(256 << 20);
        assertThat(defaults.heartbeatInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.heartbeatTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.handshakeTimeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void readsTheConfiguration() {
        Configuration config = new Configuration()
                .setString("rpc.max-frame-size", "64m")
                .setString("rpc.heartbeat.interval", "200ms")
                .setString("rpc.heartbeat.timeout", "3s")
                .setString("rpc.handshake.timeout", "2s")
                .setString("rpc.server.threads", "3");
        RpcSettings settings = RpcSettings.fromConfiguration(config);
        assertThat(settings.maxFrameSize()).isEqualTo(64 << 20);
        assertThat(settings.heartbeatInterval()).isEqualTo(Duration.ofMillis(200));
        assertThat(settings.heartbeatTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(settings.handshakeTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(settings.serverThreads()).isEqualTo(3);
    }

    @Test
    void rejectsInconsistentValuesNamingThem() {
        assertThatThrownBy(() -> RpcSettings.builder().heartbeat(Duration.ofSeconds(5), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected: 0 < interval < timeout");
        assertThatThrownBy(() -> RpcSettings.fromConfiguration(new Configuration().setString("rpc.max-frame-size", "4g")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rpc.max-frame-size");
        assertThatThrownBy(() -> RpcSettings.builder().maxFrameSize(5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxFrameSize: 5");
    }
}
