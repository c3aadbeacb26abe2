package io.eddy.runtime.io.network.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.eddy.configuration.Configuration;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.runtime.io.network.NetworkOptions;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.junit.jupiter.api.Test;

class NettyTransportTest {

    @Test
    void autoTakesEpollOnLinuxWhereItLoads() {
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && "amd64".equals(System.getProperty("os.arch")),
                "the build ships epoll for Linux x86-64 only");
        assertThat(Epoll.isAvailable()).as("epoll loads: " + Epoll.unavailabilityCause()).isTrue();
        assertThat(NettyTransport.of("auto")).isEqualTo(NettyTransport.EPOLL);
        assertThat(NettyTransport.of("EPOLL").socketChannel()).isEqualTo(EpollSocketChannel.class);
    }

    @Test
    void nioCanBeChosenAnywhere() {
        assertThat(NettyTransport.of("nio")).isEqualTo(NettyTransport.NIO);
        assertThat(NettyTransport.NIO.socketChannel()).isEqualTo(NioSocketChannel.class);
    }

    @Test
    void aWorkerTakesTheTransportFromItsSettings() {
        assertThat(NetworkConfig.builder(new Configuration()).build().transport()).isEqualTo("auto");
        assertThat(NetworkConfig.builder(new Configuration().set(NetworkOptions.TRANSPORT, " NIO ")).build().transport()).isEqualTo("nio");
        assertThatThrownBy(() -> NetworkConfig.builder(new Configuration().set(NetworkOptions.TRANSPORT, "io_uring")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("network.transport").hasMessageContaining("'io_uring'").hasMessageContaining("auto, nio or epoll");
    }

    @Test
    void anUnknownTransportIsRefusedNamingTheChoices() {
        assertThatThrownBy(() -> NettyTransport.of("io_uring")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'io_uring'").hasMessageContaining("auto, nio or epoll");
        assertThatThrownBy(() -> NetworkConfig.builder().transport("kqueue").build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'kqueue'").hasMessageContaining("auto, nio or epoll");
    }
}
