package io.eddy.runtime.tasks;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.HashingKeySelector;
import io.eddy.jobgraph.JobEdge;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.io.network.api.ChannelSelector;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionType;
import io.eddy.runtime.io.network.partition.consumer.InputGate;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamElementObjectAdapter;
import io.eddy.runtime.streamrecord.StreamElementSerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The network side of one task: a result partition and record writer per output edge, an input
 * gate and record input per input edge. Created, used and closed on the task thread.
 *
 * <p>End of a task: {@link #finishOutputs()} after success (end-of-partition on every
 * subpartition; pipelined partitions are released once consumed, blocking ones when the worker
 * releases the job), or {@link #failOutputs} after a failure or cancellation (consumers see the
 * cause; the partitions are released). The partition type of each output follows its edge's
 * exchange mode ({@link ResultPartitionType#forExchangeMode}).
 */
final class TaskNetworkIo {

    private final List<ResultPartition> partitions = new ArrayList<>();
    private final List<RecordWriter<StreamElement>> writers = new ArrayList<>();
    private final List<RecordWriterOutput<?>> outputs = new ArrayList<>();
    private final List<RecordInput<StreamElement>> inputs = new ArrayList<>();
    private boolean outputsEnded;
    private boolean inputsClosed;

    /** The task's counters, where its outputs count records and waits and its readers the records they read. */
    private final TaskIoCounters counters;

    private TaskNetworkIo(TaskIoCounters counters) {
        this.counters = counters;
    }

    TaskIoCounters counters() {
        return counters;
    }

    /** Creates the partitions and gates of {@code deployment}; on failure, releases what it created and rethrows. */
    static TaskNetworkIo create(TaskDeployment deployment, NetworkEnvironment network, SerializerConfig serializerConfig,
            TaskIoCounters counters) {
        TaskNetworkIo io = new TaskNetworkIo(counters);
        if (deployment.outputEdges().isEmpty() && deployment.inputEdges().isEmpty()) {
            return io;
        }
        if (network == null) {
            throw new IllegalStateException("Bug: task '" + deployment.taskNameWithSubtask() + "' has network edges but its TaskServices "
                    + "have no NetworkEnvironment");
        }
        try {
            io.createOutputs(deployment, network, serializerConfig);
            io.createInputs(deployment, network, serializerConfig);
            return io;
        } catch (RuntimeException | Error e) {
            io.failOutputs(e);
            io.closeInputs();
            throw e;
        }
    }

    private void createOutputs(TaskDeployment deployment, NetworkEnvironment network, SerializerConfig serializerConfig) {
        ClassLoader cl = deployment.userCodeClassLoader();
        String taskName = deployment.taskNameWithSubtask();
        for (int i = 0; i < deployment.outputEdges().size(); i++) {
            JobEdge edge = deployment.outputEdges().get(i);
            OutputPartitionSpec spec = deployment.outputPartitions().get(i);
            ResultPartition partition = network.createResultPartition(spec.partitionId(), spec.numberOfSubpartitions(), taskName,
                    ResultPartitionType.forExchangeMode(edge.exchangeMode()));
            partitions.add(partition);
            TypeInfo<Object> type = edge.recordType(cl);
            TypeSerializer<Object> valueSerializer = type.createSerializer(serializerConfig);
            StreamElementSerializer<Object> serializer = new StreamElementSerializer<>(valueSerializer);
            ObjectSubpartition[] objectChannels = objectChannels(spec, network);
            counters.watchOutput(partition);
            if (objectChannels != null) {
                for (ObjectSubpartition channel : objectChannels) {
                    if (channel != null) {
                        counters.watchWaits(channel.waited());
                    }
                }
            }
            RecordWriter<StreamElement> writer = new RecordWriter<>(partition, selector(edge, spec, deployment.subtaskIndex(), cl),
                    serializer, deployment.bufferTimeoutMillis(), objectChannels,
                    objectChannels == null ? null : new StreamElementObjectAdapter<>(valueSerializer, 0));
            writers.add(writer);
            outputs.add(new RecordWriterOutput<>(writer, "edge " + edge + " (" + spec.partitionId() + ")", counters));
        }
    }

    private void createInputs(TaskDeployment deployment, NetworkEnvironment network, SerializerConfig serializerConfig) {
        ClassLoader cl = deployment.userCodeClassLoader();
        for (int i = 0; i < deployment.inputEdges().size(); i++) {
            JobEdge edge = deployment.inputEdges().get(i);
            TypeInfo<Object> type = edge.recordType(cl);
            List<InputChannelSpec> channels = deployment.inputChannels().get(i);
            InputGate gate = network.createInputGate(deployment.taskNameWithSubtask(), channels);
            TypeSerializer<Object> valueSerializer = type.createSerializer(serializerConfig);
            boolean anyObjects = channels.stream().anyMatch(InputChannelSpec::objects);
            RecordInput<StreamElement> input = new RecordInput<>(gate, StreamElementSerializer.reusingRecords(valueSerializer),
                    anyObjects ? new StreamElementObjectAdapter<>(valueSerializer, channels.size()) : null);
            counters.watchInput(input);
            inputs.add(input);
        }
    }

    /** Per subpartition the object channel of a consumer in this worker, or null; null if there is none. */
    private static ObjectSubpartition[] objectChannels(OutputPartitionSpec spec, NetworkEnvironment network) {
        if (spec.objectSubpartitions().isEmpty()) {
            return null;
        }
        ObjectSubpartition[] channels = new ObjectSubpartition[spec.numberOfSubpartitions()];
        spec.objectSubpartitions().stream().forEach(i -> channels[i] = network.createObjectSubpartition(spec.partitionId(), i));
        return channels;
    }

    static ChannelSelector<StreamElement> selector(JobEdge edge, OutputPartitionSpec spec, int subtaskIndex, ClassLoader cl) {
        return switch (edge.shipStrategy()) {
            case FORWARD -> spec.numberOfSubpartitions() == 1 ? ChannelSelectors.forward() : new FixedChannelSelector(subtaskIndex);
            case REBALANCE -> ChannelSelectors.roundRobin();
            case SHUFFLE -> ChannelSelectors.shuffle();
            case BROADCAST -> ChannelSelectors.broadcast();
            case PARTITION_BY_INDEX -> ChannelSelectors.byIndex(TaskNetworkIo::partitionIndex);
            case HASH -> {
                KeySelector<Object, Object> keySelector = edge.keySelector(cl);
                if (keySelector instanceof HashingKeySelector<Object> hashing) {
                    yield ChannelSelectors.hashedKeyGroups(element -> hashing.hashKey(element.asRecord().getValue()),
                            spec.consumerMaxParallelism());
                }
                yield ChannelSelectors.keyGroups(element -> keySelector.getKey(element.asRecord().getValue()), spec.consumerMaxParallelism());
            }
        };
    }

    /** Field 0 of a {@code PARTITION_BY_INDEX} record ({@code Tuple2<Integer, T>}). */
    private static int partitionIndex(StreamElement element) {
        Object value = element.asRecord().getValue();
        if (value instanceof Tuple2<?, ?> tuple && tuple.f0 instanceof Integer index) {
            return index;
        }
        throw new IllegalArgumentException("A PARTITION_BY_INDEX edge carries " + value + ", not a Tuple2<Integer, T> with the target "
                + "subtask in field 0: the producer of this edge must tag its records (see docs/batch-runtime.md)");
    }

    List<RecordWriterOutput<?>> outputs() {
        return outputs;
    }

    List<RecordInput<StreamElement>> inputs() {
        return inputs;
    }

    /**
     * Sends {@code event} on every subpartition of every output, after the records emitted before
     * it, and flushes, so that it travels at once (checkpoint barriers, cancel markers). Task thread.
     */
    void broadcastEvent(RuntimeEvent event) throws IOException, InterruptedException {
        for (RecordWriter<StreamElement> writer : writers) {
            writer.broadcastEvent(event);
            writer.flushAll();
        }
    }

    /** Ends every partition (end-of-partition after the last record) and stops the writers. */
    void finishOutputs() {
        for (int i = 0; i < partitions.size(); i++) {
            partitions.get(i).finish();
            if (i < writers.size()) {
                writers.get(i).finishObjectChannels();
                writers.get(i).close();
            }
        }
        // only now: if a blocking partition could not finish (its spill file), failOutputs still fails them all
        outputsEnded = true;
    }

    /** Fails and releases every partition: their consumers see {@code cause}. Idempotent; never throws. */
    void failOutputs(Throwable cause) {
        if (outputsEnded) {
            return;
        }
        outputsEnded = true;
        for (int i = 0; i < partitions.size(); i++) {
            ResultPartition partition = partitions.get(i);
            try {
                if (i < writers.size()) {
                    writers.get(i).close();
                    writers.get(i).failObjectChannels(cause);
                }
                partition.fail(cause);
                partition.release();
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
    }

    /** Closes the record inputs and their gates. Idempotent. */
    void closeInputs() {
        if (inputsClosed) {
            return;
        }
        inputsClosed = true;
        for (RecordInput<StreamElement> input : inputs) {
            input.close();
        }
    }

    /** Sends every record of a FORWARD edge to this subtask's subpartition, when the partition has one per consumer. */
    private record FixedChannelSelector(int channel) implements ChannelSelector<StreamElement> {
        @Override
        public void setup(int numberOfChannels) {
            if (channel >= numberOfChannels) {
                throw new IllegalArgumentException("forward edge: subtask " + channel + " has no subpartition of its own among "
                        + numberOfChannels + ": give producer and consumer the same parallelism");
            }
        }

        @Override
        public int selectChannel(StreamElement record) {
            return channel;
        }

        @Override
        public boolean isBroadcast() {
            return false;
        }
    }
}
