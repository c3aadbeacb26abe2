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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.FieldsKeySelector;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON and text forms of a plan. */
class PlanRendererTest {

    private static PhysicalPlan plan() {
        return Plans.plan(
                source(0, "a \"quoted\"", 2),
                map(1, "m", 2).input(forward(0)).property(PlanProperty.of("localStrategy", "local", "HASH"))
                        .property(new PlanProperty("memoryFraction", "memory", 0.125, "0.13"))
                        .property(new PlanProperty("estimatedRecords", "records", -1L, "?"))
                        .property(new PlanProperty("costs", null, "network=0", "network=0")),
                source(2, "b", 1),
                map(3, "co", 2, 2, List.of("v")).input(sideOutput(1, "odd")).input(edge(2, 1, ShipStrategy.REBALANCE))
                        .input(broadcastVariable(0, 0)),
                sink(4, "out", 2).input(edge(3, 0, ShipStrategy.HASH)));
    }

    @Test
    void jsonListsNodesWithTheirPropertiesAndInputs() throws Exception {
        JsonNode json = new ObjectMapper().readTree(PlanRenderer.json(plan()));
        assertThat(json.get("job").asText()).isEqualTo("test job");
        JsonNode nodes = json.get("nodes");
        assertThat(nodes).hasSize(5);
        assertThat(nodes.get(0).get("name").asText()).isEqualTo("Source: a \"quoted\"");
        assertThat(nodes.get(0).get("kind").asText()).isEqualTo("source");
        assertThat(nodes.get(0).get("uid").asText()).isEqualTo("uid-0");
        assertThat(nodes.get(0).get("maxParallelism").asInt()).isEqualTo(128);
        assertThat(nodes.get(0).get("inputs")).isEmpty();

        JsonNode m = nodes.get(1);
        assertThat(m.get("chained").asBoolean()).isTrue();
        assertThat(m.get("localStrategy").asText()).isEqualTo("HASH");
        assertThat(m.get("memoryFraction").isNumber()).isTrue();
        assertThat(m.get("memoryFraction").asDouble()).isEqualTo(0.125);
        assertThat(m.get("estimatedRecords").asLong()).isEqualTo(-1);
        assertThat(m.get("costs").asText()).isEqualTo("network=0");
        assertThat(m.get("inputs").get(0).get("ship").asText()).isEqualTo("FORWARD");
        assertThat(m.get("inputs").get(0).get("exchange").asText()).isEqualTo("PIPELINED");
        assertThat(m.get("inputs").get(0).has("keys")).isFalse();
        assertThat(m.get("inputs").get(0).has("sideOutput")).isFalse();

        JsonNode co = nodes.get(3);
        assertThat(co.get("chained").asBoolean()).isFalse();
        assertThat(co.get("inputs").get(0).get("sideOutput").asText()).isEqualTo("odd");
        assertThat(co.get("inputs").get(1).get("input").asInt()).isEqualTo(1);
        assertThat(co.get("inputs").get(1).get("id").asInt()).isEqualTo(2);
        assertThat(co.get("inputs").get(2).get("broadcastName").asText()).isEqualTo("v");
        assertThat(co.get("inputs").get(2).get("ship").asText()).isEqualTo("BROADCAST");
        assertThat(nodes.get(4).get("inputs").get(0).has("keys")).as("a key selector function has no readable keys").isFalse();
    }

    @Test
    void jsonShowsTheFieldsOfABatchHashKey() throws Exception {
        TypeInfo<Tuple2<Long, Long>> pairs = TypeInfo.of(new io.eddy.api.common.typeinfo.TypeHint<Tuple2<Long, Long>>() {});
        FieldsKeySelector<Tuple2<Long, Long>> byFirst = new FieldsKeySelector<>(pairs, KeySpec.of(0), new SerializerConfig());
        PhysicalPlan plan = Plans.plan(source(0, "a", 2),
                sink(1, "out", 2).input(new PlanEdge(0, 0, EdgeRole.DATA, ShipStrategy.HASH, byFirst, pairs, ExchangeMode.BLOCKING, null)));
        JsonNode input = new ObjectMapper().readTree(PlanRenderer.json(plan)).get("nodes").get(1).get("inputs").get(0);
        assertThat(input.get("keys").asText()).isEqualTo("[0]");
        assertThat(input.get("exchange").asText()).isEqualTo("BLOCKING");
        assertThat(PlanRenderer.text(plan, JobGraphWriter.write(plan, 0, new SerializerConfig(), Map.of())))
                .contains("      <- #0 input 0: HASH on [0], BLOCKING\n");
    }

    @Test
    void textShowsOneLinePerNodeAndInputThenTheTasks() {
        PhysicalPlan plan = plan();
        String text = PlanRenderer.text(plan, JobGraphWriter.write(plan, 0, new SerializerConfig(), Map.of()));
        assertThat(text).isEqualTo("""
                Plan of job 'test job'
                  #0 source 'Source: a "quoted"' p=2
                  #1 map 'm' p=2, local HASH, memory 0.13, records ?
                      <- #0 input 0: FORWARD, PIPELINED (chained)
                  #2 source 'Source: b' p=1
                  #3 coMap 'co' p=2
                      <- #1 input 0 (side output 'odd'): FORWARD, PIPELINED
                      <- #2 input 1: REBALANCE, PIPELINED
                      <- #0 broadcast 'v': BROADCAST, PIPELINED
                  #4 sink 'Sink: out' p=2
                      <- #3 input 0: HASH, PIPELINED
                Tasks (4 vertices, 7 subtasks):
                  v0 [p=2] Source: a "quoted" -> m
                  v1 [p=1] Source: b
                  v2 [p=2] co
                  v3 [p=2] Sink: out
                """);
    }
}
