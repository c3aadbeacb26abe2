package io.eddy.translation;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;

/** Hand-built physical plans of {@code Long} records for the back end's tests. */
final class Plans {

    static final TypeInfo<Long> LONGS = TypeInfo.of(Long.class);

    /** Keys a long by itself. */
    static final class Identity implements KeySelector<Long, Long> {
        @Override
        public Long getKey(Long value) {
            return value;
        }
    }

    private Plans() {}

    static PlanNode.Builder source(int id, String name, int parallelism) {
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.SOURCE).outputType(LONGS).build();
        return PlanNode.builder(id, name, d).displayName("Source: " + name).uid("uid-" + id).parallelism(parallelism, 128);
    }

    /** A map over {@code inputs} logical inputs, with {@code broadcastNames}. */
    static PlanNode.Builder map(int id, String name, int parallelism, int inputs, List<String> broadcastNames) {
        OperatorDescriptor.Builder d = OperatorDescriptor.builder(inputs == 2 ? OperatorKinds.CO_MAP : OperatorKinds.MAP).outputType(LONGS)
                .broadcastNames(broadcastNames);
        for (int i = 0; i < inputs; i++) {
            d.inputType(LONGS);
        }
        return PlanNode.builder(id, name, d.build()).uid("uid-" + id).parallelism(parallelism, 128);
    }

    static PlanNode.Builder map(int id, String name, int parallelism) {
        return map(id, name, parallelism, 1, List.of());
    }

    static PlanNode.Builder sink(int id, String name, int parallelism) {
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.SINK).inputType(LONGS).build();
        return PlanNode.builder(id, name, d).displayName("Sink: " + name).uid("uid-" + id).parallelism(parallelism, 128);
    }

    static PlanEdge forward(int source) {
        return PlanEdge.data(source, 0, ShipStrategy.FORWARD, LONGS);
    }

    static PlanEdge edge(int source, int targetInput, ShipStrategy ship) {
        return new PlanEdge(source, targetInput, EdgeRole.DATA, ship, ship == ShipStrategy.HASH ? new Identity() : null, LONGS,
                ExchangeMode.PIPELINED, null);
    }

    static PlanEdge blocking(int source) {
        return new PlanEdge(source, 0, EdgeRole.DATA, ShipStrategy.FORWARD, null, LONGS, ExchangeMode.BLOCKING, null);
    }

    static PlanEdge sideOutput(int source, String tag) {
        return new PlanEdge(source, 0, EdgeRole.DATA, ShipStrategy.FORWARD, null, LONGS, ExchangeMode.PIPELINED, tag);
    }

    static PlanEdge broadcastVariable(int source, int index) {
        return new PlanEdge(source, index, EdgeRole.BROADCAST, ShipStrategy.BROADCAST, null, LONGS, ExchangeMode.PIPELINED, null);
    }

    static PhysicalPlan plan(PlanNode.Builder... nodes) {
        return new PhysicalPlan("test job", java.util.Arrays.stream(nodes).map(PlanNode.Builder::build).toList());
    }
}
