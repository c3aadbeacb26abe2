package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import io.eddy.util.InstantiationUtil;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Streaming loops at plan time (docs/iterations.md, "Streaming iteration"): the head and tail in the
 * job graph, their group and feedback edge, the connected variant's side output, and the errors of
 * a loop built wrong, each naming the iteration and what to do.
 */
class StreamIterationPlanTest {

    static final class Decrement implements MapFunction<Long, Long> {
        @Override
        public Long map(Long n) {
            return n - 1;
        }
    }

    static final class Positive implements FilterFunction<Long> {
        @Override
        public boolean filter(Long n) {
            return n > 0;
        }
    }

    static final class Halve implements CoMapFunction<Long, String, String> {
        @Override
        public String map1(Long n) {
            return n.toString();
        }

        @Override
        public String map2(String s) {
            return s.substring(1);
        }
    }

    static final class NonEmpty implements FilterFunction<String> {
        @Override
        public boolean filter(String s) {
            return !s.isEmpty();
        }
    }

    private static StreamExecutionEnvironment env() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        return env;
    }

    private static OperatorDescriptor descriptor(OperatorSpec op) {
        return InstantiationUtil.deserialize(op.descriptorBytes(), StreamIterationPlanTest.class.getClassLoader(), "descriptor");
    }

    private static JobVertex vertexWith(JobGraph graph, String kind) {
        return graph.vertices().stream().filter(v -> v.chain().stream().anyMatch(op -> op.kind().equals(kind))).findFirst().orElseThrow();
    }

    @Test
    void aLoopIsAHeadVertexAndATailJoinedByAFeedbackEdgeInOneStreamLoopGroup() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate(1_000).setFeedbackMemory(MemorySize.ofMebiBytes(2));
        DataStream<Long> next = loop.map(new Decrement());
        loop.closeWith(next.filter(new Positive()));
        next.print();
        JobGraph graph = env.getJobGraph("loop");

        JobVertex head = vertexWith(graph, StreamIterationKinds.StreamHead.NAME);
        JobVertex tail = vertexWith(graph, StreamIterationKinds.StreamTail.NAME);
        assertThat(head.chain().get(0).kind()).as("the head heads its vertex").isEqualTo(StreamIterationKinds.StreamHead.NAME);
        // map, filter and tail have the head's parallelism: all chained to it, so the feedback edge goes to the head's own vertex.
        assertThat(tail).isEqualTo(head);
        JobEdge feedback = graph.feedbackEdges().get(0);
        assertThat(feedback.source()).isEqualTo(head.id());
        assertThat(feedback.target()).isEqualTo(head.id());
        assertThat(feedback.targetInput()).isEqualTo(1);
        assertThat(feedback.role()).isEqualTo(EdgeRole.FEEDBACK);
        assertThat(graph.inputsOf(head.id())).extracting(JobEdge::role).containsExactly(EdgeRole.DATA);
        VertexGroup group = graph.groupOf(head.id(), VertexGroup.Kind.STREAM_LOOP).orElseThrow();
        assertThat(group.name()).isEqualTo(loop.getIterationName());
        StreamIterationKinds.StreamHead kind = descriptor(head.chain().get(0)).kindAs(StreamIterationKinds.StreamHead.class);
        assertThat(kind.maxWaitMillis()).isEqualTo(1_000);
        assertThat(kind.feedbackMemoryBytes()).isEqualTo(2L << 20);
        assertThat(kind.feedbackSideOutput()).isNull();
        assertThat(kind.feedbackType()).isEqualTo(Types.LONG);
    }

    @Test
    void aTailOfAnotherVertexJoinsTheGroup() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate();
        DataStream<Long> next = loop.rebalance().map(new Decrement()).setParallelism(2);
        loop.closeWith(next.keyBy(n -> n % 3, Types.LONG).map(new Decrement()).filter(new Positive()));
        JobGraph graph = env.getJobGraph("loop");

        JobVertex head = vertexWith(graph, StreamIterationKinds.StreamHead.NAME);
        JobVertex tail = vertexWith(graph, StreamIterationKinds.StreamTail.NAME);
        assertThat(tail).isNotEqualTo(head);
        assertThat(graph.groupOf(head.id(), VertexGroup.Kind.STREAM_LOOP).orElseThrow().members()).containsExactly(head.id(), tail.id());
        assertThat(graph.feedbackEdges()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo(tail.id());
            assertThat(e.target()).isEqualTo(head.id());
        });
        assertThat(descriptor(head.chain().get(0)).kindAs(StreamIterationKinds.StreamHead.class).maxWaitMillis())
                .isEqualTo(StreamIterationKinds.NO_MAX_WAIT);
    }

    @Test
    void aConnectedLoopFeedsItsOtherTypeToTheHeadsSideOutputReadByTheCoOperator() {
        StreamExecutionEnvironment env = env();
        ConnectedIterativeStreams<Long, String> loop = env.fromSequence(1, 10).iterate(500).withFeedbackType(String.class);
        DataStream<String> step = loop.map(new Halve());
        loop.closeWith(step.filter(new NonEmpty()));
        JobGraph graph = env.getJobGraph("connected");

        JobVertex head = vertexWith(graph, StreamIterationKinds.StreamHead.NAME);
        StreamIterationKinds.StreamHead kind = descriptor(head.chain().get(0)).kindAs(StreamIterationKinds.StreamHead.class);
        assertThat(kind.feedbackType()).isEqualTo(Types.STRING);
        assertThat(kind.feedbackSideOutput()).isEqualTo("eddy.iteration-feedback." + loop.getIterationName());
        JobVertex coMap = vertexWith(graph, "coMap");
        // Two inputs: the head's main output and its feedback side output, each a network edge into the co-map.
        assertThat(graph.inputsOf(coMap.id())).extracting(JobEdge::targetInput).containsExactly(0, 1);
        assertThat(graph.feedbackEdges()).singleElement().satisfies(e -> assertThat(e.target()).isEqualTo(head.id()));
    }

    @Test
    void closingTwiceFeedbackThatDoesNotDependOnTheLoopOrOfAnotherTypeFailsAtTheCall() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate(100);
        DataStream<Long> outside = env.fromSequence(1, 5).map(new Decrement());
        assertThatThrownBy(() -> loop.closeWith(outside)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(loop.getIterationName()).hasMessageContaining("does not depend on the iteration")
                .hasMessageContaining("compute it from the IterativeStream");
        DataStream<String> strings = loop.map(n -> "x" + n).returns(Types.STRING);
        assertThatThrownBy(() -> closeRaw(loop, strings)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has type").hasMessageContaining("withFeedbackType");

        loop.closeWith(loop.map(new Decrement()));
        assertThatThrownBy(() -> loop.closeWith(loop.map(new Decrement()))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed already").hasMessageContaining("once per iterate()");
        assertThatThrownBy(() -> loop.withFeedbackType(String.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed already");
        assertThatThrownBy(() -> env.fromSequence(1, 2).iterate(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxWaitMillis 0");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void closeRaw(IterativeStream<Long> loop, DataStream<String> feedback) {
        ((IterativeStream) loop).closeWith(feedback);
    }

    @Test
    void aLoopTurnedIntoConnectedStreamsIsClosedThroughThem() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate(100);
        ConnectedIterativeStreams<Long, String> connected = loop.withFeedbackType(String.class);
        DataStream<String> step = connected.map(new Halve());
        assertThatThrownBy(() -> loop.closeWith(loop.map(new Decrement()))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("withFeedbackType").hasMessageContaining("closeWith on those");
        assertThatThrownBy(() -> loop.withFeedbackType(Long.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("withFeedbackType was called already");
        connected.closeWith(step);
        assertThat(env.getJobGraph("ok").feedbackEdges()).hasSize(1);
    }

    @Test
    void aLoopNeverClosedFailsWhenThePlanIsBuilt() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate(100);
        loop.map(new Decrement()).print();
        assertThatThrownBy(() -> env.getJobGraph("open")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Iteration '" + loop.getIterationName() + "'").hasMessageContaining("never closed")
                .hasMessageContaining("closeWith(feedback)");
    }

    @Test
    void feedbackOfAnotherParallelismFailsSayingHowToFixIt() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate(100);
        loop.closeWith(loop.map(new Decrement()).name("odd lanes").setParallelism(3));
        assertThatThrownBy(() -> env.getJobGraph("uneven")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'odd lanes' with parallelism 3").hasMessageContaining("has parallelism 2")
                .hasMessageContaining("setParallelism(2)").hasMessageContaining("rebalance()");

        // Partitioned feedback of another parallelism is fine: the tail takes the head's parallelism.
        StreamExecutionEnvironment ok = env();
        IterativeStream<Long> loop2 = ok.fromSequence(1, 10).iterate(100);
        loop2.closeWith(loop2.map(new Decrement()).setParallelism(3).rebalance());
        JobGraph graph = ok.getJobGraph("rebalanced");
        assertThat(vertexWith(graph, StreamIterationKinds.StreamTail.NAME).parallelism()).isEqualTo(2);
    }

    @Test
    void feedbackParallelismIsCheckedForThePlanOfTheFinalSettings() {
        StreamExecutionEnvironment env = env();
        IterativeStream<Long> loop = env.fromSequence(1, 10).iterate(100);
        SingleOutputStreamOperator<Long> body = loop.map(new Decrement());
        loop.closeWith(body);
        // Set after closeWith: the head follows, so head and tail agree again.
        body.setParallelism(4);
        loop.setParallelism(4);
        assertThat(vertexWith(env.getJobGraph("four"), StreamIterationKinds.StreamHead.NAME).parallelism()).isEqualTo(4);
        assertThat(List.of(env.getExecutionPlan())).singleElement().asString().contains(StreamIterationKinds.StreamTail.NAME);
    }
}
