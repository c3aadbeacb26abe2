package io.eddy.runtime.cluster.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class HostPortTest {

    @Test
    void parsesAndFormats() {
        InetSocketAddress a = HostPort.parse("127.0.0.1:6123", "--master");
        assertThat(a.getHostString()).isEqualTo("127.0.0.1");
        assertThat(a.getPort()).isEqualTo(6123);
        assertThat(HostPort.format(a)).isEqualTo("127.0.0.1:6123");
        assertThat(HostPort.parse("[::1]:80", "x").getHostString()).isEqualTo("::1");
        assertThat(HostPort.format(new InetSocketAddress("::1", 80))).isEqualTo("[0:0:0:0:0:0:0:1]:80");
    }

    @Test
    void errorsNameTheOptionAndTheExpectedForm() {
        assertThatThrownBy(() -> HostPort.parse("localhost", "--master")).hasMessageContaining("--master: 'localhost'")
                .hasMessageContaining("HOST:PORT");
        assertThatThrownBy(() -> HostPort.parse("h:70000", "--master")).hasMessageContaining("port 70000");
        assertThatThrownBy(() -> HostPort.parse("h:x", "--master")).hasMessageContaining("no valid port");
        assertThatThrownBy(() -> HostPort.parse(" ", "--master")).hasMessageContaining("no address given");
    }
}
