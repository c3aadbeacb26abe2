package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The authentication handshake on embedded channels (no sockets). */
class HandshakeTest {

    private static final int VERSION = TestMessages.VERSION;
    private final Secret secret = Secret.generate();
    private final MessageRegistry registry = TestMessages.registry();
    private final AtomicInteger serverAuthenticated = new AtomicInteger();
    private final AtomicInteger clientAuthenticated = new AtomicInteger();
    private EmbeddedChannel server;
    private EmbeddedChannel client;

    @AfterEach
    void tearDown() {
        if (server != null) {
            server.finishAndReleaseAll();
        }
        if (client != null) {
            client.finishAndReleaseAll();
        }
    }

    /** A server whose post-authentication pipeline decodes frames into InboundFrames for readInbound(). */
    private EmbeddedChannel newServer(Secret serverSecret) {
        // Time stands still until the test advances it, so a slow machine cannot expire the handshake timeout early.
        server = new EmbeddedChannel();
        server.freezeTime();
        server.pipeline().addLast(new ServerHandshake(serverSecret, VERSION, 5000, this::installDecoders));
        return server;
    }

    private void installDecoders(ChannelHandlerContext ctx) {
        serverAuthenticated.incrementAndGet();
        ctx.pipeline().addAfter(ctx.name(), "frameLength", new FrameCodec.LengthPrefixDecoder(1 << 20));
        ctx.pipeline().addAfter("frameLength", "frameDecoder", new FrameCodec.FrameDecoder(registry));
    }

    private ClientHandshake newClient(Secret clientSecret, int version) {
        ClientHandshake handshake = new ClientHandshake(clientSecret, version, "127.0.0.1:6123", ctx -> {
            clientAuthenticated.incrementAndGet();
            return null;
        });
        client = new EmbeddedChannel(handshake);
        return handshake;
    }

    /** Moves everything {@code from} wrote to {@code to}'s inbound side. */
    private static void shuttle(EmbeddedChannel from, EmbeddedChannel to) {
        for (Object out = from.readOutbound(); out != null; out = from.readOutbound()) {
            if (to.isOpen()) {
                to.writeInbound(out);
            } else {
                ((ByteBuf) out).release();
            }
        }
    }

    private void runHandshake() {
        shuttle(server, client); // HELLO
        shuttle(client, server); // AUTH
        shuttle(server, client); // VERDICT
    }

    private static ByteBuf frame(Message message) {
        return FrameCodec.encode(ByteBufAllocator.DEFAULT, FrameKind.ONE_WAY, 0, message, TestMessages.registry(), 1 << 20);
    }

    @Test
    void rightSecretAuthenticatesBothEndsAndThenFramesAreDecoded() throws Exception {
        newServer(secret);
        ClientHandshake handshake = newClient(secret, VERSION);
        runHandshake();
        assertThat(serverAuthenticated).hasValue(1);
        assertThat(clientAuthenticated).hasValue(1);
        assertThat(handshake.result()).isCompleted();
        assertThat(server.pipeline().get(ServerHandshake.class)).isNull();
        assertThat(client.pipeline().get(ClientHandshake.class)).isNull();
        assertThat(server.isOpen()).isTrue();

        server.writeInbound(frame(new TestMessages.Seq(11)));
        assertThat(((InboundFrame) server.readInbound()).message()).isEqualTo(new TestMessages.Seq(11));
    }

