package io.eddy.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.typeutils.base.LongSerializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.jobgraph.JobId;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Waiting for and reading a job through {@link JobSubmitter}, against a client that answers from memory. */
class JobSubmitterTest {

    /** A job that already finished (or failed), with the batches of one collect sink. */
    private static final class FinishedJob implements JobClient {
        final JobId id = JobId.generate();
        final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();
        final Deque<byte[]> batches = new ArrayDeque<>();
        RuntimeException openFailure;
        boolean cancelled;
        boolean closed;
        boolean streamClosed;

        @Override
        public JobId getJobId() {
            return id;
        }

        @Override
        public CompletableFuture<JobExecutionResult> getJobResult() {
            return result;
        }

        @Override
        public java.util.concurrent.CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> getJobDetails() {
            return java.util.concurrent.CompletableFuture.completedFuture(java.util.Optional.empty());
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public CollectStream openCollectStream(String collectId) {
            if (openFailure != null) {
                throw openFailure;
            }
            return new CollectStream() {
                @Override
                public byte[] nextBatch() {
                    return batches.poll();
                }

                @Override
                public void close() {
                    streamClosed = true;
                }
            };
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static byte[] batch(long... values) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        for (long v : values) {
            LongSerializer.INSTANCE.serialize(v, out);
        }
        return out.getCopyOfBuffer();
    }

    @Test
    void aFailedJobThrowsItsJobExecutionExceptionUnwrapped() {
        FinishedJob job = new FinishedJob();
        JobExecutionException failure = new JobExecutionException(job.id, "the map failed", new IllegalStateException("boom"));
        job.result.completeExceptionally(failure);
        assertThatThrownBy(() -> JobSubmitter.awaitResult(job)).isSameAs(failure);
    }

    @Test
    void collectAllReadsEveryBatchThenTheResult() throws Exception {
        FinishedJob job = new FinishedJob();
        job.batches.add(batch(1, 2));
        job.batches.add(batch(3));
        job.result.complete(new JobExecutionResult(job.id, 5, Map.of()));
        List<Long> records = JobSubmitter.collectAll(job, "c", LongSerializer.INSTANCE);
        assertThat(records).containsExactly(1L, 2L, 3L);
        assertThat(job.streamClosed).isTrue();
        assertThat(job.cancelled).isFalse();
    }

    @Test
    void aCollectStreamThatCannotBeOpenedCancelsAndClosesTheJob() {
        FinishedJob job = new FinishedJob();
        job.openFailure = new IllegalStateException("no such collect sink");
        assertThatThrownBy(() -> JobSubmitter.openCollectStream(job, "c")).isSameAs(job.openFailure);
        assertThat(job.cancelled).isTrue();
        assertThat(job.closed).isTrue();
    }

    @Test
    void anInterruptedWaitCancelsTheJob() {
        FinishedJob job = new FinishedJob();
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> JobSubmitter.awaitResult(job)).isInstanceOf(InterruptedException.class);
        assertThat(job.cancelled).isTrue();
    }
}
