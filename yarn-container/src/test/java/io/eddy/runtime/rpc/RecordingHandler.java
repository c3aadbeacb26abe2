package io.eddy.runtime.rpc;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test {@link RpcHandler}: records connections and one-way messages (checking that
 * {@link TestMessages.Seq} values arrive in order) and answers {@link TestMessages.Echo}: "fail"
 * fails the future, "throw" throws, "never" is never answered, anything else is echoed.
 */
class RecordingHandler implements RpcHandler {

    final CompletableFuture<RpcConnection> connected = new CompletableFuture<>();
    final CompletableFuture<Throwable> disconnected = new CompletableFuture<>();
    final AtomicInteger disconnectCalls = new AtomicInteger();
    final List<Message> received = new CopyOnWriteArrayList<>();
    final AtomicLong lastSeq = new AtomicLong(-1);
    final AtomicInteger outOfOrder = new AtomicInteger();
    final List<CompletableFuture<TestMessages.Reply>> neverAnswered = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch seqLatch = new CountDownLatch(0);
    private volatile boolean recordSeqs = true;

    /** Expects {@code count} Seq messages without keeping them (for large counts). */
    CountDownLatch expectSeqs(int count) {
        recordSeqs = false;
        seqLatch = new CountDownLatch(count);
        return seqLatch;
    }

    @Override
    public void connected(RpcConnection connection) {
        connected.complete(connection);
    }

    @Override
    public void received(RpcConnection connection, Message message) {
        if (message instanceof TestMessages.Seq seq) {
            if (seq.value() != lastSeq.get() + 1) {
                outOfOrder.incrementAndGet();
            }
            lastSeq.set(seq.value());
            seqLatch.countDown();
            if (!recordSeqs) {
                return;
            }
        }
        received.add(message);
    }

    @Override
    public CompletableFuture<? extends Message> request(RpcConnection connection, Message request) {
        String text = ((TestMessages.Echo) request).text();
        switch (text) {
            case "fail":
                return CompletableFuture.failedFuture(new IllegalStateException("boom from the handler"));
            case "throw":
                throw new UnsupportedOperationException("thrown by the handler");
            case "never":
                CompletableFuture<TestMessages.Reply> never = new CompletableFuture<>();
                neverAnswered.add(never);
                return never;
            default:
                return CompletableFuture.completedFuture(new TestMessages.Reply(text));
        }
    }

    @Override
    public void disconnected(RpcConnection connection, Throwable causeOrNull) {
        disconnectCalls.incrementAndGet();
        disconnected.complete(causeOrNull);
    }
}
