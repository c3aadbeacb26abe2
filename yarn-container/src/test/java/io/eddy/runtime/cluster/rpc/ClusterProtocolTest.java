package io.eddy.runtime.cluster.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.NamedBlob;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.io.network.buffer.BufferUsage;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.WorkerSample;
import io.eddy.runtime.cluster.rpc.ClusterMessages.Ack;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AcknowledgeCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AttachJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatus;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatusReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailRequest;
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
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.MessageCodec;
import io.eddy.runtime.tasks.OutputPartitionSpec;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Every cluster message survives its codec, byte for byte, and consumes exactly what it wrote. */
class ClusterProtocolTest {

    private static final JobId JOB = new JobId(0x0123456789abcdefL, -2L);
    private static final TaskId TASK = new TaskId(JOB, 2, 1, 3);
    private static final ResultPartitionId PARTITION = new ResultPartitionId(JOB, 1, 0, 4, 2);
    private static final WorkerRegistration REGISTRATION =
            new WorkerRegistration(new WorkerId("worker-1"), 4, new InetSocketAddress("127.0.0.1", 40123), "127.0.0.1", 4711,
                    "/var/log/eddy/worker-1.log", "http://nm-host:8042/node/containerlogs/container_1_0001_01_000002/eddy");
    private static final FailureInfo FAILURE = new FailureInfo("java.lang.IllegalStateException", "outer",
            "a.B.c(B.java:12)\n", new FailureInfo("java.io.IOException", null, "", new FailureInfo("x.Y", "root ü", "x.Y.z(Native Method)\n", null)));
    private static final JobArtifacts ARTIFACTS = new JobArtifacts(JOB, new byte[] {1, 2, 3},
            List.of(new NamedBlob("app.jar", new byte[] {9, 8}), new NamedBlob("lib.jar", new byte[0])));
    private static final TaskStateSnapshot STATE = new TaskStateSnapshot(Map.of(
            "count", new OperatorSubtaskState(
                    List.of(new KeyGroupsStateHandle(new KeyGroupRange(4, 6), new long[] {0, 17, 40},
                            new FileStateHandle("file:///cp/job/chk-3/1f2e", 96, 0x1234abcd))),
                    List.of(new OperatorStateHandle(Map.of("_checkpointed", new OperatorStateHandle.StateMetaInfo(
                            OperatorStateHandle.Mode.SPLIT, new long[] {8, 16})), new ByteStreamStateHandle("op-0", new byte[] {1, 2, 3})))),
            "src", OperatorSubtaskState.EMPTY));

