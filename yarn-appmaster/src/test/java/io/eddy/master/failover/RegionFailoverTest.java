package io.eddy.master.failover;

import io.eddy.master.FakeWorker;
import io.eddy.master.RegionTestGraphs;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.SlotAssignment;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.tasks.TaskExecutionState;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which regions {@link RegionFailover} restarts, on execution graphs whose task states the test
 * sets. The main graph is {@code V0 -FORWARD/PIPELINED-> V1 -HASH/BLOCKING-> V2 -FORWARD/BLOCKING-> V3},
 * all of parallelism 2 on two workers (lane 0 on worker A, lane 1 on worker B), whose regions are
 * R0 = {V0#0, V1#0}, R1 = {V0#1, V1#1}, R2 = {V2#0}, R3 = {V2#1}, R4 = {V3#0}, R5 = {V3#1}.
 */
class RegionFailoverTest {

    private final WorkerRegistry registry = new WorkerRegistry();
    private final RegisteredWorker a = worker("worker-a", 1001);
    private final RegisteredWorker b = worker("worker-b", 1002);
    private final ExecutionGraph graph = ExecutionGraph.build(RegionTestGraphs.graph(2, 2, 2, 2).edge(0, 1, FORWARD, PIPELINED)
            .edge(1, 2, HASH, BLOCKING).edge(2, 3, FORWARD, BLOCKING).build(), new SlotAssignment(List.of(a, b)), 0);
    private final RegionFailover failover = new RegionFailover(graph);

    @Test
    void theRegionsAreTheExpectedOnes() {
        assertThat(graph.regions()).extracting(r -> r.tasks().stream().map(t -> t.id().vertex() + "#" + t.id().subtask()).toList())
                .containsExactly(List.of("0#0", "1#0"), List.of("0#1", "1#1"), List.of("2#0"), List.of("2#1"), List.of("3#0"), List.of("3#1"));
    }

    @Test
    void aFailedConsumerRestartsAloneAndItsFinishedProducersAreReadAgain() {
        finish(0, 1);
        run(2, 3);
        assertThat(indexes(failover.regionsToRestart(List.of(task(2, 0))))).containsExactly(2);
    }

    @Test
    void aFailedProducerRestartsWithoutItsConsumersThatWereNeverDeployed() {
        run(0);
        finish(1);
        assertThat(indexes(failover.regionsToRestart(List.of(task(1, 0))))).containsExactly(0);
    }

    @Test
    void aLostWorkerRestartsItsLostProducersAndEveryRunningConsumerOfThem() {
        finish(0, 1);
        run(2, 3);
        registry.remove(b.id());
        task(2, 1).transitionTo(TaskExecutionState.FAILED, null);
        assertThat(indexes(failover.regionsToRestart(List.of(task(2, 1))))).as("R1's result on worker-b is lost; R2 reads it too")
                .containsExactly(1, 2, 3);
    }

    @Test
    void lostResultsThatAWaitingRegionNeedsAreRegeneratedFirst() {
        finish(0, 1, 2, 3);
        run(4);
        registry.remove(b.id());
        assertThat(indexes(failover.regionsToRestart(List.of())))
                .as("R5 waits for V2#1's result, lost with worker-b, and V2#1 needs V1#1's, lost too; R4 reads worker-a")
                .containsExactly(1, 3);
    }

    @Test
    void lostResultsNobodyNeedsAnyMoreAreNotRegenerated() {
        finish(0, 1, 2, 3, 5);
        run(4);
        registry.remove(b.id());
        assertThat(failover.regionsToRestart(List.of())).isEmpty();
    }

    @Test
    void aPipelinedJobIsOneRegionAndRestartsCompletely() {
        ExecutionGraph pipelined = ExecutionGraph.build(RegionTestGraphs.graph(2, 2).edge(0, 1, HASH, PIPELINED).build(),
                new SlotAssignment(List.of(a, b)), 0);
        Set<PipelinedRegion> regions = new RegionFailover(pipelined).regionsToRestart(List.of(pipelined.subtask(1, 1)));
        assertThat(regions).singleElement().satisfies(r -> assertThat(r.tasks()).hasSize(4));
    }

    private ExecutionVertex task(int vertex, int subtask) {
        return graph.subtask(vertex, subtask);
    }

    private void run(int... regions) {
        for (int r : regions) {
            PipelinedRegion region = graph.regions().get(r);
            region.markDeployed();
            for (ExecutionVertex t : region.tasks()) {
                t.markDeployed();
                t.transitionTo(TaskExecutionState.RUNNING, null);
            }
        }
    }

    private void finish(int... regions) {
        run(regions);
        for (int r : regions) {
            for (ExecutionVertex t : graph.regions().get(r).tasks()) {
                t.transitionTo(TaskExecutionState.FINISHED, null);
            }
        }
    }

    private static List<Integer> indexes(Set<PipelinedRegion> regions) {
        return regions.stream().map(PipelinedRegion::index).toList();
    }

    private RegisteredWorker worker(String id, int port) {
        FakeWorker fake = new FakeWorker(id, 1, port);
        return registry.register(fake.registration, fake);
    }
}
