package io.eddy.runtime.rpc;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.eddy.runtime.rpc.RpcITCase.causeOf;
import static org.assertj.core.api.Assertions.assertThat;

/** Dead, hung and misbehaving peers over loopback TCP, including a real killed process. */
class RpcLivenessITCase {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final Secret secret = Secret.generate();
    private final MessageRegistry registry = TestMessages.registry();

    @Test
    void killedPeerProcessIsDetectedAtOnceAndPendingRequestsFail() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                RpcPeerMain.class.getName());
        builder.environment().put("EDDY_TEST_SECRET", secret.toEncodedString());
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process peer = builder.start();
        try {
            int port = readPort(peer);
            RecordingHandler handler = new RecordingHandler();
            // a long heartbeat timeout: the closed socket alone must reveal the death
            RpcSettings settings = RpcSettings.builder().heartbeat(Duration.ofSeconds(1), Duration.ofSeconds(60)).build();
            RpcConnection connection = RpcClient.connect(new InetSocketAddress("127.0.0.1", port), secret, registry,
                    handler, TIMEOUT, settings);
            assertThat(connection.<TestMessages.Reply>request(new TestMessages.Echo("alive?"), TIMEOUT)
                    .get(10, TimeUnit.SECONDS).text()).isEqualTo("alive?");
            CompletableFuture<TestMessages.Reply> pending = connection.request(new TestMessages.Echo("never"), Duration.ofSeconds(60));

            peer.destroyForcibly();
            peer.onExit().get(10, TimeUnit.SECONDS);
            long exited = System.nanoTime();
            handler.disconnected.get(1, TimeUnit.SECONDS);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - exited)).isLessThan(1000);
            assertThat(causeOf(pending)).isInstanceOf(RpcException.class)
                    .hasMessageContaining("Connection to 127.0.0.1:" + port + " closed: the remote process may have died");
            assertThat(handler.disconnectCalls).hasValue(1);
            assertThat(connection.isOpen()).isFalse();
        } finally {
            peer.destroyForcibly();
        }
    }

    private static int readPort(Process peer) throws Exception {
        CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith("PORT ")) {
                        return Integer.parseInt(line.substring(5).trim());
                    }
                }
                throw new IllegalStateException("Peer process exited without printing its port");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return port.get(30, TimeUnit.SECONDS);
    }

    @Test
    void hungPeerIsClosedAfterTheHeartbeatTimeoutWhileAnIdleOneStaysOpen() throws Exception {
        RpcSettings settings = RpcSettings.builder().heartbeat(Duration.ofMillis(100), Duration.ofMillis(1000))
                .serverThreads(1).build();
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler serverHandler = new RecordingHandler() {
            @Override
            public void received(RpcConnection connection, Message message) {
                if (message instanceof TestMessages.Echo) {
                    awaitRelease(release); // deliberately blocks the event loop: a hung process
                }
            }
        };
        try (RpcServer server = RpcServer.start("127.0.0.1", 0, secret, registry, serverHandler, settings)) {
            RecordingHandler clientHandler = new RecordingHandler();
            RpcConnection connection = RpcClient.connect(server.address(), secret, registry, clientHandler, TIMEOUT, settings);

            // idle for 2.5 s (2.5 heartbeat timeouts): heartbeats keep the connection open
            Throwable timedOut = causeOf(connection.request(new TestMessages.Echo("never"), Duration.ofMillis(2500)));
            assertThat(timedOut).hasMessageContaining("timed out after 2500 ms");
            assertThat(connection.isOpen()).isTrue();
            assertThat(clientHandler.disconnected).isNotDone();

            try (LogCapture log = LogCapture.of(RpcChannelHandler.class)) {
                connection.send(new TestMessages.Echo("hang"));
                Throwable cause = clientHandler.disconnected.get(10, TimeUnit.SECONDS);
                assertThat(cause).isInstanceOf(RpcException.class)
                        .hasMessageContaining("No heartbeat from 127.0.0.1:" + server.address().getPort() + " for 1000 ms");
                assertThat(log.await("nothing received for 1000 ms")).startsWith("WARN")
                        .contains("127.0.0.1:" + server.address().getPort());
            } finally {
                release.countDown();
            }
        }
    }

    private static void awaitRelease(CountDownLatch release) {
        try {
            release.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void frameAboveTheReceiversLimitClosesTheConnectionNamingSizeAndLimit() throws Exception {
        RpcSettings small = RpcSettings.builder().maxFrameSize(1 << 20).build();
        RpcSettings large = RpcSettings.builder().maxFrameSize(4 << 20).build();
        RecordingHandler serverHandler = new RecordingHandler();
        try (RpcServer server = RpcServer.start("127.0.0.1", 0, secret, registry, serverHandler, small);
                LogCapture log = LogCapture.of(RpcChannelHandler.class)) {
            RecordingHandler clientHandler = new RecordingHandler();
            RpcConnection connection = RpcClient.connect(server.address(), secret, registry, clientHandler, TIMEOUT, large);
            connection.send(new TestMessages.Blob(new byte[2 << 20]));
            Throwable serverSide = serverHandler.disconnected.get(10, TimeUnit.SECONDS);
            assertThat(serverSide).hasMessageContaining("larger than the maximum frame size of 1048576 bytes");
            assertThat(log.joined()).contains("after an error");
            clientHandler.disconnected.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void largeMessagesWithinTheLimitTravel() throws Exception {
        RecordingHandler serverHandler = new RecordingHandler();
        try (RpcServer server = RpcServer.start("127.0.0.1", 0, secret, registry, serverHandler)) {
            RpcConnection connection = RpcClient.connect(server.address(), secret, registry, new RecordingHandler(), TIMEOUT);
            byte[] jar = new byte[8 << 20];
            jar[jar.length - 1] = 42;
            CountDownLatch seq = serverHandler.expectSeqs(1);
            connection.send(new TestMessages.Blob(jar));
            connection.send(new TestMessages.Seq(0));
            assertThat(seq.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(serverHandler.received).hasSize(1);
            byte[] got = ((TestMessages.Blob) serverHandler.received.get(0)).bytes();
            assertThat(got).hasSize(jar.length);
            assertThat(got[jar.length - 1]).isEqualTo((byte) 42);
            connection.close();
        }
    }
}
