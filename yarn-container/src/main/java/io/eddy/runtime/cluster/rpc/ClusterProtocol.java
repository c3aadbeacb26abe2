package io.eddy.runtime.cluster.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.runtime.checkpoint.storage.StateHandleCodec;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.io.network.buffer.BufferUsage;
import io.eddy.runtime.cluster.WorkerSample;
import io.eddy.runtime.cluster.rpc.ClusterCodecs.Reader;
import io.eddy.runtime.cluster.rpc.ClusterMessages.Ack;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AcknowledgeCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AttachJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatus;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatusReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.DeclineCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.DeployTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.InputSplitReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobAccepted;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobAttached;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobDetailsAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobDetailsRequest;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobList;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailRequest;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobStatusChanged;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ListJobs;
import io.eddy.runtime.cluster.rpc.ClusterMessages.NotifyCheckpointAborted;
import io.eddy.runtime.cluster.rpc.ClusterMessages.NotifyCheckpointComplete;
import io.eddy.runtime.cluster.rpc.ClusterMessages.PrepareJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.RegisterWorker;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ReleaseJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.RequestInputSplit;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SavepointTaken;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ShutdownCluster;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SubmitJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SuperstepDecided;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SuperstepDone;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TaskIoReport;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TaskStateChanged;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TriggerCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TriggerSavepoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.WorkerReport;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.MessageCodec;
import io.eddy.runtime.rpc.MessageRegistry;
import io.eddy.runtime.rpc.RpcCodecs;
import java.io.IOException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The cluster protocol: the {@link MessageRegistry} master, workers and clients share, and the
 * timeouts of its requests. Type ids are stable within a {@link #VERSION}; adding, removing or
 * changing a message bumps it (the handshake then refuses peers of another version). A change of
 * what a field means is a change too: version 7 kept the four longs of {@code CheckpointMetrics}
 * but made its synchronous and asynchronous times nanoseconds instead of milliseconds; version 8
 * added {@code AttachJob} / {@code JobAttached}; version 9 {@code SuperstepDone} / {@code SuperstepDecided};
 * version 10 a decision's snapshot directory and a deployment's iteration resume point; version 11
 * {@code JobDetailsRequest} / {@code JobDetailsAnswer}; version 12 {@code TaskIoReport}, {@code WorkerReport}
 * and a vertex's record counts in {@code JobDetailsAnswer}; version 13 a task's watermarks in
 * {@code TaskIoReport}; version 14 its bytes, buffer usage, spilled bytes and per-operator records in there, a
 * job's checkpoint counts and a vertex's spilled bytes in {@code JobDetailsAnswer}, a worker's log file and log URL in its registration, and
 * {@code LogTailRequest} / {@code LogTailAnswer}.
 */
public final class ClusterProtocol {

    /** The protocol version; checked in the authentication handshake. */
    public static final int VERSION = 14;

    /** Timeout of small requests (registration, deployment, cancellation, listings). */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Timeout of requests that carry job artifacts (jars may be large). */
    public static final Duration ARTIFACTS_TIMEOUT = Duration.ofMinutes(5);
    /**
     * Timeout of collect batches, which are answered only when the client has room: a client that
     * reads nothing for this long fails the job's collect sink.
     */
    public static final Duration COLLECT_TIMEOUT = Duration.ofHours(1);
    /**
     * Timeout of savepoint requests, answered when the savepoint is complete: longer than the
     * default checkpoint timeout, after which the master aborts the savepoint itself.
     */
    public static final Duration SAVEPOINT_TIMEOUT = Duration.ofMinutes(15);

    /** Every message class with its codec, in type id order; filled once by {@link #build}. */
    private static final Map<Class<? extends Message>, MessageCodec<?>> CODECS = new LinkedHashMap<>();
    private static final MessageRegistry REGISTRY = build();

    private ClusterProtocol() {}

    /** The registry of all cluster messages (immutable, shared). */
    public static MessageRegistry registry() {
        return REGISTRY;
    }

    /** Writes a message's fields. */
    @FunctionalInterface
    private interface Writer<M> {
        void write(M message, DataOutputView out) throws IOException;
    }

    /** The message classes of the protocol (for tests). */
    static Set<Class<? extends Message>> messageTypes() {
        return Collections.unmodifiableSet(CODECS.keySet());
    }

    /** The codec of {@code type} (for tests). */
    @SuppressWarnings("unchecked")
    static <M extends Message> MessageCodec<M> codecFor(Class<M> type) {
        return (MessageCodec<M>) CODECS.get(type);
    }

    private static <M extends Message> void register(MessageRegistry.Builder b, int typeId, Class<M> type, MessageCodec<M> codec) {
        b.register(typeId, type, codec);
        CODECS.put(type, codec);
    }

    private static <M extends Message> MessageCodec<M> codec(Writer<M> writer, Reader<M> reader) {
        return new MessageCodec<>() {
            @Override
            public void write(M message, DataOutputView out) throws IOException {
                writer.write(message, out);
            }

            @Override
            public M read(DataInputView in) throws IOException {
                return reader.read(in);
            }
        };
    }

    private static long[] readLongs(DataInputView in) throws IOException {
        long[] values = new long[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readLong();
        }
        return values;
    }

    private static MessageRegistry build() {
        MessageRegistry.Builder b = MessageRegistry.builder(VERSION);
        register(b, 1, Ack.class, codec((m, out) -> { }, in -> Ack.INSTANCE));
        registerWorkerMessages(b);
        registerMasterToWorkerMessages(b);
        registerClientMessages(b);
        registerCheckpointMessages(b);
        registerIterationMessages(b);
        return b.build();
    }

    private static void registerWorkerMessages(MessageRegistry.Builder b) {
        register(b, 10, RegisterWorker.class, codec(
                (m, out) -> ClusterCodecs.writeRegistration(m.registration(), out),
                in -> new RegisterWorker(ClusterCodecs.readRegistration(in))));
        register(b, 11, TaskStateChanged.class, codec(
                (m, out) -> ClusterCodecs.writeTaskStateUpdate(m.update(), out),
                in -> new TaskStateChanged(ClusterCodecs.readTaskStateUpdate(in))));
        register(b, 12, CollectBatch.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeJobId(m.job(), out);
                    RpcCodecs.writeString(out, m.collectId());
                    out.writeInt(m.subtask());
                    RpcCodecs.writeBytes(out, m.batch());
                },
                in -> new CollectBatch(ClusterCodecs.readJobId(in), RpcCodecs.readString(in), in.readInt(), RpcCodecs.readBytes(in))));
        register(b, 13, CollectFinished.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeJobId(m.job(), out);
                    RpcCodecs.writeString(out, m.collectId());
                    out.writeInt(m.subtask());
                },
                in -> new CollectFinished(ClusterCodecs.readJobId(in), RpcCodecs.readString(in), in.readInt())));
        register(b, 14, RequestInputSplit.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    RpcCodecs.writeNullableString(out, m.host());
                },
                in -> new RequestInputSplit(ClusterCodecs.readTaskId(in), RpcCodecs.readNullableString(in))));
        register(b, 15, InputSplitReply.class, codec(
                (m, out) -> ClusterCodecs.writeNullableBytes(m.split(), out),
                in -> new InputSplitReply(ClusterCodecs.readNullableBytes(in))));
    }

    private static void registerMasterToWorkerMessages(MessageRegistry.Builder b) {
        register(b, 20, PrepareJob.class, codec(
                (m, out) -> ClusterCodecs.writeArtifacts(m.artifacts(), out),
                in -> new PrepareJob(ClusterCodecs.readArtifacts(in))));
        register(b, 21, DeployTask.class, codec(
                (m, out) -> ClusterCodecs.writeDeploymentSpec(m.spec(), out),
                in -> new DeployTask(ClusterCodecs.readDeploymentSpec(in))));
        register(b, 22, CancelTask.class, codec(
                (m, out) -> ClusterCodecs.writeTaskId(m.task(), out),
                in -> new CancelTask(ClusterCodecs.readTaskId(in))));
        register(b, 23, ReleaseJob.class, codec(
                (m, out) -> ClusterCodecs.writeJobId(m.job(), out),
                in -> new ReleaseJob(ClusterCodecs.readJobId(in))));
    }

    /** Checkpoint messages between master and workers (docs/checkpointing.md), all one-way. */
    private static void registerCheckpointMessages(MessageRegistry.Builder b) {
        register(b, 16, AcknowledgeCheckpoint.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    out.writeLong(m.checkpointId());
                    ClusterCodecs.writeCheckpointMetrics(m.metrics(), out);
                    StateHandleCodec.writeTaskStateSnapshot(m.state(), out);
                },
                in -> new AcknowledgeCheckpoint(ClusterCodecs.readTaskId(in), in.readLong(), ClusterCodecs.readCheckpointMetrics(in),
                        StateHandleCodec.readTaskStateSnapshot(in))));
        register(b, 17, DeclineCheckpoint.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    out.writeLong(m.checkpointId());
                    ClusterCodecs.writeFailure(m.reason(), out);
                },
                in -> new DeclineCheckpoint(ClusterCodecs.readTaskId(in), in.readLong(), ClusterCodecs.readFailure(in))));
        register(b, 24, TriggerCheckpoint.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    out.writeLong(m.checkpointId());
                    out.writeLong(m.timestamp());
                    ClusterCodecs.writeCheckpointOptions(m.options(), out);
                },
                in -> new TriggerCheckpoint(ClusterCodecs.readTaskId(in), in.readLong(), in.readLong(), ClusterCodecs.readCheckpointOptions(in))));
        register(b, 25, NotifyCheckpointComplete.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    out.writeLong(m.checkpointId());
                },
                in -> new NotifyCheckpointComplete(ClusterCodecs.readTaskId(in), in.readLong())));
        register(b, 26, NotifyCheckpointAborted.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    out.writeLong(m.checkpointId());
                },
                in -> new NotifyCheckpointAborted(ClusterCodecs.readTaskId(in), in.readLong())));
    }

    /** Superstep messages between the tasks of loops and the master (docs/iterations.md), both one-way. */
    private static void registerIterationMessages(MessageRegistry.Builder b) {
        register(b, 18, SuperstepDone.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.task(), out);
                    out.writeInt(m.superstep());
                    RpcCodecs.writeBytes(out, m.aggregatesBytes());
                },
                in -> new SuperstepDone(ClusterCodecs.readTaskId(in), in.readInt(), RpcCodecs.readBytes(in))));
        register(b, 48, TaskIoReport.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeWorkerId(m.worker(), out);
                    ClusterCodecs.writeList(m.samples(), out, (s, o) -> {
                        ClusterCodecs.writeTaskId(s.task(), o);
                        o.writeLong(s.recordsIn());
                        o.writeLong(s.recordsOut());
                        o.writeLong(s.bytesIn());
                        o.writeLong(s.bytesOut());
                        o.writeLong(s.backPressuredNanos());
                        o.writeLong(s.inputWatermark());
                        o.writeLong(s.outputWatermark());
                        for (BufferUsage usage : new BufferUsage[] {s.inputBuffers(), s.outputBuffers()}) {
                            o.writeInt(usage.inUse());
                            o.writeInt(usage.capacity());
                        }
                        o.writeLong(s.spilledBytes());
                        o.writeInt(s.operatorRecordsIn().length);
                        for (long n : s.operatorRecordsIn()) {
                            o.writeLong(n);
                        }
                    });
                },
                in -> new TaskIoReport(ClusterCodecs.readWorkerId(in), ClusterCodecs.readList(in, i -> new TaskIoSample(ClusterCodecs.readTaskId(i),
                        i.readLong(), i.readLong(), i.readLong(), i.readLong(), i.readLong(), i.readLong(), i.readLong(),
                        new BufferUsage(i.readInt(), i.readInt()), new BufferUsage(i.readInt(), i.readInt()), i.readLong(), readLongs(i))))));
        register(b, 49, WorkerReport.class, codec(
                (m, out) -> {
                    WorkerSample s = m.sample();
                    ClusterCodecs.writeWorkerId(s.worker(), out);
                    for (long v : new long[] {s.heapUsedBytes(), s.heapMaxBytes(), s.gcCollections(), s.gcMillis(), s.managedUsedBytes(),
                            s.managedTotalBytes(), s.spilledBytes()}) {
                        out.writeLong(v);
                    }
                },
                in -> new WorkerReport(new WorkerSample(ClusterCodecs.readWorkerId(in), in.readLong(), in.readLong(), in.readLong(),
                        in.readLong(), in.readLong(), in.readLong(), in.readLong()))));
        register(b, 50, LogTailRequest.class, codec((m, out) -> out.writeInt(m.maxBytes()), in -> new LogTailRequest(in.readInt())));
        register(b, 51, LogTailAnswer.class, codec(
                (m, out) -> {
                    RpcCodecs.writeString(out, m.tail().file());
                    out.writeLong(m.tail().fileLength());
                    RpcCodecs.writeBytes(out, m.tail().bytes());
                },
                in -> new LogTailAnswer(new LogTail(RpcCodecs.readString(in), in.readLong(), RpcCodecs.readBytes(in)))));
        register(b, 27, SuperstepDecided.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeTaskId(m.headTask(), out);
                    out.writeInt(m.decision().superstep());
                    out.writeBoolean(m.decision().terminate());
                    out.writeUTF(m.decision().reason());
                    RpcCodecs.writeBytes(out, m.decision().aggregatesBytes());
                    RpcCodecs.writeNullableString(out, m.decision().snapshotDirOrNull());
                },
                in -> new SuperstepDecided(ClusterCodecs.readTaskId(in),
                        new SuperstepDecision(in.readInt(), in.readBoolean(), in.readUTF(), RpcCodecs.readBytes(in),
                                RpcCodecs.readNullableString(in)))));
    }

    private static void registerClientMessages(MessageRegistry.Builder b) {
        register(b, 30, SubmitJob.class, codec(
                (m, out) -> ClusterCodecs.writeArtifacts(m.artifacts(), out),
                in -> new SubmitJob(ClusterCodecs.readArtifacts(in))));
        register(b, 31, JobAccepted.class, codec(
                (m, out) -> ClusterCodecs.writeJobId(m.job(), out),
                in -> new JobAccepted(ClusterCodecs.readJobId(in))));
        register(b, 32, CancelJob.class, codec(
                (m, out) -> ClusterCodecs.writeJobId(m.job(), out),
                in -> new CancelJob(ClusterCodecs.readJobId(in))));
        register(b, 33, ListJobs.class, codec((m, out) -> { }, in -> new ListJobs()));
        register(b, 34, JobList.class, codec(
                (m, out) -> ClusterCodecs.writeList(m.jobs(), out, ClusterCodecs::writeJobSummary),
                in -> new JobList(ClusterCodecs.readList(in, ClusterCodecs::readJobSummary))));
        register(b, 35, ClusterStatus.class, codec(
                (m, out) -> {
                    out.writeInt(m.awaitWorkers());
                    out.writeLong(m.timeoutMillis());
                },
                in -> new ClusterStatus(in.readInt(), in.readLong())));
        register(b, 36, ClusterStatusReply.class, codec(
                (m, out) -> ClusterCodecs.writeList(m.workers(), out, ClusterCodecs::writeRegistration),
                in -> new ClusterStatusReply(ClusterCodecs.readList(in, ClusterCodecs::readRegistration))));
        register(b, 37, TriggerSavepoint.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeJobId(m.job(), out);
                    RpcCodecs.writeNullableString(out, m.targetDirectory());
                    out.writeBoolean(m.cancelAfter());
                },
                in -> new TriggerSavepoint(ClusterCodecs.readJobId(in), RpcCodecs.readNullableString(in), in.readBoolean())));
        register(b, 38, SavepointTaken.class, codec(
                (m, out) -> RpcCodecs.writeString(out, m.path()),
                in -> new SavepointTaken(RpcCodecs.readString(in))));
        register(b, 39, ShutdownCluster.class, codec(
                (m, out) -> RpcCodecs.writeString(out, m.reason()),
                in -> new ShutdownCluster(RpcCodecs.readString(in))));
        register(b, 40, JobFinished.class, codec(
                (m, out) -> ClusterCodecs.writeJobResult(m.result(), out),
                in -> new JobFinished(ClusterCodecs.readJobResult(in))));
        register(b, 41, ClientCollectBatch.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeJobId(m.job(), out);
                    RpcCodecs.writeString(out, m.collectId());
                    RpcCodecs.writeBytes(out, m.batch());
                },
                in -> new ClientCollectBatch(ClusterCodecs.readJobId(in), RpcCodecs.readString(in), RpcCodecs.readBytes(in))));
        register(b, 42, ClientCollectFinished.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeJobId(m.job(), out);
                    RpcCodecs.writeString(out, m.collectId());
                },
                in -> new ClientCollectFinished(ClusterCodecs.readJobId(in), RpcCodecs.readString(in))));
        register(b, 43, JobStatusChanged.class, codec(
                (m, out) -> ClusterCodecs.writeJobStatusUpdate(m.update(), out),
                in -> new JobStatusChanged(ClusterCodecs.readJobStatusUpdate(in))));
        register(b, 44, AttachJob.class, codec(
                (m, out) -> ClusterCodecs.writeJobId(m.job(), out),
                in -> new AttachJob(ClusterCodecs.readJobId(in))));
        register(b, 45, JobAttached.class, codec(
                (m, out) -> {
                    ClusterCodecs.writeJobId(m.job(), out);
                    out.writeBoolean(m.summaryOrNull() != null);
                    if (m.summaryOrNull() != null) {
                        ClusterCodecs.writeJobSummary(m.summaryOrNull(), out);
                    }
                },
                in -> new JobAttached(ClusterCodecs.readJobId(in), in.readBoolean() ? ClusterCodecs.readJobSummary(in) : null)));
        register(b, 46, JobDetailsRequest.class, codec(
                (m, out) -> ClusterCodecs.writeJobId(m.job(), out),
                in -> new JobDetailsRequest(ClusterCodecs.readJobId(in))));
        register(b, 47, JobDetailsAnswer.class, codec(
                (m, out) -> {
                    out.writeBoolean(m.detailsOrNull() != null);
                    if (m.detailsOrNull() != null) {
                        ClusterCodecs.writeJobDetails(m.detailsOrNull(), out);
                    }
                },
                in -> new JobDetailsAnswer(in.readBoolean() ? ClusterCodecs.readJobDetails(in) : null)));
    }
}
