package io.eddy.runtime.tasks;

import static io.eddy.runtime.tasks.TaskTestSupport.JOB;
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
import io.eddy.runtime.tasks.TaskTestSupport.RangeSource;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real tasks (mailbox threads) over a keyed exchange that crosses two network environments, as on
 * two workers with one slot each: worker w runs producer w and consumer w, so each producer writes
 * one local and one remote subpartition and each consumer reads one local and one remote channel.
 * Small pools make the producers run out of buffers constantly; the consumers must keep being
 * woken (availability future -> resume mail) and credit must keep flowing until the end.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CrossingTasksITCase {

    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);
    private static final int WORKERS = 2;
    private static final long KEYS = 100;
    /** Latest running sum per test, then per key. */
    static final Map<String, Map<Long, Long>> LATEST = new ConcurrentHashMap<>();
    static final Map<String, LongAdder> RECEIVED = new ConcurrentHashMap<>();

    private final NetworkEnvironment[] workers = new NetworkEnvironment[WORKERS];
    private final List<Task> tasks = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (Task task : tasks) {
            task.cancel();
            task.terminationFuture().get(30, TimeUnit.SECONDS);
        }
        for (NetworkEnvironment worker : workers) {
            if (worker != null) {
                worker.close();
            }
        }
    }

    @Test
    void keyedSumsAreExactWithTinyPoolsAndOnlyFullBuffers() throws Exception {
        run("tiny-full", NetworkConfig.builder().segmentSize(256).totalBuffers(64).buffersPerSubpartition(1).extraBuffersPerPartition(0)
                .exclusiveBuffersPerChannel(1).floatingBuffersPerGate(1), 200_000, -1);
    }

    @Test
    void keyedSumsAreExactWithSmallPoolsAndTheOutputFlusher() throws Exception {
        run("small-flusher", NetworkConfig.builder().segmentSize(1024).totalBuffers(128).buffersPerSubpartition(1)
                .extraBuffersPerPartition(1).exclusiveBuffersPerChannel(1).floatingBuffersPerGate(2), 1_000_000, 1);
    }

    @Test
    void keyedSumsAreExactWithDefaultPoolsAndAFlushPerRecord() throws Exception {
        run("default-flush-every-record", NetworkConfig.builder().totalBuffers(256), 300_000, 0);
    }

    private void run(String name, NetworkConfig.Builder config, long records, long bufferTimeout) throws Exception {
        for (int w = 0; w < WORKERS; w++) {
            workers[w] = NetworkEnvironment.start(config.bindHost("127.0.0.1").build());
        }
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        JobVertex producer = producerVertex(records);
        JobVertex consumer = consumerVertex(name, byKey);
        JobEdge edge = new JobEdge(producer.id(), 0, consumer.id(), 0, 0, ShipStrategy.HASH, ExchangeMode.PIPELINED,
                InstantiationUtil.serialize(byKey, "key selector"), InstantiationUtil.serialize(PAIR, "type"));
        List<RecordingListener> listeners = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            List<InputChannelSpec> channels = new ArrayList<>();
            for (int p = 0; p < WORKERS; p++) {
                channels.add(new InputChannelSpec(partition(p), w, workers[p].dataAddress()));
            }
            listeners.add(start(w, new TaskDeployment(JOB, "crossing", consumer, w, 0, List.of(edge), List.of(channels), List.of(),
                    List.of(), bufferTimeout, TaskTestSupport.serializerConfigBytes(), getClass().getClassLoader())));
        }
        for (int w = 0; w < WORKERS; w++) {
            listeners.add(start(w, new TaskDeployment(JOB, "crossing", producer, w, 0, List.of(), List.of(), List.of(edge),
                    List.of(new OutputPartitionSpec(partition(w), WORKERS, 128)), bufferTimeout, TaskTestSupport.serializerConfigBytes(),
                    getClass().getClassLoader())));
        }
        for (Task task : tasks) {
            assertThat(task.terminationFuture().get(100, TimeUnit.SECONDS)).as(task.toString()).isEqualTo(TaskExecutionState.FINISHED);
        }
        for (RecordingListener listener : listeners) {
            assertThat(listener.failed).isNotDone();
        }
        assertThat(RECEIVED.get(name).sum()).isEqualTo(records);
        Map<Long, Long> latest = LATEST.get(name);
        assertThat(latest).hasSize((int) KEYS);
        for (long k = 0; k < KEYS; k++) {
            long expected = 0;
            for (long v = k; v < records; v += KEYS) {
                expected += v;
            }
            assertThat(latest.get(k)).as("final sum of key %d", k).isEqualTo(expected);
        }
        for (NetworkEnvironment worker : workers) {
            assertThat(worker.bufferPool().awaitAvailable(worker.metrics().totalBuffers(), 10, TimeUnit.SECONDS))
                    .as("all buffers of the worker at %s returned", worker.dataAddress())
                    .isTrue();
        }
    }

    private RecordingListener start(int worker, TaskDeployment deployment) {
        RecordingListener listener = new RecordingListener();
        Task task = new Task(deployment, new TaskServices(workers[worker], listener, null, "worker-" + worker));
        tasks.add(task);
        task.start();
        return listener;
    }

    private static JobVertex producerVertex(long records) {
        MapFunction<Long, Tuple2<Long, Long>> withKey = v -> Tuple2.of(v % KEYS, v);
        return new JobVertex(new JobVertexId(0), "Source -> Map", WORKERS, 128, List.of(
                OperatorTestHarness.spec("Source", OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new RangeSource(records))
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Map", OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(withKey).inputType(Types.LONG)
                        .outputType(PAIR).build(), List.of(OperatorOutput.network(0)))));
    }

    private static JobVertex consumerVertex(String name, KeySelector<Tuple2<Long, Long>, Long> byKey) {
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        return new JobVertex(new JobVertexId(1), "Sum -> Sink", WORKERS, 128, List.of(
                OperatorTestHarness.spec("Sum", OperatorDescriptor.builder(OperatorKinds.KEYED_REDUCE).userFunction(sum).keySelector(byKey)
                        .keyType(Types.LONG).inputType(PAIR).outputType(PAIR).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new LatestSumSink(name))
                        .inputType(PAIR).build(), List.of())));
    }

    private static ResultPartitionId partition(int subtask) {
        return new ResultPartitionId(JOB, 0, 0, subtask, 0);
    }

    /** Keeps the latest running sum per key and counts the records, under the test's name. */
    static final class LatestSumSink implements SinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final String name;

        LatestSumSink(String name) {
            this.name = name;
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            LATEST.computeIfAbsent(name, k -> new ConcurrentHashMap<>()).put(value.f0, value.f1);
            RECEIVED.computeIfAbsent(name, k -> new LongAdder()).increment();
        }
    }
}
