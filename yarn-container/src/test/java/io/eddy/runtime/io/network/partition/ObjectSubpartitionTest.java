package io.eddy.runtime.io.network.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ObjectSubpartitionTest {

    /** A test event carrying a number, so order can be checked. */
    record Marker(int n) implements RuntimeEvent {}

    @Test
    void recordsAndEventsArriveInOrderAcrossThreads() throws Exception {
        ObjectSubpartition objects = new ObjectSubpartition("test", 16, 1 << 20, 3);
        Semaphore available = new Semaphore(0);
        objects.setListener(available::release);
        int records = 200_000;
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            try {
                SplittableRandom random = new SplittableRandom(7);
                for (int i = 0; i < records; i++) {
                    objects.add(i, i % 3 == 0 ? ObjectSubpartition.NO_TIMESTAMP : i * 10L, i % 2 == 0 ? "k" + i : null, i % 2 == 0 ? i % 128 : -1,
                            random.nextInt(1, 200_000));
                    if (i % 10_000 == 0) {
                        objects.addEvent(new Marker(i));
                    }
                    if (i % 777 == 0) {
                        objects.flush();
                    }
                }
                objects.finish(EndOfPartitionEvent.INSTANCE);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        int expected = 0;
        List<Integer> markers = new ArrayList<>();
        while (true) {
            Object next = objects.poll();
            if (next == null) {
                assertThat(available.tryAcquire(10, TimeUnit.SECONDS)).as("woken after waiting, at record %d", expected).isTrue();
                continue;
            }
            if (next instanceof ObjectSubpartition.Slice slice) {
                for (int i = slice.from(); i < slice.to(); i++) {
                    assertThat(slice.values()[i]).isEqualTo(expected);
                    assertThat(slice.timestamps()[i]).isEqualTo(expected % 3 == 0 ? ObjectSubpartition.NO_TIMESTAMP : expected * 10L);
                    assertThat(slice.keys()[i]).isEqualTo(expected % 2 == 0 ? "k" + expected : null);
                    assertThat(slice.keyGroups()[i]).isEqualTo(expected % 2 == 0 ? expected % 128 : -1);
                    expected++;
                }
                continue;
            }
            if (next instanceof Marker m) {
                assertThat(m.n()).as("marker after its record").isEqualTo(expected - 1);
                markers.add(m.n());
                continue;
            }
            assertThat(next).isInstanceOf(EndOfPartitionEvent.class);
            break;
        }
        producer.get(10, TimeUnit.SECONDS);
        assertThat(expected).isEqualTo(records);
        assertThat(markers).hasSize(records / 10_000);
    }

    @Test
    void theProducerBlocksWhenBatchesAreInFlightAndResumesWhenTheConsumerReads() throws Exception {
        ObjectSubpartition objects = new ObjectSubpartition("test", 10, 1 << 20, 2);
        objects.setListener(() -> { });
        AtomicInteger added = new AtomicInteger();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    objects.add(i, ObjectSubpartition.NO_TIMESTAMP, null, -1, 8);
                    added.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "producer");
        long start = System.nanoTime();
        producer.start();
        awaitWaiting(producer);
        // Two batches of ten in flight: the first is complete, the second full; the 21st record needs a third.
        assertThat(added).hasValue(20);
        Thread.sleep(20);
        Object first = objects.poll();
        assertThat(first).isInstanceOf(ObjectSubpartition.Slice.class);
        assertThat(((ObjectSubpartition.Slice) first).to()).isEqualTo(10);
        // Reading on moves past the first batch, which makes room for one more.
        objects.poll();
        awaitWaiting(producer);
        assertThat(added).hasValue(30);
        assertThat(objects.waited().nanos()).as("the producer's back pressure: its first wait, at least").isGreaterThanOrEqualTo(20_000_000L)
                .isLessThanOrEqualTo(System.nanoTime() - start);
        objects.release();
        producer.join(10_000);
        assertThat(producer.isAlive()).as("released: the producer drops the rest instead of blocking").isFalse();
    }

    @Test
    void largeRecordsMakeSmallBatches() throws Exception {
        ObjectSubpartition objects = new ObjectSubpartition("test", 512, 32 * 1024, 4);
        objects.setListener(() -> { });
        AtomicLong added = new AtomicLong();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < 1000; i++) {
                    objects.add(i, ObjectSubpartition.NO_TIMESTAMP, null, -1, objects.wantsSizeEstimate() ? 8_000 : -1);
                    added.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "producer");
        producer.start();
        awaitWaiting(producer);
        assertThat(added).as("4 batches of 32 KiB / 8000 bytes = 4 records").hasValue(16);
        objects.release();
        producer.join(10_000);
    }

    @Test
    void aBatchHoldsSlotsForTheRecordsItsByteBudgetAllowsNotForTheRecordCap() throws Exception {
        ObjectSubpartition big = new ObjectSubpartition("big records", 4096, 32 * 1024, 4);
        big.setListener(() -> { });
        for (int i = 0; i < 20; i++) {
            big.add(i, ObjectSubpartition.NO_TIMESTAMP, null, -1, big.wantsSizeEstimate() ? 8_000 : -1);
            assertThat(big.writeBatchCapacity()).as("4 records of 8000 bytes per batch").isEqualTo(ObjectSubpartition.INITIAL_BATCH_CAPACITY);
            big.poll(); // keeps batches flowing back
        }

        ObjectSubpartition small = new ObjectSubpartition("small records", 4096, 32 * 1024, 4);
        small.setListener(() -> { });
        small.add("first", ObjectSubpartition.NO_TIMESTAMP, "k", 7, 8);
        assertThat(small.writeBatchCapacity()).as("32 KiB / 8 bytes, capped at 4096").isEqualTo(4096);
        for (int i = 1; i < 4096; i++) {
            small.add(i, ObjectSubpartition.NO_TIMESTAMP, "k", 7, -1);
        }
        // All 4096 records of the grown first batch reach the consumer, with their keys and key groups.
        ObjectSubpartition.Slice slice = (ObjectSubpartition.Slice) small.poll();
        assertThat(slice.to() - slice.from()).isEqualTo(4096);
        assertThat(slice.values()[0]).isEqualTo("first");
        assertThat(slice.values()[4095]).isEqualTo(4095);
        assertThat(slice.keyGroups()[4095]).isEqualTo(7);
    }

    @Test
    void aWaitingConsumerIsWokenByAFullBatchAFlushOrAnEventButNotByEachRecord() throws Exception {
        ObjectSubpartition objects = new ObjectSubpartition("test", 4, 1 << 20, 8);
        AtomicInteger wakeups = new AtomicInteger();
        objects.setListener(wakeups::incrementAndGet);
        assertThat(wakeups).as("told once on connecting").hasValue(1);
        assertThat(objects.poll()).isNull();
        objects.add("a", 1, null, -1, 1);
        objects.add("b", 2, null, -1, 1);
        assertThat(wakeups).hasValue(1);
        objects.flush();
        assertThat(wakeups).hasValue(2);
        assertThat(((ObjectSubpartition.Slice) objects.poll()).to()).isEqualTo(2);
        assertThat(objects.poll()).isNull();
        objects.add("c", 3, null, -1, 1);
        objects.add("d", 4, null, -1, 1);
        objects.add("e", 5, null, -1, 1); // the first batch is full: the consumer hears of it
        assertThat(wakeups).hasValue(3);
        assertThat(objects.poll()).isInstanceOf(ObjectSubpartition.Slice.class);
        objects.addEvent(new Marker(1));
        assertThat(wakeups.get()).isGreaterThanOrEqualTo(3);
        Object slice = objects.poll();
        assertThat(((ObjectSubpartition.Slice) slice).values()[0]).isEqualTo("e");
        assertThat(objects.poll()).isEqualTo(new Marker(1));
        assertThat(objects.poll()).isNull();
    }

    @Test
    void aFailedProducerFailsTheConsumer() throws Exception {
        ObjectSubpartition objects = new ObjectSubpartition("p-7 subpartition 1", 4, 1 << 20, 2);
        AtomicInteger wakeups = new AtomicInteger();
        objects.setListener(wakeups::incrementAndGet);
        objects.add("a", 1, null, -1, 1);
        objects.fail(new IllegalStateException("boom"));
        assertThat(wakeups).hasValue(2);
        assertThatThrownBy(objects::poll).isInstanceOf(ProducerFailedException.class)
                .hasMessageContaining("p-7 subpartition 1").hasMessageContaining("boom");
    }

    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != Thread.State.WAITING) {
            assertThat(System.nanoTime()).as("%s blocks on back pressure", thread.getName()).isLessThan(deadline);
            assertThat(thread.isAlive()).isTrue();
            Thread.onSpinWait();
        }
    }
}
