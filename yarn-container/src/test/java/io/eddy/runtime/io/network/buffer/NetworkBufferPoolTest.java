package io.eddy.runtime.io.network.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class NetworkBufferPoolTest {

    @Test
    void localPoolNeverExceedsItsBoundAndRecyclesToTheGlobalPool() {
        NetworkBufferPool global = new NetworkBufferPool(10, 128, false);
        LocalBufferPool local = global.createLocalPool(4, "test");
        List<MemorySegment> taken = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            MemorySegment segment = local.requestSegment();
            if (segment != null) {
                taken.add(segment);
            }
        }
        assertThat(taken).hasSize(4);
        assertThat(local.segmentsInUse()).isEqualTo(4);
        assertThat(global.availableSegments()).isEqualTo(6);
        assertThat(local.isAvailable()).isFalse();

        taken.forEach(local::recycle);
        assertThat(local.segmentsInUse()).isZero();
        assertThat(global.availableSegments()).isEqualTo(10);
        assertThat(global.minimumAvailableSegments()).isEqualTo(6);
    }

    @Test
    void localPoolsShareTheGlobalBound() {
        NetworkBufferPool global = new NetworkBufferPool(5, 128, true);
        LocalBufferPool a = global.createLocalPool(4, "a");
        LocalBufferPool b = global.createLocalPool(4, "b");
        for (int i = 0; i < 4; i++) {
            assertThat(a.requestSegment()).isNotNull();
        }
        assertThat(b.requestSegment()).isNotNull();
        assertThat(b.requestSegment()).isNull();
        assertThat(global.availableSegments()).isZero();
    }

    @Test
    void blockingRequestWaitsUntilASegmentIsRecycled() throws Exception {
        NetworkBufferPool global = new NetworkBufferPool(2, 128, false);
        LocalBufferPool local = global.createLocalPool(1, "test");
        MemorySegment first = local.requestSegment();
        CompletableFuture<?> available = local.getAvailableFuture();
        assertThat(available).isNotDone();

        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<MemorySegment> second = CompletableFuture.supplyAsync(() -> {
            started.countDown();
            try {
                return local.requestSegmentBlocking();
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        started.await();
        assertThat(second).isNotDone();
        local.recycle(first);
        assertThat(second.get(10, TimeUnit.SECONDS)).isNotNull();
        assertThat(available).isDone();
        assertThat(local.segmentsInUse()).isEqualTo(1);
    }

    /** The time a requester waited is its producer's back pressure: counted from when it starts waiting to when it has a segment. */
    @Test
    void aBlockingRequestCountsTheTimeItWaited() throws Exception {
        NetworkBufferPool global = new NetworkBufferPool(1, 128, false);
        LocalBufferPool local = global.createLocalPool(1, "test");
        MemorySegment first = local.requestSegmentBlocking();
        assertThat(local.waited().nanos()).as("a segment was free: no wait").isZero();

        long start = System.nanoTime();
        AtomicReference<Thread> requester = new AtomicReference<>();
        CompletableFuture<MemorySegment> second = CompletableFuture.supplyAsync(() -> {
            requester.set(Thread.currentThread());
            try {
                return local.requestSegmentBlocking();
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        while (requester.get() == null || requester.get().getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        Thread.sleep(20);
        local.recycle(first);
        assertThat(second.get(10, TimeUnit.SECONDS)).isNotNull();
        long elapsed = System.nanoTime() - start;
        assertThat(local.waited().nanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20)).isLessThanOrEqualTo(elapsed);
    }

    @Test
    void destroyWakesBlockedRequesters() throws Exception {
        NetworkBufferPool global = new NetworkBufferPool(1, 128, false);
        LocalBufferPool local = global.createLocalPool(1, "partition P");
        MemorySegment only = local.requestSegment();
        CompletableFuture<Throwable> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                local.requestSegmentBlocking();
                return null;
            } catch (IOException | InterruptedException e) {
                return e;
            }
        });
        local.destroy();
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isInstanceOf(IOException.class).hasMessageContaining("partition P");
        local.recycle(only);
        assertThat(global.availableSegments()).isEqualTo(1);
    }

    @Test
    void listenerIsHandedTheNextRecycledSegment() {
        NetworkBufferPool global = new NetworkBufferPool(1, 128, false);
        LocalBufferPool local = global.createLocalPool(1, "floating");
        MemorySegment only = local.requestSegment();
        List<MemorySegment> received = new ArrayList<>();
        assertThat(local.addListener(segment -> received.add(segment))).isTrue();
        local.recycle(only);
        assertThat(received).containsExactly(only);
        assertThat(local.segmentsInUse()).isEqualTo(1);
        assertThat(global.availableSegments()).isZero();

        assertThat(local.addListener(segment -> false)).isTrue();
        local.recycle(only);
        assertThat(global.availableSegments()).isEqualTo(1);
        assertThat(local.addListener(segment -> true)).as("a segment is available: request it").isFalse();
    }

    @Test
    void requestingMoreExclusiveSegmentsThanFreeFailsWithTheFix() throws IOException {
        NetworkBufferPool global = new NetworkBufferPool(3, 128, false);
        List<MemorySegment> two = global.requestSegments(2, "channel 0");
        assertThatThrownBy(() -> global.requestSegments(2, "channel 1"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("channel 1")
                .hasMessageContaining("totalBuffers");
        assertThat(global.availableSegments()).isEqualTo(1);
        two.forEach(global::recycle);
        assertThat(global.availableSegments()).isEqualTo(3);
    }

    @Test
    void sharedSegmentReturnsOnlyAfterWriterConsumerAndSlicesAreDone() {
        NetworkBufferPool global = new NetworkBufferPool(1, 128, false);
        LocalBufferPool local = global.createLocalPool(1, "p");
        BufferBuilder builder = BufferBuilder.forSegment(local.requestSegment(), local);
        BufferConsumer consumer = builder.createConsumer();
        builder.append(new byte[] {1, 2, 3}, 0, 3);
        assertThat(consumer.build()).as("nothing committed yet").isNull();
        builder.commit();
        Buffer first = consumer.build();
        assertThat(first.length()).isEqualTo(3);
        builder.append(new byte[] {4, 5}, 0, 2);
        builder.finish();
        Buffer second = consumer.build();
        assertThat(second.offset()).isEqualTo(3);
        assertThat(second.length()).isEqualTo(2);
        assertThat(consumer.isFinished()).isTrue();
        consumer.close();
        first.recycle();
        assertThat(global.availableSegments()).isZero();
        second.recycle();
        assertThat(global.availableSegments()).isEqualTo(1);
        assertThatThrownBy(second::recycle).hasMessageContaining("Bug");
    }
}
