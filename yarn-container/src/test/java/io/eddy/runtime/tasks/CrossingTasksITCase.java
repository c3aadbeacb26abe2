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
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real tasks (mailbox threads) over a keyed exchange that crosses two network environments, as on
 * two workers with one slot each: worker w runs producer w and consumer w, so each producer writes
 * one local and one remote subpartition and each consumer reads one local and one remote channel.
 * Small pools make the producers run out of buffers constantly; the consumers must keep being
 * woken (availability future -> resume mail) and credit must keep flowing until the end. The sinks
 * report what they received through a {@link ResultDirectory} once their input ended.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CrossingTasksITCase {

    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);
    private static final int WORKERS = 2;
    private static final long KEYS = 100;
    /** The total of the records the sinks received. */
    private static final String RECEIVED = "received";
    /** A sink's mark of the latest running sum of a key it received: {@code latest-<key>-s<sink subtask>=<sum>}. */
    private static final Pattern LATEST = Pattern.compile("latest-(\\d+)-s(\\d+)=(\\d+)");

    private final NetworkEnvironment[] workers = new NetworkEnvironment[WORKERS];
    private final List<Task> tasks = new ArrayList<>();
    private ResultDirectory results;

    @BeforeEach
    void results(@TempDir Path dir) throws IOException {
        results = ResultDirectory.create(dir);
    }

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
        results.close();
    }

    @Test
    void keyedSumsAreExactWithTinyPoolsAndOnlyFullBuffers() throws Exception {
        run(NetworkConfig.builder().segmentSize(256).totalBuffers(64).buffersPerSubpartition(1).extraBuffersPerPartition(0)
                .exclusiveBuffersPerChannel(1).floatingBuffersPerGate(1), 200_000, -1);
    }

    @Test
    void keyedSumsAreExactWithSmallPoolsAndTheOutputFlusher() throws Exception {
        run(NetworkConfig.builder().segmentSize(1024).totalBuffers(128).buffersPerSubpartition(1)
                .extraBuffersPerPartition(1).exclusiveBuffersPerChannel(1).floatingBuffersPerGate(2), 1_000_000, 1);
    }

    @Test
    void keyedSumsAreExactWithDefaultPoolsAndAFlushPerRecord() throws Exception {
        run(NetworkConfig.builder().totalBuffers(256), 300_000, 0);
    }

    private void run(NetworkConfig.Builder config, long records, long bufferTimeout) throws Exception {
        for (int w = 0; w < WORKERS; w++) {
            workers[w] = NetworkEnvironment.start(config.bindHost("127.0.0.1").build());
        }
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        JobVertex producer = producerVertex(records);
        JobVertex consumer = consumerVertex(results, byKey);
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
        assertThat(results.totalOf(RECEIVED)).isEqualTo(records);
        Map<Long, Long> latest = latestSums();
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

    /** The latest running sum of each key, as the sinks marked them; fails if a key reached both sinks. */
    private Map<Long, Long> latestSums() throws IOException {
        Map<Long, Long> latest = new TreeMap<>();
        for (String mark : results.marks()) {
            Matcher m = LATEST.matcher(mark);
            if (m.matches()) {
                long key = Long.parseLong(m.group(1));
                assertThat(latest.put(key, Long.parseLong(m.group(3)))).as("key %d reached one sink only (%s)", key, mark).isNull();
            }
        }
        return latest;
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

    private static JobVertex consumerVertex(ResultDirectory results, KeySelector<Tuple2<Long, Long>, Long> byKey) {
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        return new JobVertex(new JobVertexId(1), "Sum -> Sink", WORKERS, 128, List.of(
                OperatorTestHarness.spec("Sum", OperatorDescriptor.builder(OperatorKinds.KEYED_REDUCE).userFunction(sum).keySelector(byKey)
                        .keyType(Types.LONG).inputType(PAIR).outputType(PAIR).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new LatestSumSink(results))
                        .inputType(PAIR).build(), List.of())));
    }

    private static ResultPartitionId partition(int subtask) {
        return new ResultPartitionId(JOB, 0, 0, subtask, 0);
    }

    /**
     * Keeps the latest running sum per key and counts the records; when its input ended, marks each
     * key's latest sum and adds its count to the total {@value #RECEIVED} (no file access per record).
     */
    static final class LatestSumSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        /** Task thread only, as {@code received}. */
        private transient Map<Long, Long> latest;
        private transient long received;

        LatestSumSink(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void open() {
            latest = new HashMap<>();
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            latest.put(value.f0, value.f1);
            received++;
        }

        @Override
        public void finish() {
            int subtask = getRuntimeContext().getIndexOfThisSubtask();
            latest.forEach((key, sum) -> results.mark("latest-" + key + "-s" + subtask + "=" + sum));
            results.total(RECEIVED).add(received);
        }
    }
}
