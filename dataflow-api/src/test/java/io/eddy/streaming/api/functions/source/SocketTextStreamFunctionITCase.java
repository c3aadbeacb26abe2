package io.eddy.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.streaming.api.testutils.CollectingSourceContext;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SocketTextStreamFunctionITCase {

    @Test
    void readsRecordsUntilTheServerCloses() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (Socket client = server.accept(); OutputStream out = client.getOutputStream()) {
                    out.write("one\ntwo\r\nthr".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    out.write("ee\nlast".getBytes(StandardCharsets.UTF_8));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            SocketTextStreamFunction f = new SocketTextStreamFunction("127.0.0.1", server.getLocalPort(), "\n");
            CollectingSourceContext<String> ctx = new CollectingSourceContext<>();
            f.run(ctx);
            served.get(30, TimeUnit.SECONDS);
            assertThat(ctx.getElements()).containsExactly("one", "two", "three", "last");
        }
    }

    @Test
    void aRefusedConnectionNamesHostAndPort() throws Exception {
        int port;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
        }
        SocketTextStreamFunction f = new SocketTextStreamFunction("127.0.0.1", port, "\n");
        assertThatThrownBy(() -> f.run(new CollectingSourceContext<>()))
                .hasMessageContaining("127.0.0.1:" + port).hasMessageContaining("is a server listening");
    }

    @Test
    void cancelUnblocksAWaitingRead() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            SocketTextStreamFunction f = new SocketTextStreamFunction("127.0.0.1", server.getLocalPort(), "\n");
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try {
                    f.run(new CollectingSourceContext<>());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (Socket client = server.accept()) {
                f.cancel();
                running.get(30, TimeUnit.SECONDS);
            }
            assertThat(running).isCompleted();
        }
    }
}
