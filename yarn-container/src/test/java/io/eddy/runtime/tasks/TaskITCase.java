package io.eddy.runtime.tasks;

import static io.eddy.runtime.tasks.TaskTestSupport.JOB;
import static io.eddy.runtime.tasks.TaskTestSupport.sink;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.tasks.TaskTestSupport.CollectingSink;
import io.eddy.runtime.tasks.TaskTestSupport.RangeSource;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tasks connected by the real network stack (local channels in one {@link NetworkEnvironment}). */
class TaskITCase {

    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    private NetworkEnvironment network;
    private final List<Task> tasks = new ArrayList<>();
    private final List<RecordingListener> listeners = new ArrayList<>();

    @BeforeEach
    void startNetwork() throws Exception {
        network = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(256).build());
    }

    @AfterEach
    void stop() throws Exception {
        for (Task task : tasks) {
            task.cancel();
            task.terminationFuture().get(30, TimeUnit.SECONDS);
        }
        network.close();
    }

    private Task start(TaskDeployment deployment) {
        RecordingListener listener = new RecordingListener();
        Task task = new Task(deployment, new TaskServices(network, listener, null, "worker-1"));
        tasks.add(task);
        listeners.add(listener);
        task.start();
        return task;
    }

    private static ResultPartitionId partition(int vertex, int output, int subtask) {
        return new ResultPartitionId(JOB, vertex, output, subtask, 0);
    }

    private List<InputChannelSpec> channels(int producerVertex, int producerOutput, int producers, int subpartition) {
        List<InputChannelSpec> channels = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            channels.add(new InputChannelSpec(partition(producerVertex, producerOutput, p), subpartition, network.dataAddress()));
        }
        return channels;
    }

    private void awaitAllFinished() throws Exception {
        for (Task task : tasks) {
            assertThat(task.terminationFuture().get(60, TimeUnit.SECONDS)).as(task.toString()).isEqualTo(TaskExecutionState.FINISHED);
        }
        for (RecordingListener listener : listeners) {
            assertThat(listener.finished).isDone();
            assertThat(listener.failed).isNotDone();
        }
    }

    @Test
    void sourceToKeyedReduceOverAHashEdgeWithParallelismTwo() throws Exception {
        MapFunction<Long, Tuple2<Long, Long>> pair = v -> Tuple2.of(v % 10, v);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        JobVertex producer = new JobVertex(new JobVertexId(0), "Source -> Map", 2, 128, List.of(
                OperatorTestHarness.spec("Source", OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new RangeSource(10_000))
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Map", OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(pair).inputType(Types.LONG)
                        .outputType(PAIR).build(), List.of(OperatorOutput.network(0)))));
        JobVertex consumer = new JobVertex(new JobVertexId(1), "Sum -> Sink", 2, 128, List.of(
                OperatorTestHarness.spec("Sum", OperatorDescriptor.builder(OperatorKinds.KEYED_REDUCE).userFunction(sum).keySelector(byKey)
                        .keyType(Types.LONG).inputType(PAIR).outputType(PAIR).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new SubtaskTaggingSink())
                        .inputType(PAIR).build(), List.of())));
        JobEdge edge = new JobEdge(producer.id(), 0, consumer.id(), 0, 0, ShipStrategy.HASH, ExchangeMode.PIPELINED,
                InstantiationUtil.serialize(byKey, "key selector"), InstantiationUtil.serialize(PAIR, "type"));
        for (int c = 0; c < 2; c++) {
            start(TaskTestSupport.deployment(consumer, c, List.of(edge), List.of(channels(0, 0, 2, c)), List.of(), List.of()));
        }
        for (int p = 0; p < 2; p++) {
            start(TaskTestSupport.deployment(producer, p, List.of(), List.of(), List.of(edge),
                    List.of(new OutputPartitionSpec(partition(0, 0, p), 2, 128))));
        }
        awaitAllFinished();

        Map<Long, Long> finalSums = new HashMap<>();
        Map<Long, Integer> subtaskOfKey = new HashMap<>();
        int results = 0;
        for (Object o : sink("keyed")) {
            @SuppressWarnings("unchecked")
            Tuple2<Integer, Tuple2<Long, Long>> tagged = (Tuple2<Integer, Tuple2<Long, Long>>) o;
            Long key = tagged.f1.f0;
            finalSums.merge(key, tagged.f1.f1, Math::max);
            Integer previous = subtaskOfKey.putIfAbsent(key, tagged.f0);
            assertThat(previous == null || previous.equals(tagged.f0)).as("key %s reached one subtask only", key).isTrue();
            results++;
        }
        assertThat(results).isEqualTo(10_000);
        for (long k = 0; k < 10; k++) {
            long expected = 0;
            for (long v = k; v < 10_000; v += 10) {
                expected += v;
            }
            assertThat(finalSums.get(k)).as("sum of key %d", k).isEqualTo(expected);
            assertThat(subtaskOfKey.get(k)).isEqualTo(io.eddy.jobgraph.KeyGroups.subtaskForKey(k, 128, 2));
        }
        assertThat(network.metrics().registeredPartitions()).as("partitions released once consumed").isZero();
    }

    @Test
    void coMapReadsTwoGatesIntoItsTwoInputs() throws Exception {
        JobVertex numbers = sourceVertex(0, 100);
        JobVertex more = sourceVertex(1, 50);
        JobVertex co = new JobVertex(new JobVertexId(2), "CoMap -> Sink", 1, 128, List.of(
                OperatorTestHarness.spec("CoMap", OperatorDescriptor.builder(OperatorKinds.CO_MAP).userFunction(new Sides())
                        .inputType(Types.LONG).inputType(Types.LONG).outputType(Types.STRING).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new CollectingSink<String>("co"))
                        .inputType(Types.STRING).build(), List.of())));
        byte[] longType = InstantiationUtil.serialize(Types.LONG, "type");
        JobEdge first = new JobEdge(numbers.id(), 0, co.id(), 0, 0, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, longType);
        JobEdge second = new JobEdge(more.id(), 0, co.id(), 1, 1, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null, longType);
        start(TaskTestSupport.deployment(co, 0, List.of(first, second), List.of(channels(0, 0, 1, 0), channels(1, 0, 1, 0)), List.of(),
                List.of()));
        start(TaskTestSupport.deployment(numbers, 0, List.of(), List.of(), List.of(first), List.of(new OutputPartitionSpec(partition(0, 0, 0), 1, 128))));
        start(TaskTestSupport.deployment(more, 0, List.of(), List.of(), List.of(second), List.of(new OutputPartitionSpec(partition(1, 0, 0), 1, 128))));
        awaitAllFinished();
        List<String> received = new ArrayList<>();
        sink("co").forEach(o -> received.add((String) o));
        assertThat(received).hasSize(150);
        assertThat(received.stream().filter(s -> s.startsWith("left ")).count()).isEqualTo(100);
        assertThat(received.stream().filter(s -> s.startsWith("right ")).map(s -> Long.parseLong(s.substring(6))))
                .containsExactlyElementsOf(java.util.stream.LongStream.range(0, 50).boxed().toList());
    }

    @Test
    void unionOfTwoGatesFeedsOneInput() throws Exception {
        JobVertex numbers = sourceVertex(0, 300);
        JobVertex more = sourceVertex(1, 200);
        JobVertex union = new JobVertex(new JobVertexId(2), "Union Sink", 1, 128, List.of(
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new CollectingSink<Long>("union"))
                        .inputType(Types.LONG).build(), List.of())));
        byte[] longType = InstantiationUtil.serialize(Types.LONG, "type");
        JobEdge first = new JobEdge(numbers.id(), 0, union.id(), 0, 0, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null, longType);
        JobEdge second = new JobEdge(more.id(), 0, union.id(), 1, 0, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null, longType);
        start(TaskTestSupport.deployment(union, 0, List.of(first, second), List.of(channels(0, 0, 1, 0), channels(1, 0, 1, 0)), List.of(),
                List.of()));
        start(TaskTestSupport.deployment(numbers, 0, List.of(), List.of(), List.of(first), List.of(new OutputPartitionSpec(partition(0, 0, 0), 1, 128))));
        start(TaskTestSupport.deployment(more, 0, List.of(), List.of(), List.of(second), List.of(new OutputPartitionSpec(partition(1, 0, 0), 1, 128))));
        awaitAllFinished();
        List<Long> expected = new ArrayList<>();
        java.util.stream.LongStream.range(0, 300).forEach(expected::add);
        java.util.stream.LongStream.range(0, 200).forEach(expected::add);
        assertThat(sink("union")).map(o -> (Long) o).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void cancelWakesATaskWaitingForInputAndATaskBlockedOnBackPressure() throws Exception {
        JobVertex producer = sourceVertex(0, Long.MAX_VALUE);
        JobVertex consumer = new JobVertex(new JobVertexId(1), "Waiting Sink", 1, 128, List.of(
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new CollectingSink<Long>("never"))
                        .inputType(Types.LONG).build(), List.of())));
        JobEdge edge = new JobEdge(producer.id(), 0, consumer.id(), 0, 0, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null,
                InstantiationUtil.serialize(Types.LONG, "type"));
        // The consumer reads a partition nobody writes; the producer writes one nobody reads, until its buffers run out.
        Task waiting = start(TaskTestSupport.deployment(consumer, 0, List.of(edge), List.of(channels(5, 0, 1, 0)), List.of(), List.of()));
        Task blocked = start(TaskTestSupport.deployment(producer, 0, List.of(), List.of(), List.of(edge),
                List.of(new OutputPartitionSpec(partition(0, 0, 0), 1, 128))));
        listeners.get(0).running.get(30, TimeUnit.SECONDS);
        listeners.get(1).running.get(30, TimeUnit.SECONDS);
        long start = System.nanoTime();
        waiting.cancel();
        blocked.cancel();
        assertThat(waiting.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        assertThat(blocked.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        assertThat((System.nanoTime() - start) / 1_000_000).as("cancellation took ms").isLessThan(5_000);
        assertThat(listeners.get(0).failed.get()).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(listeners.get(1).failed.get()).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(network.metrics().registeredPartitions()).as("the cancelled producer released its partition").isZero();
        assertThat(sink("never")).isEmpty();
    }

    private static JobVertex sourceVertex(int id, long count) {
        return new JobVertex(new JobVertexId(id), "Numbers " + id, 1, 128, List.of(
                OperatorTestHarness.spec("Source " + id, OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new RangeSource(count))
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.network(0)))));
    }

    /** Records (subtask, value) so the test can check that each key reached one subtask. */
    static final class SubtaskTaggingSink extends io.eddy.streaming.api.functions.sink.RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            sink("keyed").add(Tuple2.of(getRuntimeContext().getIndexOfThisSubtask(), Tuple2.of(value.f0, value.f1)));
        }
    }

    static final class Sides implements CoMapFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map1(Long value) {
            return "left " + value;
        }

        @Override
        public String map2(Long value) {
            return "right " + value;
        }
    }
}
