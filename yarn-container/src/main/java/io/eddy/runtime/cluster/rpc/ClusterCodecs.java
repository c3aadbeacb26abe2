package io.eddy.runtime.cluster.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.storage.StateHandleCodec;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.NamedBlob;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.rpc.RpcCodecs;
import io.eddy.runtime.tasks.OutputPartitionSpec;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The binary formats of the values the cluster gateways exchange: ids, network records, failures,
 * artifacts. Strings and byte arrays are int-length-prefixed ({@link RpcCodecs}); nullable values
 * carry a presence flag; lists an int count; enums their name (so reordering constants does not
 * change their meaning). User payloads ({@code byte[]}) are carried as they are, never read here.
 *
 * <p>Part of {@link ClusterProtocol#VERSION}: change a format, bump the version.
 */
public final class ClusterCodecs {

    /** Lists longer than this are refused as corrupt (no legitimate message comes close). */
    private static final int MAX_LIST_SIZE = 1 << 24;

    private ClusterCodecs() {}

    /** Writes one element of a list. */
    @FunctionalInterface
    interface Writer<T> {
        void write(T value, DataOutputView out) throws IOException;
    }

    /** Reads one element of a list. */
    @FunctionalInterface
    interface Reader<T> {
        T read(DataInputView in) throws IOException;
    }

    static <T> void writeList(List<T> list, DataOutputView out, Writer<T> writer) throws IOException {
        out.writeInt(list.size());
        for (T element : list) {
            writer.write(element, out);
        }
    }

    static <T> List<T> readList(DataInputView in, Reader<T> reader) throws IOException {
        int size = in.readInt();
        if (size < 0 || size > MAX_LIST_SIZE) {
            throw new IOException("Corrupt message: list size " + size + " (expected: 0.." + MAX_LIST_SIZE + ")");
        }
        List<T> list = new ArrayList<>(Math.min(size, 1024));
        for (int i = 0; i < size; i++) {
            list.add(reader.read(in));
        }
        return list;
    }

    static <E extends Enum<E>> void writeEnum(E value, DataOutputView out) throws IOException {
        RpcCodecs.writeString(out, value.name());
    }

    static <E extends Enum<E>> E readEnum(Class<E> type, DataInputView in) throws IOException {
        String name = RpcCodecs.readString(in);
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new IOException("Corrupt message: '" + name + "' is not a " + type.getSimpleName(), e);
        }
    }

    static void writeNullableBytes(byte[] bytes, DataOutputView out) throws IOException {
        out.writeBoolean(bytes != null);
        if (bytes != null) {
            RpcCodecs.writeBytes(out, bytes);
        }
    }

    static byte[] readNullableBytes(DataInputView in) throws IOException {
        return in.readBoolean() ? RpcCodecs.readBytes(in) : null;
    }

    // ---- ids ----

    public static void writeJobId(JobId id, DataOutputView out) throws IOException {
        out.writeLong(id.upper());
        out.writeLong(id.lower());
    }

    public static JobId readJobId(DataInputView in) throws IOException {
        return new JobId(in.readLong(), in.readLong());
    }

    public static void writeTaskId(TaskId id, DataOutputView out) throws IOException {
        writeJobId(id.job(), out);
        out.writeInt(id.vertex());
        out.writeInt(id.subtask());
        out.writeInt(id.attempt());
    }

    public static TaskId readTaskId(DataInputView in) throws IOException {
        return new TaskId(readJobId(in), in.readInt(), in.readInt(), in.readInt());
    }

    public static void writeWorkerId(WorkerId id, DataOutputView out) throws IOException {
        RpcCodecs.writeString(out, id.value());
    }

    public static WorkerId readWorkerId(DataInputView in) throws IOException {
        return new WorkerId(RpcCodecs.readString(in));
    }

    // ---- network records ----

    /** Host string (as given, not resolved) and port. */
    public static void writeAddress(InetSocketAddress address, DataOutputView out) throws IOException {
        String host = address.getAddress() != null ? address.getAddress().getHostAddress() : address.getHostString();
        RpcCodecs.writeString(out, host);
        out.writeInt(address.getPort());
    }

    public static InetSocketAddress readAddress(DataInputView in) throws IOException {
        String host = RpcCodecs.readString(in);
        int port = in.readInt();
        if (port < 0 || port > 65535) {
            throw new IOException("Corrupt message: port " + port);
        }
        // A literal IP resolves without a lookup; a host name is resolved like the sender meant it.
        return new InetSocketAddress(host, port);
    }

    public static void writeResultPartitionId(ResultPartitionId id, DataOutputView out) throws IOException {
        writeJobId(id.job(), out);
        out.writeInt(id.vertex());
        out.writeInt(id.output());
        out.writeInt(id.subtask());
        out.writeInt(id.attempt());
    }

    public static ResultPartitionId readResultPartitionId(DataInputView in) throws IOException {
        return new ResultPartitionId(readJobId(in), in.readInt(), in.readInt(), in.readInt(), in.readInt());
    }

    public static void writeInputChannelSpec(InputChannelSpec spec, DataOutputView out) throws IOException {
        writeResultPartitionId(spec.partition(), out);
        out.writeInt(spec.subpartition());
        writeAddress(spec.producerDataAddress(), out);
        out.writeBoolean(spec.objects());
    }

    public static InputChannelSpec readInputChannelSpec(DataInputView in) throws IOException {
        return new InputChannelSpec(readResultPartitionId(in), in.readInt(), readAddress(in), in.readBoolean());
    }

    public static void writeOutputPartitionSpec(OutputPartitionSpec spec, DataOutputView out) throws IOException {
        writeResultPartitionId(spec.partitionId(), out);
        out.writeInt(spec.numberOfSubpartitions());
        out.writeInt(spec.consumerMaxParallelism());
        long[] words = spec.objectSubpartitions().toLongArray();
        out.writeInt(words.length);
        for (long w : words) {
            out.writeLong(w);
        }
    }

    public static OutputPartitionSpec readOutputPartitionSpec(DataInputView in) throws IOException {
        ResultPartitionId id = readResultPartitionId(in);
        int subpartitions = in.readInt();
        int maxParallelism = in.readInt();
        int n = in.readInt();
        if (n < 0 || n > (subpartitions + 63) / 64) {
            throw new IOException("Corrupt output partition spec of " + id + ": " + n + " words of object subpartitions for "
                    + subpartitions + " subpartitions");
        }
        long[] words = new long[n];
        for (int i = 0; i < n; i++) {
            words[i] = in.readLong();
        }
        return new OutputPartitionSpec(id, subpartitions, maxParallelism, BitSet.valueOf(words));
    }

    // ---- gateway records ----

    public static void writeRegistration(WorkerRegistration r, DataOutputView out) throws IOException {
        writeWorkerId(r.id(), out);
        out.writeInt(r.slots());
        writeAddress(r.dataAddress(), out);
        RpcCodecs.writeString(out, r.host());
        out.writeLong(r.pid());
        RpcCodecs.writeNullableString(out, r.logFileOrNull());
        RpcCodecs.writeNullableString(out, r.logUrlOrNull());
    }

    public static WorkerRegistration readRegistration(DataInputView in) throws IOException {
        return new WorkerRegistration(readWorkerId(in), in.readInt(), readAddress(in), RpcCodecs.readString(in), in.readLong(),
                RpcCodecs.readNullableString(in), RpcCodecs.readNullableString(in));
    }

    /** A nullable failure chain, outermost first; each level flags whether a cause follows. */
    public static void writeFailure(FailureInfo failure, DataOutputView out) throws IOException {
        out.writeBoolean(failure != null);
        for (FailureInfo f = failure; f != null; f = f.cause()) {
            RpcCodecs.writeString(out, f.exceptionClass());
            RpcCodecs.writeNullableString(out, f.message());
            RpcCodecs.writeString(out, f.stackTrace());
            out.writeBoolean(f.cause() != null);
        }
    }

    public static FailureInfo readFailure(DataInputView in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        List<String[]> levels = new ArrayList<>();
        boolean more = true;
        while (more) {
            if (levels.size() > 64) {
                throw new IOException("Corrupt message: a failure chain deeper than 64 causes");
            }
            levels.add(new String[] {RpcCodecs.readString(in), RpcCodecs.readNullableString(in), RpcCodecs.readString(in)});
            more = in.readBoolean();
        }
        FailureInfo info = null;
        for (int i = levels.size() - 1; i >= 0; i--) {
            String[] l = levels.get(i);
            info = new FailureInfo(l[0], l[1], l[2], info);
        }
        return info;
    }

    public static void writeArtifacts(JobArtifacts a, DataOutputView out) throws IOException {
        writeJobId(a.job(), out);
        RpcCodecs.writeBytes(out, a.jobGraph());
        writeList(a.jars(), out, (blob, o) -> {
            RpcCodecs.writeString(o, blob.name());
            RpcCodecs.writeBytes(o, blob.bytes());
        });
    }

    public static JobArtifacts readArtifacts(DataInputView in) throws IOException {
        JobId job = readJobId(in);
        byte[] graph = RpcCodecs.readBytes(in);
        List<NamedBlob> jars = readList(in, i -> {
            String name = RpcCodecs.readString(i);
            byte[] bytes = RpcCodecs.readBytes(i);
            try {
                return new NamedBlob(name, bytes);
            } catch (IllegalArgumentException e) {
                throw new IOException("Refusing job artifact: " + e.getMessage(), e);
            }
        });
        return new JobArtifacts(job, graph, jars);
    }

    public static void writeDeploymentSpec(TaskDeploymentSpec spec, DataOutputView out) throws IOException {
        writeTaskId(spec.task(), out);
        writeList(spec.inputChannels(), out, (gate, o) -> writeList(gate, o, ClusterCodecs::writeInputChannelSpec));
        writeList(spec.outputPartitions(), out, ClusterCodecs::writeOutputPartitionSpec);
        out.writeBoolean(spec.restoreOrNull() != null);
        if (spec.restoreOrNull() != null) {
            StateHandleCodec.writeTaskRestore(spec.restoreOrNull(), out);
        }
        IterationResume resume = spec.iterationResumeOrNull();
        out.writeBoolean(resume != null);
        if (resume != null) {
            out.writeInt(resume.superstep());
            RpcCodecs.writeBytes(out, resume.aggregatesBytes());
            RpcCodecs.writeString(out, resume.snapshotDir());
        }
    }

    public static TaskDeploymentSpec readDeploymentSpec(DataInputView in) throws IOException {
        TaskId task = readTaskId(in);
        List<List<InputChannelSpec>> gates = readList(in, i -> readList(i, ClusterCodecs::readInputChannelSpec));
        List<OutputPartitionSpec> outputs = readList(in, ClusterCodecs::readOutputPartitionSpec);
        TaskRestore restore = in.readBoolean() ? StateHandleCodec.readTaskRestore(in) : null;
        IterationResume resume = in.readBoolean() ? new IterationResume(in.readInt(), RpcCodecs.readBytes(in), RpcCodecs.readString(in)) : null;
        return new TaskDeploymentSpec(task, gates, outputs, restore, resume);
    }

    public static void writeCheckpointOptions(CheckpointOptions options, DataOutputView out) throws IOException {
        writeEnum(options.type(), out);
        RpcCodecs.writeNullableString(out, options.targetLocation());
    }

    public static CheckpointOptions readCheckpointOptions(DataInputView in) throws IOException {
        return new CheckpointOptions(readEnum(CheckpointType.class, in), RpcCodecs.readNullableString(in));
    }

    public static void writeCheckpointMetrics(CheckpointMetrics m, DataOutputView out) throws IOException {
        out.writeLong(m.alignmentNanos());
        out.writeLong(m.syncNanos());
        out.writeLong(m.asyncNanos());
        out.writeLong(m.stateSize());
    }

    public static CheckpointMetrics readCheckpointMetrics(DataInputView in) throws IOException {
        return new CheckpointMetrics(in.readLong(), in.readLong(), in.readLong(), in.readLong());
    }

    public static void writeTaskStateUpdate(TaskStateUpdate u, DataOutputView out) throws IOException {
        writeTaskId(u.task(), out);
        writeEnum(u.state(), out);
        writeNullableBytes(u.accumulatorsOrNull(), out);
        writeFailure(u.failureOrNull(), out);
    }

    public static TaskStateUpdate readTaskStateUpdate(DataInputView in) throws IOException {
        return new TaskStateUpdate(readTaskId(in), readEnum(TaskExecutionState.class, in), readNullableBytes(in), readFailure(in));
    }

    public static void writeJobResult(JobResultInfo r, DataOutputView out) throws IOException {
        writeJobId(r.job(), out);
        writeEnum(r.status(), out);
        out.writeLong(r.netRuntimeMillis());
        RpcCodecs.writeBytes(out, r.accumulators());
        writeFailure(r.failureOrNull(), out);
        RpcCodecs.writeString(out, r.failureSummary());
    }

    public static JobResultInfo readJobResult(DataInputView in) throws IOException {
        return new JobResultInfo(readJobId(in), readEnum(JobStatus.class, in), in.readLong(), RpcCodecs.readBytes(in), readFailure(in),
                RpcCodecs.readString(in));
    }

    public static void writeJobSummary(JobSummary s, DataOutputView out) throws IOException {
        writeJobId(s.id(), out);
        RpcCodecs.writeString(out, s.name());
        writeEnum(s.status(), out);
        out.writeLong(s.startTime());
        out.writeInt(s.tasks());
    }

    public static JobSummary readJobSummary(DataInputView in) throws IOException {
        return new JobSummary(readJobId(in), RpcCodecs.readString(in), readEnum(JobStatus.class, in), in.readLong(), in.readInt());
    }

    public static void writeJobDetails(JobDetails d, DataOutputView out) throws IOException {
        writeJobId(d.id(), out);
        RpcCodecs.writeString(out, d.name());
        RpcCodecs.writeString(out, d.status());
        out.writeLong(d.startTime());
        out.writeLong(d.endTime());
        writeList(d.vertices(), out, (v, o) -> {
            RpcCodecs.writeString(o, v.name());
            for (int n : new int[] {v.parallelism(), v.created(), v.running(), v.finished(), v.canceled(), v.failed(), v.splits(), v.splitsDone()}) {
                o.writeInt(n);
            }
            o.writeLong(v.recordsIn());
            o.writeLong(v.recordsOut());
            o.writeLong(v.spilledBytes());
        });
        out.writeLong(d.checkpointsCompleted());
        out.writeLong(d.checkpointsFailed());
    }

    public static JobDetails readJobDetails(DataInputView in) throws IOException {
        return new JobDetails(readJobId(in), RpcCodecs.readString(in), RpcCodecs.readString(in), in.readLong(), in.readLong(),
                readList(in, i -> new JobDetails.VertexDetails(RpcCodecs.readString(i), i.readInt(), i.readInt(), i.readInt(), i.readInt(),
                        i.readInt(), i.readInt(), i.readInt(), i.readInt(), i.readLong(), i.readLong(), i.readLong())), in.readLong(),
                in.readLong());
    }

    public static void writeJobStatusUpdate(JobStatusUpdate u, DataOutputView out) throws IOException {
        writeJobId(u.job(), out);
        writeEnum(u.status(), out);
        out.writeLong(u.timestampMillis());
        out.writeInt(u.tasksRunning());
        out.writeInt(u.tasksTotal());
        RpcCodecs.writeNullableString(out, u.messageOrNull());
    }

    public static JobStatusUpdate readJobStatusUpdate(DataInputView in) throws IOException {
        return new JobStatusUpdate(readJobId(in), readEnum(JobStatus.class, in), in.readLong(), in.readInt(), in.readInt(),
                RpcCodecs.readNullableString(in));
    }
}
