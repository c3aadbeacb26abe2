package io.eddy.master.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.FakeWorker;
import io.eddy.master.RegionTestGraphs;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobStatusUpdate;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** What {@link ClientRelay} tells a job's client: the result (to the client attached last), its summary, the accumulators. */
class ClientRelayTest {

    private final JobGraph graph = RegionTestGraphs.graph(1).build();
    private final Recording first = new Recording();
    private final ClientRelay relay = new ClientRelay(graph, getClass().getClassLoader(), first, Clock.systemUTC());

    @Test
    void theResultGoesToTheClientAttachedLastAndToOneAttachingAfterTheEnd() {
        Recording second = new Recording();
        relay.attach(second, JobStatus.RUNNING);
        JobResultInfo result = relay.jobEnded(JobStatus.FAILED, 12, relay.noAccumulators(), FailureInfo.of(new IllegalStateException("boom")),
                "Task 'V0 (1/1)' failed: boom");

        assertThat(first.results).isEmpty();
        assertThat(second.results).containsExactly(result);
        assertThat(result.failureSummary()).isEqualTo("Task 'V0 (1/1)' failed: boom");
        assertThat(result.netRuntimeMillis()).isEqualTo(12);

        Recording late = new Recording();
        relay.attach(late, JobStatus.FAILED);
        assertThat(late.results).containsExactly(result);
    }

    @Test
    void aCancelledJobsSummarySaysSo() {
        JobResultInfo result = relay.jobEnded(JobStatus.CANCELED, 0, relay.noAccumulators(), null, "");
        assertThat(result.failureSummary()).isEqualTo("Job 'region test job' was cancelled");
        assertThat(relay.collectRelay().batch("any", 0, new byte[0])).isCompletedExceptionally();
    }

    @Test
    void aCancelledJobsSummarySaysWhyWhenTheCancellerSaid() {
        JobResultInfo result = relay.jobEnded(JobStatus.CANCELED, 0, relay.noAccumulators(), null, "its master shut down");
        assertThat(result.failureSummary()).isEqualTo("Job 'region test job' was cancelled: its master shut down");
    }

    @Test
    void theAccumulatorsOfAFinishedJobAreTheTasksMergedAndTheExtraValues() {
        WorkerRegistry registry = new WorkerRegistry();
        FakeWorker worker = new FakeWorker("worker-1", 1, 1001);
        registry.register(worker.registration, worker);
        ExecutionGraph eg = ExecutionGraph.build(graph, registry.allocate(1), 0);

        byte[] bytes = relay.mergeAccumulators(eg, List.of(Map.of("checkpoints", 3)));

        Map<String, Serializable> values = AccumulatorBytes.deserializeValues(bytes, getClass().getClassLoader(), "test");
        assertThat(values).containsExactly(Map.entry("checkpoints", 3));
        assertThat(AccumulatorBytes.deserializeValues(relay.noAccumulators(), getClass().getClassLoader(), "test")).isEmpty();
        assertThat(relay.restartVetoOrNull(eg.regions())).as("no collect sink").isNull();
    }

    /** Records the results it gets. */
    private static final class Recording implements ClientGateway {
        final List<JobResultInfo> results = new ArrayList<>();

        @Override
        public void jobStatusChanged(JobStatusUpdate update) {}

        @Override
        public CompletableFuture<Void> jobFinished(JobResultInfo result) {
            results.add(result);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void collectFinished(JobId job, String collectId) {}
    }
}
