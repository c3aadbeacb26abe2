package io.eddy.runtime.cluster.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.cluster.rpc.ClusterMessages.Ack;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ShutdownCluster;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.RpcConnection;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code ShutdownCluster} reaches the master's shutdown handler, or is refused by a master without one. */
class MasterRpcHandlerShutdownTest {

    private static final RpcConnection CLIENT = new UnusedConnection();

    @Test
    void aMasterWithoutAShutdownHandlerRefusesWithAClearReason() {
        try (MasterRpcHandler handler = new MasterRpcHandler(unused(MasterGateway.class), unused(JobSubmissionGateway.class))) {
            CompletableFuture<? extends Message> reply = handler.request(CLIENT, new ShutdownCluster("stopped by test"));
            assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasMessageContaining("this master cannot be shut down by a client")
                    .hasMessageContaining("eddy cluster stop");
        }
    }

    @Test
    void theShutdownHandlerGetsTheReasonAndTheClientItsAckOnceShutdownHasBegun() throws Exception {
        CompletableFuture<String> reasonSeen = new CompletableFuture<>();
        CompletableFuture<Void> begun = new CompletableFuture<>();
        try (MasterRpcHandler handler = new MasterRpcHandler(unused(MasterGateway.class), unused(JobSubmissionGateway.class), reason -> {
            reasonSeen.complete(reason);
            return begun;
        })) {
            CompletableFuture<? extends Message> reply = handler.request(CLIENT, new ShutdownCluster("stopped by alice"));
            assertThat(reasonSeen.get(10, TimeUnit.SECONDS)).isEqualTo("stopped by alice");
            assertThat(reply).isNotDone();
            begun.complete(null);
            assertThat(reply.get(10, TimeUnit.SECONDS)).isInstanceOf(Ack.class);
        }
    }

    @Test
    void aHandlerThatRefusesFailsTheRequestWithItsMessage() {
        try (MasterRpcHandler handler = new MasterRpcHandler(unused(MasterGateway.class), unused(JobSubmissionGateway.class),
                reason -> CompletableFuture.failedFuture(new IllegalStateException("jobs are still being recovered")))) {
            CompletableFuture<? extends Message> reply = handler.request(CLIENT, new ShutdownCluster("stopped by bob"));
            assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS)).hasMessageContaining("jobs are still being recovered");
        }
    }

    /** A gateway whose every call is a test failure: the shutdown request must not touch it. */
    private static <T> T unused(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.getName().equals("toString") ? "unused " + type.getSimpleName() : method.invoke(type, args);
            }
            throw new AssertionError("Unexpected call " + type.getSimpleName() + "." + method.getName());
        }));
    }

    /** The client's connection as the handler sees it: only its address is read. */
    private static final class UnusedConnection implements RpcConnection {
        @Override
        public InetSocketAddress remoteAddress() {
            return new InetSocketAddress("127.0.0.1", 40000);
        }

        @Override
        public void send(Message message) {
            throw new AssertionError("Unexpected send of " + message);
        }

        @Override
        public <R extends Message> CompletableFuture<R> request(Message request, Duration timeout) {
            throw new AssertionError("Unexpected request " + request);
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}

        @Override
        public void setAttachment(Object attachment) {}

        @Override
        public Object attachment() {
            return null;
        }
    }
}
