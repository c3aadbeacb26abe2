package io.eddy.jobgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.util.InstantiationUtil;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The job graph's typed contract: edge roles and the direction each may take, vertex groups, the
 * binary codec carrying both, and the typed kinds refusing parameters their drivers cannot run.
 */
class JobGraphContractTest {

    private static final byte[] LONG_TYPE = InstantiationUtil.serialize(Types.LONG, "type");

    private static JobVertex vertex(int id, int parallelism) {
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.MAP).inputType(Types.LONG).outputType(Types.LONG).build();
        OperatorSpec spec = new OperatorSpec("v" + id, "V" + id, d.kind().name(), InstantiationUtil.serialize(d, "d"), List.of());
        return new JobVertex(new JobVertexId(id), "V" + id, parallelism, 128, List.of(spec));
    }

    private static JobEdge edge(int from, int output, int to, int gate, int input, EdgeRole role) {
        ShipStrategy ship = role == EdgeRole.BROADCAST ? ShipStrategy.BROADCAST : ShipStrategy.FORWARD;
        return new JobEdge(new JobVertexId(from), output, new JobVertexId(to), gate, input, role, ship, ExchangeMode.PIPELINED, null, LONG_TYPE);
    }

    private static VertexGroup group(String name, VertexGroup.Kind kind, int... members) {
        List<JobVertexId> ids = java.util.Arrays.stream(members).mapToObj(JobVertexId::new).toList();
        IterationSpec spec = kind == VertexGroup.Kind.ITERATION
                ? new IterationSpec(name, IterationSpec.Kind.BULK, ids.get(0), 10, new byte[] {1, 2}, false) : null;
        return new VertexGroup(name, kind, ids, spec);
    }

    private static JobGraph graph(List<JobVertex> vertices, List<JobEdge> edges, List<VertexGroup> groups) {
        return new JobGraph(JobId.generate(), "loop", vertices, edges, 100, new byte[0], Map.of(), groups);
    }

    /** source -> head -> tail, and tail's feedback back to head: the shape of a bulk iteration. */
    private static JobGraph loop() {
        return graph(List.of(vertex(0, 2), vertex(1, 2), vertex(2, 2)),
                List.of(edge(0, 0, 1, 0, 0, EdgeRole.DATA), edge(1, 0, 2, 0, 0, EdgeRole.DATA), edge(2, 0, 1, 1, 0, EdgeRole.FEEDBACK)),
                List.of(group("iteration-1", VertexGroup.Kind.ITERATION, 1, 2)));
    }

    @Test
    void aFeedbackEdgeClosesALoopWithinItsIterationGroup() {
        JobGraph graph = loop();

        // The feedback edge is no network input of the head, nor a network output of the tail.
        assertThat(graph.inputsOf(new JobVertexId(1))).extracting(JobEdge::role).containsExactly(EdgeRole.DATA);
        assertThat(graph.outputsOf(new JobVertexId(2))).isEmpty();
        assertThat(graph.feedbackEdges()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo(new JobVertexId(2));
            assertThat(e.target()).isEqualTo(new JobVertexId(1));
        });
        assertThat(graph.groupOf(new JobVertexId(2), VertexGroup.Kind.ITERATION)).hasValueSatisfying(g -> assertThat(g.name()).isEqualTo("iteration-1"));
        assertThat(graph.groupOf(new JobVertexId(0), VertexGroup.Kind.ITERATION)).isEmpty();
    }

    @Test
    void aFeedbackEdgeOutsideAnIterationGroupOrGoingForwardIsRefused() {
        List<JobVertex> vertices = List.of(vertex(0, 2), vertex(1, 2), vertex(2, 2));
        JobEdge back = edge(2, 0, 1, 1, 0, EdgeRole.FEEDBACK);
        assertThatThrownBy(() -> graph(vertices, List.of(back), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same iteration group");
        assertThatThrownBy(() -> graph(vertices, List.of(back), List.of(group("other", VertexGroup.Kind.ITERATION, 1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same iteration group");
        JobEdge forward = edge(1, 0, 2, 0, 0, EdgeRole.FEEDBACK);
        assertThatThrownBy(() -> graph(vertices, List.of(forward), List.of(group("loop", VertexGroup.Kind.ITERATION, 1, 2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must go back");
    }

    @Test
    void forwardRolesMustFollowTheTopologicalOrder() {
        List<JobVertex> vertices = List.of(vertex(0, 1), vertex(1, 1));
        for (EdgeRole role : List.of(EdgeRole.DATA, EdgeRole.BROADCAST, EdgeRole.SOLUTION_SET)) {
            assertThatThrownBy(() -> graph(vertices, List.of(edge(1, 0, 0, 0, 0, role)), List.of()))
                    .as(role.name()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not in topological order");
        }
    }

    @Test
    void aBroadcastEdgeShipsToEverySubtask() {
        assertThatThrownBy(() -> new JobEdge(new JobVertexId(0), 0, new JobVertexId(1), 1, 0, EdgeRole.BROADCAST, ShipStrategy.FORWARD,
                ExchangeMode.PIPELINED, null, LONG_TYPE)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shipped FORWARD");
    }

    @Test
    void vertexGroupsAreValidated() {
        List<JobVertex> vertices = List.of(vertex(0, 2), vertex(1, 2), vertex(2, 3));
        assertThatThrownBy(() -> graph(vertices, List.of(), List.of(group("g", VertexGroup.Kind.CO_LOCATION, 1, 2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("parallelism 2 and 3");
        assertThatThrownBy(() -> graph(vertices, List.of(),
                List.of(group("a", VertexGroup.Kind.CO_LOCATION, 0, 1), group("b", VertexGroup.Kind.CO_LOCATION, 1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is in the CO_LOCATION groups 'a' and 'b'");
        assertThatThrownBy(() -> graph(vertices, List.of(),
                List.of(group("a", VertexGroup.Kind.CO_LOCATION, 0), group("a", VertexGroup.Kind.ITERATION, 1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two vertex groups are named 'a'");
        assertThatThrownBy(() -> graph(vertices, List.of(), List.of(group("far", VertexGroup.Kind.ITERATION, 7))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not in the graph");
        assertThatThrownBy(() -> group("unordered", VertexGroup.Kind.ITERATION, 2, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ascending");
        JobVertexId one = new JobVertexId(1);
        IterationSpec spec = new IterationSpec("loop", IterationSpec.Kind.BULK, one, 3, new byte[0], false);
        assertThatThrownBy(() -> new VertexGroup("loop", VertexGroup.Kind.ITERATION, List.of(one)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no iteration spec");
        assertThatThrownBy(() -> new VertexGroup("loop", VertexGroup.Kind.CO_LOCATION, List.of(one), spec))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only ITERATION groups have");
        assertThatThrownBy(() -> new VertexGroup("other", VertexGroup.Kind.ITERATION, List.of(one), spec))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("its name must be the group's");
        assertThatThrownBy(() -> VertexGroup.iteration(spec, List.of(new JobVertexId(2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("head vertex a member");
        assertThatThrownBy(() -> new IterationSpec("loop", IterationSpec.Kind.BULK, one, 0, new byte[0], false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected: >= 1");
        // One vertex may be in one group of each kind.
        assertThat(graph(vertices, List.of(), List.of(group("a", VertexGroup.Kind.CO_LOCATION, 0, 1), group("b", VertexGroup.Kind.ITERATION, 1)))
                .groups()).hasSize(2);
    }

    @Test
    void aStreamLoopGroupHoldsItsFeedbackEdgeAtEqualParallelism() throws Exception {
        // source -> head -> body -> tail, the tail's feedback to the head's input 1; the body is no member.
        List<JobVertex> vertices = List.of(vertex(0, 2), vertex(1, 2), vertex(2, 3), vertex(3, 2));
        List<JobEdge> edges = List.of(edge(0, 0, 1, 0, 0, EdgeRole.DATA), edge(1, 0, 2, 0, 0, EdgeRole.DATA), edge(2, 0, 3, 0, 0, EdgeRole.DATA),
                edge(3, 0, 1, 1, 1, EdgeRole.FEEDBACK));
        JobGraph graph = graph(vertices, edges, List.of(group("iteration-1", VertexGroup.Kind.STREAM_LOOP, 1, 3)));

        assertThat(graph.feedbackEdges()).singleElement().satisfies(e -> assertThat(e.targetInput()).isEqualTo(1));
        assertThat(graph.groupOf(new JobVertexId(3), VertexGroup.Kind.STREAM_LOOP)).hasValueSatisfying(g -> assertThat(g.iteration()).isNull());
        DataOutputSerializer out = new DataOutputSerializer(1024);
        JobGraphCodec.write(graph, out);
        assertThat(JobGraphCodec.read(new DataInputDeserializer(out.getCopyOfBuffer())).groups()).isEqualTo(graph.groups());
        // A tail chained into the head's vertex: the feedback edge goes from the vertex to itself.
        assertThat(graph(List.of(vertex(0, 2), vertex(1, 2)), List.of(edge(0, 0, 1, 0, 0, EdgeRole.DATA), edge(1, 0, 1, 1, 1, EdgeRole.FEEDBACK)),
                List.of(group("self", VertexGroup.Kind.STREAM_LOOP, 1))).feedbackEdges()).hasSize(1);

        assertThatThrownBy(() -> graph(vertices, edges, List.of(group("loose", VertexGroup.Kind.STREAM_LOOP, 1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same iteration group (or stream loop group)");
        assertThatThrownBy(() -> graph(List.of(vertex(0, 2), vertex(1, 2), vertex(2, 3)),
                List.of(edge(0, 0, 1, 0, 0, EdgeRole.DATA), edge(1, 0, 2, 0, 0, EdgeRole.DATA), edge(2, 0, 1, 1, 1, EdgeRole.FEEDBACK)),
                List.of(group("uneven", VertexGroup.Kind.STREAM_LOOP, 1, 2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("need one parallelism");
        assertThatThrownBy(() -> new VertexGroup("loop", VertexGroup.Kind.STREAM_LOOP, List.of(new JobVertexId(1)),
                new IterationSpec("loop", IterationSpec.Kind.BULK, new JobVertexId(1), 1, new byte[0], false)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only ITERATION groups have");
    }

    @Test
    void theCodecCarriesRolesAndGroups() throws Exception {
        JobGraph graph = loop();
        DataOutputSerializer out = new DataOutputSerializer(1024);
        JobGraphCodec.write(graph, out);
        JobGraph read = JobGraphCodec.read(new DataInputDeserializer(out.getCopyOfBuffer()));

        assertThat(read.edges()).extracting(JobEdge::role).containsExactly(EdgeRole.DATA, EdgeRole.DATA, EdgeRole.FEEDBACK);
        assertThat(read.edges()).extracting(JobEdge::targetGateIndex).containsExactly(0, 0, 1);
        assertThat(read.groups()).isEqualTo(graph.groups());
    }

    @Test
    void aDescriptorCarriesItsMemoryShareAndBroadcastNames() {
        OperatorDescriptor d = OperatorDescriptor.builder(BatchKinds.MAP_PARTITION).broadcastNames(List.of("model")).memoryFraction(0.5).build();
        OperatorDescriptor copy = InstantiationUtil.deserialize(InstantiationUtil.serialize(d, "d"), getClass().getClassLoader(), "d");
        assertThat(copy.broadcastNames()).containsExactly("model");
        assertThat(copy.memoryFraction()).isEqualTo(0.5);
        assertThat(copy.kindAs(BatchKinds.MapPartition.class)).isEqualTo(BatchKinds.MAP_PARTITION);
        assertThatThrownBy(() -> copy.kindAs(BatchKinds.Reduce.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kind 'mapPartition'");
        assertThatThrownBy(() -> OperatorDescriptor.builder(OperatorKinds.MAP).memoryFraction(1.5).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memory fraction");
    }

    @Test
    void aKindRefusesParametersItsDriverCannotRun() {
        KeySpec key = KeySpec.of(0);
        assertThatThrownBy(() -> new BatchKinds.Join(key, key, JoinType.INNER, BatchKinds.LocalStrategy.SORT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("join operator does not support the local strategy SORT");
        assertThatThrownBy(() -> new BatchKinds.GroupReduce(key, null, BatchKinds.LocalStrategy.HASH))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("groupReduce");
        assertThatThrownBy(() -> new BatchKinds.Cross(2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("input 2");
        assertThatThrownBy(() -> new OperatorKinds.CollectSink("id", 0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new BatchKinds.Join(key, key, JoinType.LEFT_OUTER, BatchKinds.LocalStrategy.SORT_MERGE)
                .withLocalStrategy(BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_SECOND).joinType()).isEqualTo(JoinType.LEFT_OUTER);
    }

    @Test
    void theKindNamesAreStable() {
        // Part of derived operator uids and of plans: a rename breaks restoring savepoints of batch jobs' streaming parts.
        assertThat(List.of(OperatorKinds.SOURCE, OperatorKinds.MAP, OperatorKinds.FLAT_MAP, OperatorKinds.FILTER, OperatorKinds.PROCESS,
                OperatorKinds.KEYED_PROCESS, OperatorKinds.KEYED_REDUCE, OperatorKinds.CO_MAP, OperatorKinds.CO_FLAT_MAP, OperatorKinds.SINK))
                .extracting(OperatorKind::name)
                .containsExactly("source", "map", "flatMap", "filter", "process", "keyedProcess", "keyedReduce", "coMap", "coFlatMap", "sink");
        assertThat(new OperatorKinds.CollectSink("c").name()).isEqualTo(OperatorKinds.CollectSink.NAME).isEqualTo("collectSink");
    }

    @Test
    void joinTypesKeepTheUnmatchedRecordsOfTheirSides() {
        assertThat(JoinType.INNER.keepsUnmatched(0)).isFalse();
        assertThat(JoinType.LEFT_OUTER.keepsUnmatched(0)).isTrue();
        assertThat(JoinType.LEFT_OUTER.keepsUnmatched(1)).isFalse();
        assertThat(JoinType.RIGHT_OUTER.keepsUnmatched(1)).isTrue();
        assertThat(JoinType.FULL_OUTER.keepsUnmatched(0)).isTrue();
        assertThat(JoinType.FULL_OUTER.keepsUnmatched(1)).isTrue();
        assertThatThrownBy(() -> JoinType.INNER.keepsUnmatched(2)).isInstanceOf(IllegalArgumentException.class);
    }
}