    static List<Message> samples() {
        TaskDeploymentSpec spec = new TaskDeploymentSpec(TASK,
                List.of(List.of(new InputChannelSpec(PARTITION, 1, new InetSocketAddress("127.0.0.1", 5000))), List.of()),
                List.of(new OutputPartitionSpec(PARTITION, 3, 128)));
        return List.of(
                new Ack(),
                new RegisterWorker(REGISTRATION),
                new RegisterWorker(new WorkerRegistration(new WorkerId("worker-2"), 1, new InetSocketAddress("127.0.0.1", 40124), "h", 1)),
                new TaskStateChanged(TaskStateUpdate.failed(TASK, FAILURE)),
                new CollectBatch(JOB, "collect-1", 2, new byte[] {7, 7, 7}),
                new CollectFinished(JOB, "collect-1", 2),
                new RequestInputSplit(TASK, "node-7.example.com"),
                new InputSplitReply(new byte[] {-84, -19, 0, 5}),
                new PrepareJob(ARTIFACTS),
                new DeployTask(spec),
                new CancelTask(TASK),
                new ReleaseJob(JOB),
                new SubmitJob(ARTIFACTS),
                new JobAccepted(JOB),
                new CancelJob(JOB),
                new JobDetailsRequest(JOB),
                new JobDetailsAnswer(new JobDetails(JOB, "my job", "RUNNING", 1234L, -1L, List.of(
                        new JobDetails.VertexDetails("Source -> Map", 4, 1, 2, 1, 0, 0, 12, 7, 0, 5_000_000_000L),
                        new JobDetails.VertexDetails("Sink", 2, 2, 0, 0, 0, 0, -1, 0, 17, 0, 3L << 33)), 12, 1)),
                new WorkerReport(new WorkerSample(new WorkerId("worker-7"), 1L << 33, 1L << 34, 12, 3_456, 64L << 20, 128L << 20, 5L << 32)),
                new TaskIoReport(new WorkerId("worker-7"), List.of(new TaskIoSample(new TaskId(JOB, 1, 2, 3), 10, 4_000_000_000L, 77,
                        9_000_000_000L, 123_456_789_012L, 1_700_000_000_000L, Long.MAX_VALUE, new BufferUsage(3, 18), new BufferUsage(0, 11), 1L << 40,
                        new long[] {10, 7, 3}),
                        new TaskIoSample(new TaskId(JOB, 0, 0, 0), 0, 0, 0, 0, 0, Long.MIN_VALUE, -5, BufferUsage.NONE, new BufferUsage(7, 7), 0, new long[0]))),
                new JobDetailsAnswer(null),
                new LogTailRequest(65_536),
                new LogTailAnswer(new LogTail("/tmp/worker-1.log", 70_000, "the end\n".getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                new ListJobs(),
                new JobList(List.of(new JobSummary(JOB, "my job", JobStatus.RUNNING, 1234L, 6))),
                new AttachJob(JOB),
                new JobAttached(JOB, new JobSummary(JOB, "my job", JobStatus.CREATED, 1234L, 6)),
                new JobAttached(JOB, null),
                new ClusterStatus(2, 5000),
                new ClusterStatusReply(List.of(REGISTRATION)),
                new TriggerSavepoint(JOB, "hdfs:///savepoints", true),
                new TriggerSavepoint(JOB, null, false),
                new SavepointTaken("file:/tmp/sp/savepoint-1a2b3c-0123456789ab"),
                new ShutdownCluster("stopped by alice with 'eddy yarn-session stop'"),
                new JobFinished(new JobResultInfo(JOB, JobStatus.FAILED, 99, new byte[] {5}, FAILURE, "Operator 'Map (1/2)' failed")),
                new ClientCollectBatch(JOB, "c", new byte[] {1}),
                new ClientCollectFinished(JOB, "c"),
                new JobStatusChanged(new JobStatusUpdate(JOB, JobStatus.RUNNING, 1_700_000_000_123L, 3, 4,
                        "restarting after: Task 'Map (2/4)' on worker-2 (127.0.0.1) failed: boom; restoring checkpoint 12")),
                new DeployTask(new TaskDeploymentSpec(TASK, List.of(), List.of(), new TaskRestore(3, STATE))),
                new TriggerCheckpoint(TASK, 3, 1_700_000_000_000L, new CheckpointOptions(CheckpointType.CHECKPOINT, "file:///cp/job/chk-3")),
                new TriggerCheckpoint(TASK, 4, 1L, new CheckpointOptions(CheckpointType.SAVEPOINT_THEN_CANCEL, null)),
                new NotifyCheckpointComplete(TASK, 3),
                new NotifyCheckpointAborted(TASK, 4),
                new SuperstepDone(TASK, 3, new byte[] {1, 2, 3}),
                new SuperstepDecided(TASK, new SuperstepDecision(3, true, "maximum of 3 supersteps", new byte[] {4, 5})),
                new SuperstepDecided(TASK, new SuperstepDecision(1, false, "go on", new byte[0])),
                new AcknowledgeCheckpoint(TASK, 3, new CheckpointMetrics(1_500, 2_345_678, 30_000_001, 96), STATE),
                new DeclineCheckpoint(TASK, 5, FAILURE));
    }

    @Test
    void deploymentsKeepTheirIterationResumeOrItsAbsence() throws IOException {
        TaskDeploymentSpec fresh = new TaskDeploymentSpec(TASK, List.of(), List.of());
        assertThat(roundTrip(new DeployTask(fresh)).spec().iterationResumeOrNull()).isNull();
        IterationResume resume = new IterationResume(7, new byte[] {3, 2}, "file:///tmp/it/superstep-6");
        TaskDeploymentSpec resumed = roundTrip(new DeployTask(new TaskDeploymentSpec(TASK, List.of(), List.of(), new TaskRestore(9, STATE))
                .withIterationResume(resume))).spec();
        assertThat(resumed.iterationResumeOrNull()).isEqualTo(resume);
        assertThat(resumed.restoreOrNull().checkpointId()).isEqualTo(9);
    }

    @Test
    void deploymentsKeepTheirRestoreOrItsAbsence() throws IOException {
        TaskDeploymentSpec fresh = new TaskDeploymentSpec(TASK, List.of(), List.of());
        assertThat(roundTrip(new DeployTask(fresh)).spec().restoreOrNull()).isNull();
        TaskRestore restore = roundTrip(new DeployTask(new TaskDeploymentSpec(TASK, List.of(), List.of(), new TaskRestore(9, STATE))))
                .spec().restoreOrNull();
        assertThat(restore.checkpointId()).isEqualTo(9);
        assertThat(restore.state().stateOf("count").managedKeyedState().get(0).offsets()).containsExactly(0, 17, 40);
        assertThat(restore.state().stateOf("count").managedKeyedState().get(0).delegate())
                .isEqualTo(new FileStateHandle("file:///cp/job/chk-3/1f2e", 96, 0x1234abcd));
    }

    @Test
    void everyRegisteredMessageHasASample() {
        assertThat(samples().stream().map(Message::getClass).collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(ClusterProtocol.messageTypes());
        for (Class<? extends Message> type : ClusterProtocol.messageTypes()) {
            assertThat(ClusterProtocol.registry().isRegistered(type)).as("%s registered", type.getSimpleName()).isTrue();
        }
    }

    @Test
    void everyMessageRoundTrips() throws IOException {
        for (Message m : samples()) {
            Message copy = roundTrip(m);
            assertThat(copy).as(m.getClass().getSimpleName()).usingRecursiveComparison().isEqualTo(m);
        }
    }

    @Test
    void shutdownRequestsKeepTheirReasonAndHaveTheirOwnTypeId() throws IOException {
        assertThat(roundTrip(new ShutdownCluster("stopped by ü")).reason()).isEqualTo("stopped by ü");
        assertThat(roundTrip(new ShutdownCluster("")).reason()).isEmpty();
        assertThat(ClusterProtocol.VERSION).as("a new message bumps the protocol version").isGreaterThanOrEqualTo(5);
    }

    @Test
    void attachAnswersKeepTheSummaryOrItsAbsence() throws IOException {
        JobSummary summary = new JobSummary(JOB, "ü job", JobStatus.FAILING, 7L, 3);
        assertThat(roundTrip(new JobAttached(JOB, summary)).summaryOrNull()).isEqualTo(summary);
        assertThat(roundTrip(new JobAttached(JOB, null)).summaryOrNull()).as("an unknown job").isNull();
        assertThat(roundTrip(new AttachJob(JOB)).job()).isEqualTo(JOB);
        assertThat(ClusterProtocol.VERSION).as("AttachJob came with version 8").isGreaterThanOrEqualTo(8);
    }

    @Test
    void jobStatusUpdatesKeepEveryFieldAndAnAbsentMessage() throws IOException {
        JobStatusUpdate running = new JobStatusUpdate(JOB, JobStatus.RUNNING, 42L, 4, 4, null);
        JobStatusUpdate copy = roundTrip(new JobStatusChanged(running)).update();
        assertThat(copy).isEqualTo(running);
        assertThat(copy.messageOrNull()).isNull();
        JobStatusUpdate failing = new JobStatusUpdate(JOB, JobStatus.FAILING, 43L, 1, 4, "Task 'Map (2/4)' failed: ü");
        assertThat(roundTrip(new JobStatusChanged(failing)).update()).isEqualTo(failing);
        assertThat(ClusterProtocol.VERSION).as("JobStatusChanged came with version 6").isGreaterThanOrEqualTo(6);
        assertThat(ClusterProtocol.registry().isRegistered(JobStatusChanged.class)).isTrue();
    }

    @Test
    void jobStatusUpdatesRefuseFinalStatesAndImpossibleCounts() {
        assertThatThrownBy(() -> new JobStatusUpdate(JOB, JobStatus.FINISHED, 1L, 0, 4, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("FINISHED").hasMessageContaining("jobFinished");
        assertThatThrownBy(() -> new JobStatusUpdate(JOB, JobStatus.RUNNING, 1L, 5, 4, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tasksRunning: 5 (expected: 0..4)");
    }

    @Test
    void aJobStatusUpdateDescribesItselfOnOneLine() {
        assertThat(new JobStatusUpdate(JOB, JobStatus.RUNNING, 1L, 4, 4, null).describe("word count"))
                .isEqualTo("Job 'word count' (" + JOB + "): RUNNING, 4 of 4 tasks running");
        assertThat(new JobStatusUpdate(JOB, JobStatus.CANCELLING, 1L, 2, 4, "cancelled by the client").describe("x"))
                .isEqualTo("Job 'x' (" + JOB + "): CANCELLING, 2 of 4 tasks running; cancelled by the client");
    }

    @Test
    void checkpointMetricsAreFourLongsWithTimesInNanoseconds() throws IOException {
        CheckpointMetrics metrics = new CheckpointMetrics(812, 48_213, 1_250_333, 4096);
        DataOutputSerializer out = new DataOutputSerializer(32);
        ClusterCodecs.writeCheckpointMetrics(metrics, out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThat(new long[] {in.readLong(), in.readLong(), in.readLong(), in.readLong()})
                .as("alignment, sync, async (ns), state size, in this order").containsExactly(812, 48_213, 1_250_333, 4096);
        assertThat(in.available()).isZero();
        assertThat(roundTrip(new AcknowledgeCheckpoint(TASK, 7, metrics, STATE)).metrics()).isEqualTo(metrics);
        assertThat(ClusterProtocol.VERSION).as("nanosecond sync and async times came with version 7").isGreaterThanOrEqualTo(7);
    }

    @Test
    void inputSplitMessagesKeepAbsentHostsAndTheEndOfSplits() throws IOException {
        RequestInputSplit noHost = roundTrip(new RequestInputSplit(TASK, null));
        assertThat(noHost.task()).isEqualTo(TASK);
        assertThat(noHost.host()).isNull();
        assertThat(roundTrip(new InputSplitReply(null)).split()).isNull();
        assertThat(roundTrip(new InputSplitReply(new byte[0])).split()).isEmpty();
        assertThat(roundTrip(new InputSplitReply(new byte[] {1, 2, 3})).split()).containsExactly(1, 2, 3);
    }

    @Test
    void taskStateUpdatesKeepAccumulatorBytesAndNullFailures() throws IOException {
        TaskStateChanged finished = new TaskStateChanged(TaskStateUpdate.finished(TASK, new byte[] {4, 2}));
        TaskStateChanged copy = roundTrip(finished);
        assertThat(copy.update().state()).isEqualTo(TaskExecutionState.FINISHED);
        assertThat(copy.update().accumulatorsOrNull()).containsExactly(4, 2);
        assertThat(copy.update().failureOrNull()).isNull();
        assertThat(roundTrip(new TaskStateChanged(TaskStateUpdate.running(TASK))).update().accumulatorsOrNull()).isNull();
    }

    @Test
    void failureChainsBecomeRemoteFailureChains() throws IOException {
        FailureInfo copy = roundTrip(new TaskStateChanged(TaskStateUpdate.failed(TASK, FAILURE))).update().failureOrNull();
        assertThat(copy).isEqualTo(FAILURE);
        assertThat(copy.toException()).hasMessage("java.lang.IllegalStateException: outer")
                .hasRootCauseMessage("x.Y: root ü");
    }

    @Test
    void corruptListSizesFailInsteadOfAllocating() {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeInt(-5);
        assertThatThrownBy(() -> ClusterCodecs.readList(new DataInputDeserializer(out.getCopyOfBuffer()), ClusterCodecs::readJobId))
                .isInstanceOf(IOException.class).hasMessageContaining("list size -5");
    }

    @Test
    void blobNamesWithDirectoriesAreRefused() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        ClusterCodecs.writeArtifacts(ARTIFACTS, out);
        byte[] good = out.getCopyOfBuffer();
        String encoded = new String(good, java.nio.charset.StandardCharsets.ISO_8859_1).replace("app.jar", "../x.ja");
        byte[] evil = encoded.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> ClusterCodecs.readArtifacts(new DataInputDeserializer(evil)))
                .isInstanceOf(IOException.class).hasMessageContaining("../x.ja");
    }

    @SuppressWarnings("unchecked")
    @Test
    void superstepMessagesKeepTheirFields() throws IOException {
        SuperstepDone done = roundTrip(new SuperstepDone(TASK, 7, new byte[] {9, 8, 7}));
        assertThat(done.task()).isEqualTo(TASK);
        assertThat(done.superstep()).isEqualTo(7);
        assertThat(done.aggregatesBytes()).containsExactly(9, 8, 7);
        SuperstepDecision decision = roundTrip(new SuperstepDecided(TASK, new SuperstepDecision(7, false, "go on ü", new byte[] {6})))
                .decision();
        assertThat(decision.superstep()).isEqualTo(7);
        assertThat(decision.terminate()).isFalse();
        assertThat(decision.reason()).isEqualTo("go on ü");
        assertThat(decision.aggregatesBytes()).containsExactly(6);
        assertThat(decision.snapshotDirOrNull()).isNull();
        SuperstepDecision withSnapshot = roundTrip(new SuperstepDecided(TASK, new SuperstepDecision(6, false, "go on", new byte[] {1},
                "hdfs://nn/eddy/j/iterations/loop/superstep-6"))).decision();
        assertThat(withSnapshot.snapshotDirOrNull()).isEqualTo("hdfs://nn/eddy/j/iterations/loop/superstep-6");
        assertThat(ClusterProtocol.VERSION).as("snapshot directories and resume points came with version 10").isGreaterThanOrEqualTo(10);
    }

    private static <M extends Message> M roundTrip(M message) throws IOException {
        MessageCodec<M> codec = (MessageCodec<M>) ClusterProtocol.codecFor(message.getClass());
        assertThat(codec).as("codec of %s", message.getClass().getSimpleName()).isNotNull();
        DataOutputSerializer out = new DataOutputSerializer(128);
        codec.write(message, out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        M copy = codec.read(in);
        assertThat(in.available()).as("bytes left after reading %s", message.getClass().getSimpleName()).isZero();
        return copy;
    }
}
