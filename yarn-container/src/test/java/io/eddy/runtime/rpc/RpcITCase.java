package io.eddy.runtime.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The control-protocol transport over loopback TCP: messaging, requests, authentication, errors. */
class RpcITCase {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final Secret secret = Secret.generate();
    private final MessageRegistry registry = TestMessages.registry();
    private final RecordingHandler serverHandler = new RecordingHandler();
    private RpcServer server;
    private RpcConnection client;

    @BeforeEach
    void startServer() throws RpcException {
        server = RpcServer.start("127.0.0.1", 0, secret, registry, serverHandler);
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        server.close();
    }

    private RpcConnection connect(RpcHandler handler) throws RpcException {
        return RpcClient.connect(server.address(), secret, registry, handler, TIMEOUT);
    }

    private String serverAddress() {
        return "127.0.0.1:" + server.address().getPort();
    }

    @Test
    void oneWayMessagesArriveInOrder() throws Exception {
        client = connect(new RecordingHandler());
        int count = 100_000;
        CountDownLatch all = serverHandler.expectSeqs(count);
        for (int i = 0; i < count; i++) {
            client.send(new TestMessages.Seq(i));
        }
        assertThat(all.await(30, TimeUnit.SECONDS)).as("all %s messages arrived", count).isTrue();
        assertThat(serverHandler.outOfOrder).hasValue(0);
        assertThat(serverHandler.lastSeq).hasValue(count - 1);
    }

    @Test
    void requestsAreAnsweredInBothDirections() throws Exception {
        RecordingHandler clientHandler = new RecordingHandler();
        client = connect(clientHandler);
        TestMessages.Reply reply = client.<TestMessages.Reply>request(new TestMessages.Echo("hello"), TIMEOUT)
                .get(10, TimeUnit.SECONDS);
        assertThat(reply).isEqualTo(new TestMessages.Reply("hello"));

        RpcConnection toClient = serverHandler.connected.get(10, TimeUnit.SECONDS);
        assertThat(toClient.remoteAddress().getPort()).isNotEqualTo(server.address().getPort());
        TestMessages.Reply back = toClient.<TestMessages.Reply>request(new TestMessages.Echo("from master"), TIMEOUT)
                .get(10, TimeUnit.SECONDS);
        assertThat(back.text()).isEqualTo("from master");
        assertThat(clientHandler.connected).isCompleted();
    }

    @Test
    void handlersRunOnDaemonEventLoopThreadsNamedEddyRpc() throws Exception {
        CompletableFuture<Thread> serverThread = new CompletableFuture<>();
        CompletableFuture<Thread> clientThread = new CompletableFuture<>();
        server.close();
        server = RpcServer.start("127.0.0.1", 0, secret, registry, new RecordingHandler() {
            @Override
            public void connected(RpcConnection connection) {
                serverThread.complete(Thread.currentThread());
            }
        });
        client = connect(new RecordingHandler() {
            @Override
            public void connected(RpcConnection connection) {
                clientThread.complete(Thread.currentThread());
            }
        });
        Thread onServer = serverThread.get(10, TimeUnit.SECONDS);
        Thread onClient = clientThread.get(10, TimeUnit.SECONDS);
        assertThat(onServer.getName()).startsWith("eddy-rpc-server");
        assertThat(onClient.getName()).startsWith("eddy-rpc-client");
        assertThat(onServer.isDaemon()).isTrue();
        assertThat(onClient.isDaemon()).isTrue();
    }

    @Test
    void manyConcurrentRequestsAreRoutedToTheirFutures() throws Exception {
        client = connect(new RecordingHandler());
        CompletableFuture<?>[] futures = new CompletableFuture<?>[500];
        for (int i = 0; i < futures.length; i++) {
            String text = "r" + i;
            futures[i] = client.<TestMessages.Reply>request(new TestMessages.Echo(text), TIMEOUT)
                    .thenAccept(r -> assertThat(r.text()).isEqualTo(text));
        }
        CompletableFuture.allOf(futures).get(20, TimeUnit.SECONDS);
    }

    @Test
    void remoteFailureBecomesRpcRemoteExceptionWithClassMessageAndStack() throws Exception {
        client = connect(new RecordingHandler());
        CompletableFuture<TestMessages.Reply> failed = client.request(new TestMessages.Echo("fail"), TIMEOUT);
        Throwable cause = causeOf(failed);
        assertThat(cause).isInstanceOf(RpcRemoteException.class)
                .hasMessageContaining("Request Echo to " + serverAddress() + " failed on the remote side")
                .hasMessageContaining("boom from the handler");
        RpcRemoteException remote = (RpcRemoteException) cause;
        assertThat(remote.remoteClass()).isEqualTo(IllegalStateException.class.getName());
        assertThat(remote.remoteMessage()).isEqualTo("boom from the handler");
        assertThat(remote.remoteStackTrace()).contains("RecordingHandler.request");

        Throwable thrown = causeOf(client.request(new TestMessages.Echo("throw"), TIMEOUT));
        assertThat(((RpcRemoteException) thrown).remoteClass()).isEqualTo(UnsupportedOperationException.class.getName());
        assertThat(client.isOpen()).isTrue();
    }