    @Test
    void wrongSecretIsRejectedAndLogged() throws Exception {
        try (LogCapture log = LogCapture.of(ServerHandshake.class)) {
            newServer(secret);
            ClientHandshake handshake = newClient(Secret.generate(), VERSION);
            runHandshake();
            assertThat(server.isOpen()).isFalse();
            assertThat(serverAuthenticated).hasValue(0);
            assertThat(clientAuthenticated).hasValue(0);
            assertThatThrownBy(() -> handshake.result().get(1, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(RpcException.class)
                    .hasMessageContaining("Cannot connect to 127.0.0.1:6123: the master rejected the cluster secret");
            assertThat(log.await("Rejected connection from")).startsWith("WARN")
                    .contains("authentication failed (wrong cluster secret)");
        }
    }

    @Test
    void garbageBeforeAuthenticationIsRejectedAtOnce() throws Exception {
        try (LogCapture log = LogCapture.of(ServerHandshake.class)) {
            newServer(secret);
            server.writeInbound(Unpooled.copiedBuffer("GET / HTTP/1.1\r\n", StandardCharsets.US_ASCII));
            assertThat(server.isOpen()).isFalse();
            assertThat(serverAuthenticated).hasValue(0);
            assertThat(log.await("Rejected connection from")).contains("not an Eddy control-protocol handshake");
        }
    }

    @Test
    void frameSentBeforeAuthenticationIsNeverDecoded() {
        newServer(secret);
        server.writeInbound(frame(new TestMessages.Seq(1)));
        assertThat(server.isOpen()).isFalse();
        assertThat(server.<Object>readInbound()).isNull();
        assertThat(serverAuthenticated).hasValue(0);
    }

    @Test
    void frameAfterAWrongMacIsNeverDecoded() {
        newServer(secret);
        server.readOutbound(); // HELLO, ignored: the attacker does not know the secret
        ByteBuf auth = Unpooled.buffer().writeInt(Handshake.MAGIC).writeInt(VERSION)
                .writeBytes(new byte[Handshake.NONCE_SIZE]).writeBytes(new byte[Handshake.MAC_SIZE]);
        server.writeInbound(Unpooled.wrappedBuffer(auth, frame(new TestMessages.Seq(2))));
        assertThat(server.isOpen()).isFalse();
        assertThat(server.<Object>readInbound()).isNull();
        assertThat(serverAuthenticated).hasValue(0);
    }

    @Test
    void framePipelinedRightAfterAuthIsDecodedAfterAuthentication() {
        newServer(secret);
        ClientHandshake handshake = newClient(secret, VERSION);
        shuttle(server, client);
        ByteBuf auth = client.readOutbound();
        server.writeInbound(Unpooled.wrappedBuffer(auth, frame(new TestMessages.Seq(3))));
        assertThat(serverAuthenticated).hasValue(1);
        assertThat(((InboundFrame) server.readInbound()).message()).isEqualTo(new TestMessages.Seq(3));
        shuttle(server, client);
        assertThat(handshake.result()).isCompleted();
    }

    @Test
    void versionMismatchNamesBothVersions() {
        try (LogCapture log = LogCapture.of(ServerHandshake.class)) {
            newServer(secret);
            ClientHandshake handshake = newClient(secret, VERSION + 1);
            runHandshake();
            assertThat(serverAuthenticated).hasValue(0);
            assertThat(handshake.result()).isCompletedExceptionally();
            assertThatThrownBy(() -> handshake.result().join()).hasMessageContaining(
                    "client speaks protocol " + (VERSION + 1) + ", master speaks " + VERSION + ": use the same Eddy version");
            assertThat(log.joined()).contains("client speaks protocol " + (VERSION + 1) + ", master speaks " + VERSION);
        }
    }

    @Test
    void silentPeerIsDisconnectedAfterTheHandshakeTimeout() throws Exception {
        try (LogCapture log = LogCapture.of(ServerHandshake.class)) {
            newServer(secret);
            server.advanceTimeBy(4999, TimeUnit.MILLISECONDS);
            server.runScheduledPendingTasks();
            assertThat(server.isOpen()).isTrue();
            server.advanceTimeBy(2, TimeUnit.MILLISECONDS);
            server.runScheduledPendingTasks();
            assertThat(server.isOpen()).isFalse();
            assertThat(log.await("Rejected connection from")).contains("no authentication within 5000 ms");
        }
    }

    @Test
    void clientRejectsAServerThatCannotProveTheSecret() {
        ClientHandshake handshake = newClient(secret, VERSION);
        client.writeInbound(Unpooled.buffer().writeInt(Handshake.MAGIC).writeInt(VERSION)
                .writeBytes(Handshake.newNonce()));
        assertThat(client.<Object>readOutbound()).isNotNull();
        client.writeInbound(Unpooled.buffer().writeByte(Handshake.STATUS_OK).writeBytes(new byte[Handshake.MAC_SIZE]));
        assertThat(clientAuthenticated).hasValue(0);
        assertThat(client.isOpen()).isFalse();
        assertThatThrownBy(() -> handshake.result().join()).hasMessageContaining("could not prove that it knows the cluster secret");
    }

    @Test
    void clientRejectsAPeerThatIsNotAnEddyMaster() {
        ClientHandshake handshake = newClient(secret, VERSION);
        client.writeInbound(Unpooled.copiedBuffer("SSH-2.0-OpenSSH_9.6\r\n", StandardCharsets.US_ASCII));
        assertThat(client.isOpen()).isFalse();
        CompletableFuture<RpcConnection> result = handshake.result();
        assertThatThrownBy(result::join).hasMessageContaining("is not an Eddy master");
    }

    @Test
    void macCoversVersionAndDirection() {
        byte[] a = Handshake.newNonce();
        byte[] b = Handshake.newNonce();
        assertThat(Handshake.clientMac(secret, a, b, 1)).isNotEqualTo(Handshake.clientMac(secret, a, b, 2));
        assertThat(Handshake.clientMac(secret, a, b, 1)).isNotEqualTo(Handshake.serverMac(secret, a, b, 1));
        assertThat(Handshake.clientMac(secret, a, b, 1)).isEqualTo(Handshake.clientMac(secret, a, b, 1));
    }
}
