package io.eddy.translation;

import static io.eddy.translation.Plans.broadcastVariable;
import static io.eddy.translation.Plans.edge;
import static io.eddy.translation.Plans.forward;
import static io.eddy.translation.Plans.map;
import static io.eddy.translation.Plans.plan;
import static io.eddy.translation.Plans.sideOutput;
import static io.eddy.translation.Plans.sink;
import static io.eddy.translation.Plans.source;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@link JobGraphWriter} numbers vertices, output and gate indexes, and chained outputs. */
class JobGraphWriterTest {

    private static final ClassLoader CL = JobGraphWriterTest.class.getClassLoader();

    /**
     * <pre>
     * 0 Source: a ─FORWARD─► 1 m1 ─REBALANCE─► 2 Sink: s1
     *     │                   └──HASH (input 0)──► 4 co ─FORWARD, side output 'odd'─► 5 m2
     *     └─BROADCAST variable 'v'──────────────►   ▲  └─FORWARD─► 6 Sink: s2
     * 3 Source: b ─FORWARD (input 1)────────────────┘
     * </pre>
     */
    private static PhysicalPlan fanOutPlan() {
        return plan(
                source(0, "a", 2),
                map(1, "m1", 2).input(forward(0)),
                sink(2, "s1", 2).input(edge(1, 0, ShipStrategy.REBALANCE)),
                source(3, "b", 2),
                map(4, "co", 2, 2, List.of("v")).input(edge(1, 0, ShipStrategy.HASH)).input(edge(3, 1, ShipStrategy.FORWARD))
                        .input(broadcastVariable(0, 0)),
                map(5, "m2", 2).input(sideOutput(4, "odd")),
                sink(6, "s2", 2).input(forward(4)));
    }

    private static JobGraph write(PhysicalPlan plan) {
        return JobGraphWriter.write(plan, 7, new SerializerConfig(), Map.of("k", "v"));
    }

    @Test
    void chainsBecomeVerticesOrderedByTheirHead() {
        JobGraph graph = write(fanOutPlan());
        assertThat(graph.vertices()).extracting(JobVertex::name)
                .containsExactly("Source: a -> m1", "Sink: s1", "Source: b", "co -> m2 -> Sink: s2");
        assertThat(graph.vertices().get(3).chain()).extracting(OperatorSpec::uid).containsExactly("uid-4", "uid-5", "uid-6");
        assertThat(graph.vertices().get(0).chain()).extracting(OperatorSpec::name).containsExactly("a", "m1");
        assertThat(graph.vertices().get(0).chain()).extracting(OperatorSpec::kind).containsExactly("source", "map");
        assertThat(graph.name()).isEqualTo("test job");
        assertThat(graph.bufferTimeoutMillis()).isEqualTo(7);
        assertThat(io.eddy.util.InstantiationUtil.<SerializerConfig>deserialize(graph.serializerConfigBytes(), CL, "config"))
                .isInstanceOf(SerializerConfig.class);
        assertThat(graph.settings()).containsExactly(Map.entry("k", "v"));
    }

    @Test
    void outputIndexesArePerChainInChainOrderAndGateIndexesInTheHeadsInputOrder() {
        JobGraph graph = write(fanOutPlan());
        // vertex 0: the source's broadcast edge first (member 0), then m1's edges by consumer id
        assertThat(graph.outputsOf(graph.vertices().get(0).id())).extracting(JobEdge::toString).containsExactly(
                "v0[0] -BROADCAST/BROADCAST/PIPELINED-> v3[2]",
                "v0[1] -REBALANCE/PIPELINED-> v1[0]",
                "v0[2] -HASH/PIPELINED-> v3[0]");
        assertThat(graph.inputsOf(graph.vertices().get(3).id())).extracting(JobEdge::targetInput).containsExactly(0, 1, 0);
        assertThat(graph.inputsOf(graph.vertices().get(3).id())).extracting(JobEdge::role)
                .containsExactly(EdgeRole.DATA, EdgeRole.DATA, EdgeRole.BROADCAST);
        assertThat(graph.inputsOf(graph.vertices().get(3).id()).get(1).source()).isEqualTo(graph.vertices().get(2).id());
        JobEdge hash = graph.inputsOf(graph.vertices().get(3).id()).get(0);
        assertThat(hash.keySelector(CL)).isInstanceOf(Plans.Identity.class);
        assertThat(hash.recordType(CL)).isEqualTo(Plans.LONGS);
        assertThat(graph.edges()).filteredOn(e -> e.shipStrategy() != ShipStrategy.HASH).allSatisfy(e -> assertThat(e.keySelectorBytes()).isNull());
    }

    @Test
    void operatorOutputsPointIntoTheChainOrAtTheVertexOutputs() {
        JobGraph graph = write(fanOutPlan());
        List<OperatorSpec> first = graph.vertices().get(0).chain();
        assertThat(first.get(0).outputs()).containsExactly(OperatorOutput.chained(1, 0), OperatorOutput.network(0));
        assertThat(first.get(1).outputs()).containsExactly(OperatorOutput.network(1), OperatorOutput.network(2));
        List<OperatorSpec> last = graph.vertices().get(3).chain();
        assertThat(last.get(0).outputs()).containsExactly(new OperatorOutput(OperatorOutput.Target.CHAINED, 1, 0, "odd"),
                OperatorOutput.chained(2, 0));
        assertThat(last.get(2).outputs()).isEmpty();
        assertThat(last.get(0).descriptor(CL).broadcastNames()).containsExactly("v");
    }

    @Test
    void aSideOutputOverTheNetworkKeepsItsTag() {
        JobGraph graph = write(plan(source(0, "a", 2), map(1, "m", 3).parallelism(3, 128).input(
                new PlanEdge(0, 0, EdgeRole.DATA, ShipStrategy.REBALANCE, null, Plans.LONGS, io.eddy.jobgraph.ExchangeMode.BLOCKING, "late"))));
        assertThat(graph.vertices().get(0).head().outputs()).containsExactly(new OperatorOutput(OperatorOutput.Target.NETWORK, 0, 0, "late"));
        assertThat(graph.edges()).singleElement().satisfies(e -> {
            assertThat(e.exchangeMode()).isEqualTo(io.eddy.jobgraph.ExchangeMode.BLOCKING);
            assertThat(e.targetGateIndex()).isZero();
        });
        assertThat(graph.vertices().get(1).parallelism()).isEqualTo(3);
    }
}
