package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamElementSerializer;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints through real tasks and a real (local) network environment: the source thread and the
 * checkpoint lock, the barrier's place in the output, acknowledgements with the operators' state,
 * completion notifications, and alignment in a consumer task. The sources report their snapshots
 * and the completions they heard through the marks of a {@link ResultDirectory}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TaskCheckpointITCase {

    /** The sources' marks: {@code snapshot-<checkpoint id>=<offset>} at a snapshot, {@code completed-<checkpoint id>} at a completion. */
    private static final String SNAPSHOT = "snapshot-";
    private static final Pattern SNAPSHOT_MARK = Pattern.compile("snapshot-(\\d+)=(\\d+)");
    private static final String COMPLETED = "completed-";

    private final List<Task> tasks = new ArrayList<>();
    private final ExecutorService snapshotThreads = Executors.newFixedThreadPool(2);
    private final RecordingResponder responder = new RecordingResponder();
    private NetworkEnvironment network;
    private NetworkEnvironment remote;
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
        if (network != null) {
            network.close();
        }
        if (remote != null) {
            remote.close();
        }
        snapshotThreads.shutdownNow();
        results.close();
    }

    @Test
    void aSourceTaskSnapshotsUnderTheLockAndEmitsTheBarrierBetweenTheRightRecords() throws Exception {
        network = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(128).build());
        JobVertex producer = sourceVertex(results, 1);
        JobEdge edge = forwardEdge(producer);
        Task task = start(new TaskDeployment(TaskTestSupport.JOB, "checkpoints", producer, 0, 0, List.of(), List.of(), List.of(edge),
                List.of(new OutputPartitionSpec(partition(0), 1, 128)), 1L, TaskTestSupport.serializerConfigBytes(),
                getClass().getClassLoader(), memoryStorageSettings(), null));
        RecordInput<StreamElement> output = new RecordInput<>(network.createInputGate("test reader",
                List.of(new InputChannelSpec(partition(0), 0, network.dataAddress()))), new StreamElementSerializer<>(Types.LONG
                .createSerializer(new SerializerConfig())));

        long expected = 0;
        for (long id = 1; id <= 3; id++) {
            expected = readRecords(output, expected, 1_000);
            task.triggerCheckpoint(id, 40L + id, new CheckpointOptions(CheckpointType.CHECKPOINT, null));
            CheckpointBarrier barrier = null;
            while (barrier == null) {
                InputStatus status = pollOrWait(output);
                if (status == InputStatus.EVENT) {
                    barrier = (CheckpointBarrier) output.event();
                } else if (status == InputStatus.RECORD) {
                    assertThat(output.record().<Long>asRecord().getValue()).as("records in order").isEqualTo(expected);
                    expected++;
                }
            }
            assertThat(barrier.id()).isEqualTo(id);
            assertThat(barrier.timestamp()).isEqualTo(40L + id);
            assertThat(snapshotOffsets(id)).as("offset in snapshot %d = records emitted before its barrier", id)
                    .containsExactly(expected);
        }
        expected = readRecords(output, expected, 1_000);

        Ack ack = responder.ack(task.id(), 1).get(30, TimeUnit.SECONDS);
        assertThat(ack.state().operatorStates()).containsKey("Source-uid");
        assertThat(ack.state().stateOf("Source-uid").managedOperatorState()).isNotEmpty();
        assertThat(ack.metrics().alignmentNanos()).isZero();
        // a source's snapshot of one long takes microseconds: counted in whole milliseconds, both were usually 0
        assertThat(ack.metrics().syncNanos()).as("synchronous part, ns").isPositive();
        assertThat(ack.metrics().asyncNanos()).as("asynchronous part, ns").isPositive();

        task.notifyCheckpointComplete(1);
        // The source may be blocked on back pressure while holding the checkpoint lock: keep reading until the mail ran.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (completedCheckpoints().isEmpty()) {
            assertThat(System.nanoTime() - deadline).as("the source heard of a completed checkpoint within 30 s").isNegative();
            expected = readRecords(output, expected, 100);
        }
        assertThat(completedCheckpoints()).isEqualTo(List.of(1L));
        output.close();
    }

    @Test
    void aRestartedSourceTaskResumesFromTheAcknowledgedState() throws Exception {
        network = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(128).build());
        JobVertex producer = sourceVertex(results, 1);
        JobEdge edge = forwardEdge(producer);
        Task first = start(sourceDeployment(producer, edge, 0, null));
        RecordInput<StreamElement> output = reader(partition(0));
        long expected = readRecords(output, 0, 500);
        first.triggerCheckpoint(1, 1L, new CheckpointOptions(CheckpointType.CHECKPOINT, null));
        InputStatus status;
        while ((status = pollOrWait(output)) != InputStatus.EVENT) {
            if (status == InputStatus.RECORD) {
                expected++;
            }
        }
        TaskStateSnapshot state = responder.ack(first.id(), 1).get(30, TimeUnit.SECONDS).state();
        first.cancel();
        assertThat(first.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        output.close();

        Task second = start(sourceDeployment(producer, edge, 1, new TaskRestore(1, state)));
        RecordInput<StreamElement> resumed = reader(new ResultPartitionId(TaskTestSupport.JOB, 0, 0, 0, 1));
        assertThat(snapshotOffsets(1)).containsExactly(expected);
        readRecords(resumed, expected, 100);
        assertThat(second.state()).isEqualTo(TaskExecutionState.RUNNING);
        resumed.close();
    }

    private TaskDeployment sourceDeployment(JobVertex producer, JobEdge edge, int attempt, TaskRestore restore) {
        return new TaskDeployment(TaskTestSupport.JOB, "checkpoints", producer, 0, attempt, List.of(), List.of(), List.of(edge),
                List.of(new OutputPartitionSpec(new ResultPartitionId(TaskTestSupport.JOB, 0, 0, 0, attempt), 1, 128)), 1L,
                TaskTestSupport.serializerConfigBytes(), getClass().getClassLoader(), memoryStorageSettings(), restore);
    }

    private RecordInput<StreamElement> reader(ResultPartitionId partition) {
        return new RecordInput<>(network.createInputGate("test reader", List.of(new InputChannelSpec(partition, 0, network.dataAddress()))),
                new StreamElementSerializer<>(Types.LONG.createSerializer(new SerializerConfig())));
    }

    @Test
    void aConsumerAlignsBarriersOverAnObjectChannelALocalChannelAndARemoteChannel() throws Exception {
        network = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(256).build());
        remote = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(256).build());
        JobVertex producer = sourceVertex(results, 3);
        JobVertex consumer = new JobVertex(new JobVertexId(1), "Sink", 1, 128, List.of(OperatorTestHarness.spec("Sink",
                OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new DiscardingSink()).inputType(Types.LONG).build(), List.of())));
        JobEdge edge = new JobEdge(producer.id(), 0, consumer.id(), 0, 0, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null,
                InstantiationUtil.serialize(Types.LONG, "type"));
        // Source 0: object channel; source 1: serialized local channel; source 2: another worker (remote channel).
        List<InputChannelSpec> channels = List.of(new InputChannelSpec(partition(0), 0, network.dataAddress(), true),
                new InputChannelSpec(partition(1), 0, network.dataAddress()), new InputChannelSpec(partition(2), 0, remote.dataAddress()));
        Task sink = start(network, new TaskDeployment(TaskTestSupport.JOB, "checkpoints", consumer, 0, 0, List.of(edge), List.of(channels),
                List.of(), List.of(), 1L, TaskTestSupport.serializerConfigBytes(), getClass().getClassLoader(), memoryStorageSettings(), null));
        List<Task> sources = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            java.util.BitSet objects = new java.util.BitSet();
            objects.set(0, s == 0);
            sources.add(start(s == 2 ? remote : network, new TaskDeployment(TaskTestSupport.JOB, "checkpoints", producer, s, 0, List.of(),
                    List.of(), List.of(edge), List.of(new OutputPartitionSpec(partition(s), 1, 128, objects)), 1L,
                    TaskTestSupport.serializerConfigBytes(), getClass().getClassLoader(), memoryStorageSettings(), null)));
        }

        for (long id = 1; id <= 5; id++) {
            for (Task source : sources) {
                source.triggerCheckpoint(id, 100 + id, new CheckpointOptions(CheckpointType.CHECKPOINT, null));
            }
            for (Task source : sources) {
                assertThat(responder.ack(source.id(), id).get(30, TimeUnit.SECONDS).state().stateOf("Source-uid").isEmpty()).isFalse();
            }
            Ack sinkAck = responder.ack(sink.id(), id).get(30, TimeUnit.SECONDS);
            assertThat(sinkAck.metrics().alignmentNanos()).isGreaterThanOrEqualTo(0);
        }
        assertThat(responder.declines).isEmpty();
        assertThat(sink.state()).isEqualTo(TaskExecutionState.RUNNING);
    }

    private Task start(TaskDeployment deployment) {
        return start(network, deployment);
    }

    private Task start(NetworkEnvironment environment, TaskDeployment deployment) {
        Task task = new Task(deployment, new TaskServices(environment, new RecordingListener(), null, "worker-1", null, null, null,
                new CheckpointServices(responder, snapshotThreads)));
        tasks.add(task);
        task.start();
        return task;
    }

    private static Map<String, String> memoryStorageSettings() {
        return Map.of(CheckpointingOptions.STORAGE.key(), "memory", CheckpointingOptions.MODE.key(), "EXACTLY_ONCE");
    }

    /** The offsets the sources had at their snapshots of checkpoint {@code id}. */
    private List<Long> snapshotOffsets(long id) throws IOException {
        return results.marks().stream().map(SNAPSHOT_MARK::matcher).filter(Matcher::matches)
                .filter(m -> Long.parseLong(m.group(1)) == id).map(m -> Long.parseLong(m.group(2))).toList();
    }

    /** The checkpoints the sources heard completed. */
    private List<Long> completedCheckpoints() throws IOException {
        return results.marks().stream().filter(m -> m.startsWith(COMPLETED)).map(m -> Long.parseLong(m.substring(COMPLETED.length())))
                .toList();
    }

    private static JobVertex sourceVertex(ResultDirectory results, int parallelism) {
        MapFunction<Long, Long> identity = v -> v;
        return new JobVertex(new JobVertexId(0), "Source -> Map", parallelism, 128, List.of(
                OperatorTestHarness.spec("Source", OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new OffsetSource(results))
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Map", OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(identity).inputType(Types.LONG)
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.network(0)))));
    }

    private static JobEdge forwardEdge(JobVertex producer) {
        return new JobEdge(producer.id(), 0, new JobVertexId(1), 0, 0, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null,
                InstantiationUtil.serialize(Types.LONG, "type"));
    }

    private static ResultPartitionId partition(int subtask) {
        return new ResultPartitionId(TaskTestSupport.JOB, 0, 0, subtask, 0);
    }

    /** Reads {@code n} records, checking they continue the sequence at {@code expected}; returns the next expected value. */
    private static long readRecords(RecordInput<StreamElement> input, long expected, int n) throws Exception {
        for (int read = 0; read < n; ) {
            InputStatus status = pollOrWait(input);
            assertThat(status).isNotEqualTo(InputStatus.EVENT);
            if (status == InputStatus.RECORD) {
                assertThat(input.record().<Long>asRecord().getValue()).isEqualTo(expected);
                expected++;
                read++;
            }
        }
        return expected;
    }

    private static InputStatus pollOrWait(RecordInput<StreamElement> input) throws Exception {
        InputStatus status = input.pollNext();
        if (status == InputStatus.NOTHING_AVAILABLE) {
            input.getAvailableFuture().get(10, TimeUnit.SECONDS);
            status = input.pollNext();
        }
        return status;
    }

    /**
     * Emits 0, 1, 2, ... and advances its offset under the checkpoint lock; marks its offset at each
     * snapshot ({@code snapshot-<id>=<offset>}) and each completion it hears ({@code completed-<id>}).
     */
    static final class OffsetSource implements SourceFunction<Long>, Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private long offset;
        private volatile boolean running = true;

        OffsetSource(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            while (running) {
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(offset);
                    offset++;
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }

        @Override
        public Long snapshotState(long checkpointId, long timestamp) {
            // parallel sources may mark the same offset: one mark says it for all of them
            results.mark(SNAPSHOT + checkpointId + "=" + offset);
            return offset;
        }

        @Override
        public void restoreState(Long state) {
            offset = state;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            results.mark(COMPLETED + checkpointId);
        }
    }

    static final class DiscardingSink implements SinkFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Long value) {}
    }

    record Ack(CheckpointMetrics metrics, TaskStateSnapshot state) {}

    /** Completes a future per (task, checkpoint) with the acknowledgement; keeps declines. */
    static final class RecordingResponder implements CheckpointResponder {
        final Map<String, CompletableFuture<Ack>> acks = new ConcurrentHashMap<>();
        final List<String> declines = java.util.Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<Ack> ack(TaskId task, long id) {
            return acks.computeIfAbsent(task + "#" + id, k -> new CompletableFuture<>());
        }

        @Override
        public void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
            ack(task, checkpointId).complete(new Ack(metrics, state));
        }

        @Override
        public void declineCheckpoint(TaskId task, long checkpointId, Throwable reason) {
            declines.add(task + "#" + checkpointId + ": " + reason);
            ack(task, checkpointId).completeExceptionally(reason);
        }
    }
}
