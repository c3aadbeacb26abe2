package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An exactly-once sink writing records into part files of a directory, through the Hadoop {@code
 * FileSystem} API (so {@code file://} and {@code hdfs://} paths work alike):
 * <pre>{@code
 * env.enableCheckpointing(1000);
 * stream.addSink(FileSink.forRowFormat("hdfs:///out", Encoder.<Event>simpleString()).build());
 * }</pre>
 *
 * <p><b>Part files.</b> Each subtask writes its records into {@code .part-<subtask>-<n>.inprogress};
 * when a checkpoint is taken, the file is closed and renamed to {@code .part-<subtask>-<n>.pending},
 * and the checkpoint records it in the sink's state. When that checkpoint completes ({@link
 * #notifyCheckpointComplete}, for checkpoint n: every pending part of checkpoints up to n), pending
 * files are renamed to their final names {@code part-<subtask>-<n>}. Only final names are output:
 * names starting with {@code .} are hidden from readers. With {@link Builder#withMaxPartSize} a part
 * is also closed when it reaches that size; it is committed with the next completed checkpoint.
 *
 * <p><b>Recovery.</b> After a restore, each subtask commits the pending parts recorded in the
 * restored state (their checkpoint completed even if the notification never came) and deletes the
 * in-progress and pending files the state does not know, and committed parts numbered past what the
 * checkpoint had seen (committed by a bounded run's {@link #finish} after it): their records are
 * written again by the replay. So the committed files hold every record exactly once. The sink's
 * state is union list state ({@code "file-sink-pending-parts"}, {@code "file-sink-part-counters"}):
 * after rescaling, new subtask {@code j} of {@code p} takes over the files of old subtasks {@code
 * s} with {@code s % p == j}. Renames are idempotent, so repeating a commit is harmless.
 *
 * <p><b>End of input.</b> When a bounded input ends ({@link #finish}), the sink commits everything
 * left, so a finished job leaves no in-progress or pending files. <b>Without checkpointing</b>, parts
 * are committed only then: an unbounded job without checkpoints never commits.
 *
 * <p>Requirements: one job per directory (a fresh start, too, deletes the in-progress and pending
 * files of its subtask numbers). Part numbers continue above the highest number in the directory,
 * so restarts never reuse a name. A restore from a savepoint older than parts committed since then
 * deletes those parts (their records are written again).
 *
 * <p>Threads: every method runs on the task thread; the fields need no lock.
 *
 * @param <IN> the type of the records
 */
public final class FileSink<IN> extends RichSinkFunction<IN> implements CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(FileSink.class);

    static final String PENDING_STATE = "file-sink-pending-parts";
    static final String COUNTER_STATE = "file-sink-part-counters";

    /** A closed part of subtask {@code subtask}, pending since checkpoint {@code checkpointId}. */
    public record PendingPart(int subtask, long part, long checkpointId) {}

    private record PartId(int subtask, long part) {}

    /** Subtask {@code subtask} had numbered its parts below {@code nextPart} when the checkpoint was taken. */
    public record PartCounter(int subtask, long nextPart) {}

    private final String basePath;
    private final Encoder<IN> encoder;
    private final long maxPartSize;

    private transient ListState<PendingPart> pendingState;
    private transient ListState<PartCounter> counterState;
    /** The restored state (all old subtasks' entries), or null on a fresh start; cleared once recovered. */
    private transient List<PendingPart> restoredPending;
    private transient List<PartCounter> restoredCounters;

    private transient PartFiles files;
    private transient int subtask;
    private transient long nextPart;
    /** The open in-progress part, or null. */
    private transient FSDataOutputStream out;
    private transient long currentPart;
    /** Parts closed (pending) since the last snapshot, for the next checkpoint to record. */
    private transient List<Long> closedSinceSnapshot;
    /** Checkpoint id → the parts it recorded as pending, not committed yet. */
    private transient NavigableMap<Long, List<Long>> pendingByCheckpoint;

    private FileSink(Builder<IN> builder) {
        this.basePath = builder.basePath;
        this.encoder = builder.encoder;
        this.maxPartSize = builder.maxPartSize;
    }

    /**
     * A builder for a sink writing one encoded record after the other into part files under
     * directory {@code basePath} (a path or URI such as {@code file:///tmp/out} or {@code
     * hdfs://nn/out}).
     */
    public static <IN> Builder<IN> forRowFormat(String basePath, Encoder<IN> encoder) {
        return new Builder<>(basePath, encoder);
    }

    /** Builds a {@link FileSink}. */
    public static final class Builder<IN> {

        private final String basePath;
        private final Encoder<IN> encoder;
        private long maxPartSize = Long.MAX_VALUE;

        private Builder(String basePath, Encoder<IN> encoder) {
            if (basePath == null || basePath.isEmpty()) {
                throw new IllegalArgumentException("FileSink.forRowFormat basePath: '" + basePath + "' (expected: a directory path or URI)");
            }
            this.basePath = basePath;
            this.encoder = Objects.requireNonNull(encoder, "FileSink.forRowFormat encoder (e.g. Encoder.simpleString())");
        }

        /** Also closes a part once it holds at least {@code bytes} bytes (default: parts roll only at checkpoints). */
        public Builder<IN> withMaxPartSize(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("FileSink withMaxPartSize: " + bytes + " (expected: a positive number of bytes)");
            }
            this.maxPartSize = bytes;
            return this;
        }

        public FileSink<IN> build() {
            return new FileSink<>(this);
        }
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        pendingState = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>(PENDING_STATE, PendingPart.class));
        counterState = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>(COUNTER_STATE, PartCounter.class));
        if (context.isRestored()) {
            restoredPending = new ArrayList<>();
            pendingState.get().forEach(restoredPending::add);
            restoredCounters = new ArrayList<>();
            counterState.get().forEach(restoredCounters::add);
        }
    }

    @Override
    public void open() throws Exception {
        RuntimeContext rc = getRuntimeContext();
        subtask = rc.getIndexOfThisSubtask();
        files = PartFiles.open(basePath);
        closedSinceSnapshot = new ArrayList<>();
        pendingByCheckpoint = new TreeMap<>();
        out = null;
        recover(rc.getNumberOfParallelSubtasks());
        restoredPending = null;
        restoredCounters = null;
    }

    /**
     * Brings the files this subtask owns (those of old subtasks {@code s % parallelism == subtask})
     * to the state of the restored checkpoint, or on a fresh start removes what earlier attempts
     * left unfinished; then picks the next part number.
     */
    private void recover(int parallelism) throws IOException {
        Set<PartId> known = new HashSet<>();
        Map<Integer, Long> counters = new HashMap<>();
        if (restoredPending != null) {
            for (PendingPart p : restoredPending) {
                known.add(new PartId(p.subtask(), p.part()));
            }
            for (PartCounter c : restoredCounters) {
                counters.merge(c.subtask(), c.nextPart(), Math::max);
            }
        }
        long highest = -1;
        for (PartFiles.Entry e : files.list()) {
            if (e.subtask() == subtask) {
                highest = Math.max(highest, e.part());
            }
            if (e.subtask() % parallelism != subtask) {
                continue;
            }
            boolean covered = switch (e.stage()) {
                case IN_PROGRESS -> false;
                case PENDING -> known.contains(new PartId(e.subtask(), e.part()));
                case COMMITTED -> e.part() < counters.getOrDefault(e.subtask(), Long.MAX_VALUE);
            };
            if (!covered) {
                deleteUncovered(e);
            }
        }
        if (restoredPending != null) {
            for (PendingPart p : restoredPending) {
                if (p.subtask() % parallelism == subtask) {
                    files.commit(p.subtask(), p.part());
                }
            }
        }
        nextPart = Math.max(highest + 1, counters.getOrDefault(subtask, 0L));
    }

    /** Deletes a part file the restored checkpoint (or, on a fresh start, no checkpoint) covers. */
    private void deleteUncovered(PartFiles.Entry e) throws IOException {
        if (e.stage() == PartFiles.Stage.COMMITTED) {
            LOG.warn("FileSink {} (subtask {}): deleting committed part {} of subtask {}: it was committed after the restored "
                    + "checkpoint (at the end of the input, or by a later checkpoint not restored); the replay writes its records again",
                    files.directory(), subtask, e.part(), e.subtask());
        } else {
            LOG.info("FileSink {} (subtask {}): deleting part {} of subtask {} ({}): not covered by the {}", files.directory(), subtask,
                    e.part(), e.subtask(), e.stage(), restoredPending != null ? "restored checkpoint" : "fresh start");
        }
        files.delete(e);
    }

    @Override
    public void invoke(IN value) throws Exception {
        if (out == null) {
            currentPart = nextPart++;
            out = files.create(subtask, currentPart);
        }
        encoder.encode(value, out);
        if (maxPartSize != Long.MAX_VALUE && out.getPos() >= maxPartSize) {
            closePart();
        }
    }

    /** Closes the in-progress part and makes it pending. */
    private void closePart() throws IOException {
        FSDataOutputStream stream = out;
        out = null;
        stream.close();
        files.toPending(subtask, currentPart);
        closedSinceSnapshot.add(currentPart);
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        if (out != null) {
            closePart();
        }
        if (!closedSinceSnapshot.isEmpty()) {
            pendingByCheckpoint.computeIfAbsent(context.getCheckpointId(), id -> new ArrayList<>()).addAll(closedSinceSnapshot);
            closedSinceSnapshot.clear();
        }
        List<PendingPart> pending = new ArrayList<>();
        for (Map.Entry<Long, List<Long>> e : pendingByCheckpoint.entrySet()) {
            for (long part : e.getValue()) {
                pending.add(new PendingPart(subtask, part, e.getKey()));
            }
        }
        pendingState.update(pending);
        counterState.update(List.of(new PartCounter(subtask, nextPart)));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        NavigableMap<Long, List<Long>> done = pendingByCheckpoint.headMap(checkpointId, true);
        for (List<Long> parts : done.values()) {
            for (long part : parts) {
                files.commit(subtask, part);
            }
        }
        done.clear();
    }

    @Override
    public void finish() throws Exception {
        if (out != null) {
            closePart();
        }
        for (List<Long> parts : pendingByCheckpoint.values()) {
            for (long part : parts) {
                files.commit(subtask, part);
            }
        }
        pendingByCheckpoint.clear();
        for (long part : closedSinceSnapshot) {
            files.commit(subtask, part);
        }
        closedSinceSnapshot.clear();
    }

    @Override
    public void close() throws Exception {
        // After a failure the in-progress file stays; the next run's recover() deletes it.
        if (out != null) {
            FSDataOutputStream stream = out;
            out = null;
            stream.close();
        }
    }

    @Override
    public String toString() {
        return "FileSink(" + basePath + ")";
    }
}