    @Test
    void requestTimesOutAndConnectionStaysUsable() throws Exception {
        client = connect(new RecordingHandler());
        Throwable cause = causeOf(client.request(new TestMessages.Echo("never"), Duration.ofMillis(200)));
        assertThat(cause).isInstanceOf(RpcException.class)
                .hasMessageContaining("Request Echo to " + serverAddress() + " timed out after 200 ms");
        // the late answer is ignored, the connection keeps working
        serverHandler.neverAnswered.get(0).complete(new TestMessages.Reply("late"));
        assertThat(client.<TestMessages.Reply>request(new TestMessages.Echo("ok"), TIMEOUT).get(10, TimeUnit.SECONDS).text())
                .isEqualTo("ok");
    }

    @Test
    void unregisteredMessageFailsOnTheSendingThread() throws Exception {
        client = connect(new RecordingHandler());
        assertThatThrownBy(() -> client.send(new TestMessages.Unregistered()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not registered");
        assertThat(client.isOpen()).isTrue();
    }

    @Test
    void messagesSentBeforeCloseAreDelivered() throws Exception {
        client = connect(new RecordingHandler());
        CountDownLatch all = serverHandler.expectSeqs(1000);
        for (int i = 0; i < 1000; i++) {
            client.send(new TestMessages.Seq(i));
        }
        client.close();
        assertThat(all.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(serverHandler.disconnected.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(serverHandler.disconnectCalls).hasValue(1);
        assertThat(client.isOpen()).isFalse();
    }

    @Test
    void unauthenticatedPeersAreRejectedLoggedAndTheServerKeepsServing() throws Exception {
        try (LogCapture log = LogCapture.of(ServerHandshake.class)) {
            int rawPort;
            try (Socket raw = new Socket("127.0.0.1", server.address().getPort())) {
                raw.setSoTimeout(10_000);
                rawPort = raw.getLocalPort();
                OutputStream out = raw.getOutputStream();
                out.write("DEPLOY job.jar please\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                byte[] hello = readUntilClosed(raw.getInputStream());
                assertThat(hello).hasSize(Handshake.HELLO_SIZE); // the greeting, then nothing
            }
            assertThat(log.await("Rejected connection from /127.0.0.1:" + rawPort)).startsWith("WARN")
                    .contains("not an Eddy control-protocol handshake");

            assertThatThrownBy(() -> RpcClient.connect(server.address(), Secret.generate(), registry,
                    new RecordingHandler(), TIMEOUT))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("Cannot connect to " + serverAddress() + ": the master rejected the cluster secret");
            assertThat(log.await("wrong cluster secret")).startsWith("WARN")
                    .contains("Rejected connection from /127.0.0.1:");

            assertThat(serverHandler.connected).isNotDone();
            client = connect(new RecordingHandler());
            assertThat(client.<TestMessages.Reply>request(new TestMessages.Echo("still here"), TIMEOUT)
                    .get(10, TimeUnit.SECONDS).text()).isEqualTo("still here");
        }
    }

    @Test
    void otherProtocolVersionIsRefusedWithBothVersions() {
        assertThatThrownBy(() -> RpcClient.connect(server.address(), secret, TestMessages.registry(TestMessages.VERSION + 1),
                new RecordingHandler(), TIMEOUT))
                .isInstanceOf(RpcException.class)
                .hasMessageContaining("client speaks protocol " + (TestMessages.VERSION + 1) + ", master speaks "
                        + TestMessages.VERSION + ": use the same Eddy version");
    }

    @Test
    void portInUseIsReportedWithTheFix() {
        int port = server.address().getPort();
        assertThatThrownBy(() -> RpcServer.start("127.0.0.1", port, secret, registry, new RecordingHandler()))
                .isInstanceOf(RpcException.class)
                .hasMessage("Cannot listen on 127.0.0.1:" + port + ": address already in use. Stop the process using it "
                        + "or choose another port with --port");
    }

    @Test
    void unreachableAddressIsReportedWithTheFix() throws Exception {
        int freePort;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            freePort = probe.getLocalPort();
        }
        InetSocketAddress nobody = new InetSocketAddress("127.0.0.1", freePort);
        assertThatThrownBy(() -> RpcClient.connect(nobody, secret, registry, new RecordingHandler(), TIMEOUT))
                .isInstanceOf(RpcException.class)
                .hasMessage("Cannot reach the master at 127.0.0.1:" + freePort + ": connection refused. Is the cluster "
                        + "running? Start it with 'scripts/eddy cluster start'");
    }

    @Test
    void serverCloseFailsPendingRequestsAndReportsDisconnectOnce() throws Exception {
        RecordingHandler clientHandler = new RecordingHandler();
        client = connect(clientHandler);
        CompletableFuture<TestMessages.Reply> pending = client.request(new TestMessages.Echo("never"), TIMEOUT);
        serverHandler.connected.get(10, TimeUnit.SECONDS);
        server.close();
        Throwable cause = causeOf(pending);
        assertThat(cause).isInstanceOf(RpcException.class)
                .hasMessageContaining("Connection to " + serverAddress() + " closed: the remote process may have died");
        clientHandler.disconnected.get(10, TimeUnit.SECONDS);
        assertThat(clientHandler.disconnectCalls).hasValue(1);
        assertThat(serverHandler.disconnectCalls).hasValue(1);
        assertThat(client.isOpen()).isFalse();
        assertThat(causeOf(client.request(new TestMessages.Echo("after"), TIMEOUT))).isInstanceOf(RpcException.class)
                .hasMessageContaining("closed");
    }

    static Throwable causeOf(CompletableFuture<?> future) throws Exception {
        try {
            future.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("Expected the future to fail, but it completed with " + future.get());
    }

    private static byte[] readUntilClosed(InputStream in) throws java.io.IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        return bytes.toByteArray();
    }
}
