package io.eddy.master.execution;

import io.eddy.master.RegionTestGraphs;
import io.eddy.master.execution.PipelinedRegions.RegionShape;
import io.eddy.master.execution.PipelinedRegions.SubtaskKey;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobVertexId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static io.eddy.jobgraph.ShipStrategy.REBALANCE;
import static org.assertj.core.api.Assertions.assertThat;

/** Pipelined regions: connected components over pipelined edges, per lane for FORWARD, whole vertices for all-to-all. */
class PipelinedRegionsTest {

    @Test
    void aPipelinedJobIsOneRegionWithoutBlockingInputs() {
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(2, 2, 3)
                .edge(0, 1, FORWARD, PIPELINED).edge(1, 2, HASH, PIPELINED).build());

        assertThat(regions).singleElement().satisfies(r -> {
            assertThat(r.tasks()).hasSize(7);
            assertThat(r.blockingProducers()).isEmpty();
        });
    }

    @Test
    void forwardChainsArePerLaneRegions() {
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(3, 3)
                .edge(0, 1, FORWARD, PIPELINED).build());

        assertThat(regions).extracting(RegionShape::tasks).containsExactly(
                List.of(key(0, 0), key(1, 0)), List.of(key(0, 1), key(1, 1)), List.of(key(0, 2), key(1, 2)));
    }

    @Test
    void aBlockingAllToAllEdgeSplitsTheJobAndTheConsumerRegionWaitsForEveryProducer() {
        // V0 -FORWARD/PIPELINED-> V1 -HASH/BLOCKING-> V2 -FORWARD/PIPELINED-> V3
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(2, 2, 2, 2)
                .edge(0, 1, FORWARD, PIPELINED).edge(1, 2, HASH, BLOCKING).edge(2, 3, FORWARD, PIPELINED).build());

        assertThat(regions).hasSize(4);
        assertThat(regions.get(0).tasks()).containsExactly(key(0, 0), key(1, 0));
        assertThat(regions.get(1).tasks()).containsExactly(key(0, 1), key(1, 1));
        assertThat(regions.get(0).blockingProducers()).isEmpty();
        assertThat(regions.get(1).blockingProducers()).isEmpty();
        assertThat(regions.get(2).tasks()).containsExactly(key(2, 0), key(3, 0));
        assertThat(regions.get(3).tasks()).containsExactly(key(2, 1), key(3, 1));
        assertThat(regions.get(2).blockingProducers()).containsExactlyInAnyOrder(key(1, 0), key(1, 1));
        assertThat(regions.get(3).blockingProducers()).containsExactlyInAnyOrder(key(1, 0), key(1, 1));
    }

    @Test
    void aBlockingForwardEdgeMakesLaneIWaitOnlyForProducerI() {
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(2, 2)
                .edge(0, 1, FORWARD, BLOCKING).build());

        assertThat(regions).hasSize(4);
        assertThat(regions).filteredOn(r -> r.tasks().contains(key(1, 1)))
                .singleElement().satisfies(r -> assertThat(r.blockingProducers()).containsExactly(key(0, 1)));
    }

    @Test
    void anAllToAllPipelinedEdgeJoinsAllLanesOfBothVertices() {
        // V0 -FORWARD-> V1 -REBALANCE-> V2, all pipelined: the rebalance joins the two forward lanes
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(2, 2, 1)
                .edge(0, 1, FORWARD, PIPELINED).edge(1, 2, REBALANCE, PIPELINED).build());

        assertThat(regions).singleElement().satisfies(r -> assertThat(r.tasks()).hasSize(5));
    }

    @Test
    void aBlockingEdgeInsideAPipelinedRegionIsNoDependency() {
        // V0 -> V1 -> V2 pipelined and V0 -> V2 blocking: all one region, which must not wait for itself
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(1, 1, 1)
                .edge(0, 1, FORWARD, PIPELINED).edge(1, 2, FORWARD, PIPELINED).edge(0, 2, FORWARD, BLOCKING).build());

        assertThat(regions).singleElement().satisfies(r -> assertThat(r.blockingProducers()).isEmpty());
    }

    @Test
    void regionsThatWouldWaitForEachOtherAreMerged() {
        // {V0, V2} pipelined; V0 -blocking-> V1 -blocking-> V2: {V1} waits for V0's region and that region for V1
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(1, 1, 1)
                .edge(0, 2, FORWARD, PIPELINED).edge(0, 1, FORWARD, BLOCKING).edge(1, 2, FORWARD, BLOCKING).build());

        assertThat(regions).singleElement().satisfies(r -> {
            assertThat(r.tasks()).containsExactly(key(0, 0), key(1, 0), key(2, 0));
            assertThat(r.blockingProducers()).isEmpty();
        });
    }

    @Test
    void everyTaskOfALoopIsInOneRegionThatWaitsForTheLoopsBlockingInput() {
        // V0 -HASH/BLOCKING-> V1 (head) -FORWARD-> V2 (tail), feedback V2 -> V1; the loop is {V1, V2}.
        // Its forward edges alone would give one region per lane; the loop must run (and restart) as a whole.
        for (var feedbackMode : List.of(PIPELINED, BLOCKING)) {
            List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(2, 2, 2).edge(0, 1, HASH, BLOCKING)
                    .edge(1, 2, FORWARD, PIPELINED).feedback(2, 1, feedbackMode).iteration(loop(1), 1, 2).build());

            assertThat(regions).as("feedback edge " + feedbackMode).hasSize(3);
            assertThat(regions.get(0).tasks()).containsExactly(key(0, 0));
            assertThat(regions.get(1).tasks()).containsExactly(key(0, 1));
            assertThat(regions.get(2).tasks()).containsExactly(key(1, 0), key(1, 1), key(2, 0), key(2, 1));
            assertThat(regions.get(2).blockingProducers()).as("the feedback edge is no dependency").containsExactlyInAnyOrder(key(0, 0),
                    key(0, 1));
        }
    }

    @Test
    void aLoopWithoutEdgesBetweenItsLanesIsStillOneRegionAndItsResultConsumerWaitsForIt() {
        // V0 (head) -FORWARD-> V1 (tail), feedback V1 -> V0, V0 -FORWARD/BLOCKING-> V2 (the result's consumer)
        List<RegionShape> regions = PipelinedRegions.compute(RegionTestGraphs.graph(3, 3, 3).edge(0, 1, FORWARD, PIPELINED)
                .feedback(1, 0, PIPELINED).edge(0, 2, FORWARD, BLOCKING).iteration(loop(0), 0, 1).build());

        assertThat(regions).hasSize(4);
        assertThat(regions.get(0).tasks()).hasSize(6).containsOnly(key(0, 0), key(0, 1), key(0, 2), key(1, 0), key(1, 1), key(1, 2));
        assertThat(regions.subList(1, 4)).extracting(RegionShape::blockingProducers)
                .containsExactly(Set.of(key(0, 0)), Set.of(key(0, 1)), Set.of(key(0, 2)));
    }

    private static IterationSpec loop(int head) {
        return new IterationSpec("loop", IterationSpec.Kind.BULK, new JobVertexId(head), 5, new byte[] {0}, false);
    }

    private static SubtaskKey key(int vertex, int subtask) {
        return new SubtaskKey(vertex, subtask);
    }
}
