package io.eddy.runtime.rpc;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletableFuture;

/**
 * A control-protocol server in its own JVM, for tests that kill a peer process. Reads the secret
 * from {@code EDDY_TEST_SECRET}, prints {@code PORT <n>} on stdout once listening, answers
 * {@link TestMessages.Echo} requests (never answering the text "never") and exits when its stdin
 * closes, so it cannot outlive the test JVM.
 */
public final class RpcPeerMain {

    private RpcPeerMain() {}

    public static void main(String[] args) throws IOException {
        Secret secret = Secret.fromEnvironment("EDDY_TEST_SECRET");
        RpcHandler handler = new RpcHandler() {
            @Override
            public void received(RpcConnection connection, Message message) {}

            @Override
            public CompletableFuture<? extends Message> request(RpcConnection connection, Message request) {
                String text = ((TestMessages.Echo) request).text();
                return "never".equals(text) ? new CompletableFuture<>()
                        : CompletableFuture.completedFuture(new TestMessages.Reply(text));
            }
        };
        try (RpcServer server = RpcServer.start("127.0.0.1", 0, secret, TestMessages.registry(), handler)) {
            System.out.println("PORT " + server.address().getPort());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // the test never writes; EOF means the test JVM is gone or done
            }
        }
    }
}
