package io.eddy.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobId;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The client's collect queue: bounded, acknowledgements held back while full, failures after the queued batches. */
@Timeout(10)
class CollectBufferTest {

    @Test
    void acknowledgesAtOnceWhileThereIsRoomAndHoldsBackWhenFull() throws Exception {
        CollectBuffer stream = new CollectBuffer("c", 2, () -> { });
        assertThat(stream.offer(new byte[] {1})).isCompleted();
        assertThat(stream.offer(new byte[] {2})).isCompleted();
        CompletableFuture<Void> third = stream.offer(new byte[] {3});
        CompletableFuture<Void> fourth = stream.offer(new byte[] {4});
        assertThat(third).isNotDone();
        assertThat(fourth).isNotDone();
        assertThat(stream.queuedBatches()).isEqualTo(2);

        assertThat(stream.nextBatch()).containsExactly(1);
        assertThat(third).isCompleted();
        assertThat(fourth).isNotDone();
        assertThat(stream.queuedBatches()).isEqualTo(2);

        assertThat(stream.nextBatch()).containsExactly(2);
        assertThat(fourth).isCompleted();
        stream.finish();
        assertThat(stream.nextBatch()).containsExactly(3);
        assertThat(stream.nextBatch()).containsExactly(4);
        assertThat(stream.nextBatch()).isNull();
    }

    @Test
    void readerWaitsForTheNextBatch() throws Exception {
        CollectBuffer stream = new CollectBuffer("c", 4, () -> { });
        CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
            try {
                return stream.nextBatch();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        stream.offer(new byte[] {42});
        assertThat(read.get(5, TimeUnit.SECONDS)).containsExactly(42);
    }

    @Test
    void failureIsThrownAtOnceAndReleasesHeldSenders() throws Exception {
        CollectBuffer stream = new CollectBuffer("c", 1, () -> { });
        stream.offer(new byte[] {1});
        CompletableFuture<Void> held = stream.offer(new byte[] {2});
        JobExecutionException failure = new JobExecutionException(JobId.generate(), "worker-2 was lost", null);
        stream.fail(failure);
        assertThat(held).isCompleted();
        assertThatThrownBy(stream::nextBatch).isSameAs(failure);
        assertThat(stream.offer(new byte[] {3})).isCompleted();
    }

    @Test
    void closingBeforeTheEndCancelsTheJobAndDropsFurtherBatches() {
        AtomicInteger cancels = new AtomicInteger();
        CollectBuffer stream = new CollectBuffer("c", 1, cancels::incrementAndGet);
        stream.offer(new byte[] {1});
        CompletableFuture<Void> held = stream.offer(new byte[] {2});
        stream.close();
        assertThat(cancels).hasValue(1);
        assertThat(held).isCompleted();
        assertThat(stream.offer(new byte[] {3})).isCompleted();
        stream.close();
        assertThat(cancels).hasValue(1);
    }

    @Test
    void closingAfterTheEndDoesNotCancel() throws Exception {
        AtomicInteger cancels = new AtomicInteger();
        CollectBuffer stream = new CollectBuffer("c", 1, cancels::incrementAndGet);
        stream.finish();
        assertThat(stream.nextBatch()).isNull();
        stream.close();
        assertThat(cancels).hasValue(0);
    }

    @Test
    void capacityMustBePositive() {
        assertThatThrownBy(() -> new CollectBuffer("c", 0, () -> { })).hasMessageContaining("capacity: 0");
    }
}
