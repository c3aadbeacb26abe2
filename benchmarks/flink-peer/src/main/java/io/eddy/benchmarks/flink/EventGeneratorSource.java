package io.eddy.benchmarks.flink;

import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.RichSourceReaderContext;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Flink's side of the state machine source on Flink's FLIP-27 source API ({@link Source}): the same
 * events as the legacy {@link EventSource}, produced by a {@link SourceReader} that the source task
 * polls on its own thread (no legacy source thread, no checkpoint lock). Bounded.
 *
 * <p>Splits: the {@link Enumerator} makes one {@link Split} per parallel subtask, split {@code i} of
 * {@code p} standing for the shared {@link EventGenerator} of subtask {@code i} of {@code p} with its
 * {@link GeneratorSpec#eventsForSubtask} share of the events, exactly what the legacy source's
 * subtask {@code i} generates. When reader {@code i} registers, the enumerator assigns it split
 * {@code i} and signals it that no more splits will come; so the events, and the alerts they raise,
 * are identical to the legacy source's.
 *
 * <p>Injected invalid transitions: a {@link SourceReaderContext} has no accumulators, but in Flink
 * 2.3 the source operator hands its reader a {@link RichSourceReaderContext} (experimental API)
 * whose {@link RichSourceReaderContext#getRuntimeContext() runtime context} is the operator's. The
 * {@link Reader} registers a {@link LongCounter} there under {@link EventSource#INJECTED}, the very
 * accumulator the legacy source fills, and adds to it a split's {@link
 * EventGenerator#injectedInvalid()} when it has emitted the split's last event; the job result
 * carries the sum over the readers, as with the legacy source. Given a plain context (not a Flink
 * task, e.g. a unit test) the reader still counts, readable as {@link Reader#injectedInvalid()}, but
 * reports nothing, so a job result would miss the accumulator and {@link FlinkBench} fail loudly.
 *
 * <p>Checkpoints: a split carries the number of events its reader has emitted ({@link
 * Split#position()}); a reader restored from a checkpoint regenerates and drops that many events of
 * its split before it emits again (the generator is deterministic), and the enumerator checkpoints
 * the splits it has not assigned yet. The injected count added when a restored split ends covers the
 * whole split. Flink's accumulators are not restored after a failure anyway; the benchmark runs
 * without failures.
 *
 * <p>Threads: this object is built by the client and serialized to the JobManager and the
 * TaskManagers; {@link #createEnumerator} and {@link #restoreEnumerator} run on the JobManager's
 * source coordinator thread, {@link #createReader} on each source task's thread. Everything here is
 * immutable.
 */
public final class EventGeneratorSource implements Source<Event, EventGeneratorSource.Split, EventGeneratorSource.EnumeratorState>,
        ResultTypeQueryable<Event> {

    private static final long serialVersionUID = 1L;

    private final GeneratorSpec spec;
    private final long totalEvents;

    public EventGeneratorSource(GeneratorSpec spec, long totalEvents) {
        if (totalEvents < 0) {
            throw new IllegalArgumentException("totalEvents: " + totalEvents + " (expected 0 or more)");
        }
        this.spec = spec;
        this.totalEvents = totalEvents;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    /** The same type information as the legacy source's {@code returns(Event.class)}, so both send events with the same serializer. */
    @Override
    public TypeInformation<Event> getProducedType() {
        return TypeInformation.of(Event.class);
    }

    @Override
    public SplitEnumerator<Split, EnumeratorState> createEnumerator(SplitEnumeratorContext<Split> context) {
        int parallelism = context.currentParallelism();
        List<Split> splits = new ArrayList<>(parallelism);
        for (int subtask = 0; subtask < parallelism; subtask++) {
            splits.add(new Split(subtask, parallelism, GeneratorSpec.eventsForSubtask(totalEvents, subtask, parallelism), 0));
        }
        return new Enumerator(context, splits);
    }

    @Override
    public SplitEnumerator<Split, EnumeratorState> restoreEnumerator(SplitEnumeratorContext<Split> context, EnumeratorState checkpoint) {
        return new Enumerator(context, checkpoint.unassigned());
    }

    @Override
    public SimpleVersionedSerializer<Split> getSplitSerializer() {
        return new SplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<EnumeratorState> getEnumeratorCheckpointSerializer() {
        return new EnumeratorStateSerializer();
    }

    @Override
    public SourceReader<Event, Split> createReader(SourceReaderContext readerContext) {
        return new Reader(spec, readerContext);
    }

    /**
     * The events of the generator of {@code subtask} of {@code parallelism}: {@code events} in all, of
     * which the first {@code position} have been emitted. Immutable; a reader's checkpoint holds a
     * copy with the position it had reached.
     */
    public record Split(int subtask, int parallelism, long events, long position) implements SourceSplit {

        public Split {
            if (parallelism < 1 || subtask < 0 || subtask >= parallelism) {
                throw new IllegalArgumentException("subtask " + subtask + " of parallelism " + parallelism);
            }
            if (events < 0 || position < 0 || position > events) {
                throw new IllegalArgumentException("position " + position + " of " + events + " events");
            }
        }

        @Override
        public String splitId() {
            return subtask + "/" + parallelism;
        }

        /** This split with {@code emitted} events emitted. */
        Split at(long emitted) {
            return new Split(subtask, parallelism, events, emitted);
        }
    }

    /** The enumerator's checkpoint: the splits it has not assigned to a reader yet. */
    public record EnumeratorState(List<Split> unassigned) {

        public EnumeratorState {
            unassigned = List.copyOf(unassigned);
        }
    }

    /**
     * Hands each registering reader its split(s) and then the end of its splits. Split {@code i} goes
     * to reader {@code i}; should a restored job run with fewer readers than there are splits, reader
     * {@code r} takes every split {@code i} with {@code i % readers == r}. Readers never ask for
     * splits. Splits that Flink gives back after a reader failed are kept until that reader registers
     * again.
     *
     * <p>Threads: all methods run on the JobManager's source coordinator thread (one thread per
     * source), so there is no synchronization.
     */
    static final class Enumerator implements SplitEnumerator<Split, EnumeratorState> {

        private final SplitEnumeratorContext<Split> context;
        private final List<Split> unassigned;

        Enumerator(SplitEnumeratorContext<Split> context, List<Split> unassigned) {
            this.context = context;
            this.unassigned = new ArrayList<>(unassigned);
        }

        @Override
        public void start() {}

        @Override
        public void handleSplitRequest(int subtaskId, String requesterHostname) {
            // The readers never request splits: each gets its own when it registers.
        }

        @Override
        public void addSplitsBack(List<Split> splits, int subtaskId) {
            unassigned.addAll(splits); // assigned again when the failed reader registers again
        }

        @Override
        public void addReader(int subtaskId) {
            int readers = context.currentParallelism();
            List<Split> splits = new ArrayList<>(1);
            for (Iterator<Split> it = unassigned.iterator(); it.hasNext();) {
                Split split = it.next();
                if (split.subtask() % readers == subtaskId) {
                    splits.add(split);
                    it.remove();
                }
            }
            if (!splits.isEmpty()) {
                context.assignSplits(new SplitsAssignment<>(Map.of(subtaskId, splits)));
            }
            context.signalNoMoreSplits(subtaskId);
        }

        @Override
        public EnumeratorState snapshotState(long checkpointId) {
            return new EnumeratorState(unassigned);
        }

        @Override
        public void close() {}
    }

    /**
     * Emits the events of its splits, one per {@link #pollNext} call, then ends once the enumerator
     * has signalled that no more splits will come. Until a split arrives, {@link #pollNext} returns
     * {@link InputStatus#NOTHING_AVAILABLE} and {@link #isAvailable()} a future that {@link #addSplits}
     * or {@link #notifyNoMoreSplits} completes.
     *
     * <p>Threads: created and called only on its source task's thread (the task's mailbox thread; the
     * enumerator's split assignments and its no-more-splits signal arrive as operator events that this
     * thread processes), so there is no synchronization and no lock.
     */
    static final class Reader implements SourceReader<Event, Split> {

        private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

        private final GeneratorSpec spec;
        private final SourceReaderContext context;
        private final ArrayDeque<Split> splits = new ArrayDeque<>();
        private final LongCounter injected = new LongCounter();

        /** The split being emitted and its generator, or both null. */
        private Split current;
        private EventGenerator generator;
        /** Events of {@link #current} emitted so far. */
        private long position;
        private long end;
        private boolean noMoreSplits;
        private CompletableFuture<Void> available = new CompletableFuture<>();

        Reader(GeneratorSpec spec, SourceReaderContext context) {
            this.spec = spec;
            this.context = context;
        }

        @Override
        public void start() {
            if (context instanceof RichSourceReaderContext rich) {
                rich.getRuntimeContext().addAccumulator(EventSource.INJECTED, injected);
            }
        }

        @Override
        public InputStatus pollNext(ReaderOutput<Event> output) {
            if (generator == null && !nextSplit()) {
                return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
            }
            output.collect(generator.next());
            if (++position < end) {
                return InputStatus.MORE_AVAILABLE;
            }
            finishSplit();
            if (!splits.isEmpty()) {
                return InputStatus.MORE_AVAILABLE;
            }
            return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
        }

        /** Opens the next split that has events left; false if there is none. */
        private boolean nextSplit() {
            while ((current = splits.poll()) != null) {
                generator = new EventGenerator(spec, current.subtask(), current.parallelism());
                end = current.events();
                // A split restored from a checkpoint: regenerate what was emitted before it, and drop it.
                for (position = 0; position < current.position(); position++) {
                    generator.next();
                }
                if (position < end) {
                    return true;
                }
                finishSplit();
            }
            return false;
        }

        private void finishSplit() {
            injected.add(generator.injectedInvalid());
            current = null;
            generator = null;
        }

        @Override
        public List<Split> snapshotState(long checkpointId) {
            List<Split> state = new ArrayList<>(splits.size() + 1);
            if (current != null) {
                state.add(current.at(position));
            }
            state.addAll(splits);
            return state;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            if (generator != null || !splits.isEmpty() || noMoreSplits) {
                return AVAILABLE;
            }
            if (available.isDone()) {
                available = new CompletableFuture<>();
            }
            return available;
        }

        @Override
        public void addSplits(List<Split> newSplits) {
            splits.addAll(newSplits);
            available.complete(null);
        }

        @Override
        public void notifyNoMoreSplits() {
            noMoreSplits = true;
            available.complete(null);
        }

        @Override
        public void close() {}

        /** The invalid transitions injected by the splits this reader has finished. */
        long injectedInvalid() {
            return injected.getLocalValuePrimitive();
        }
    }

    /**
     * Version 1: subtask and parallelism (ints), events and position (longs). Stateless; called on the
     * source task threads and the source coordinator thread.
     */
    static final class SplitSerializer implements SimpleVersionedSerializer<Split> {

        static final int VERSION = 1;
        static final int BYTES = 2 * Integer.BYTES + 2 * Long.BYTES;

        @Override
        public int getVersion() {
            return VERSION;
        }

        @Override
        public byte[] serialize(Split split) {
            ByteBuffer buffer = ByteBuffer.allocate(BYTES);
            write(split, buffer);
            return buffer.array();
        }

        @Override
        public Split deserialize(int version, byte[] serialized) throws IOException {
            checkVersion(version, VERSION, "split");
            if (serialized.length != BYTES) {
                throw new IOException("a serialized split has " + BYTES + " bytes, not " + serialized.length);
            }
            return read(ByteBuffer.wrap(serialized));
        }

        static void write(Split split, ByteBuffer buffer) {
            buffer.putInt(split.subtask()).putInt(split.parallelism()).putLong(split.events()).putLong(split.position());
        }

        static Split read(ByteBuffer buffer) throws IOException {
            try {
                return new Split(buffer.getInt(), buffer.getInt(), buffer.getLong(), buffer.getLong());
            } catch (IllegalArgumentException e) {
                throw new IOException("corrupt split: " + e.getMessage(), e);
            }
        }
    }

    /** Version 1: the number of unassigned splits (int), then each as {@link SplitSerializer} writes it. Stateless. */
    static final class EnumeratorStateSerializer implements SimpleVersionedSerializer<EnumeratorState> {

        static final int VERSION = 1;

        @Override
        public int getVersion() {
            return VERSION;
        }

        @Override
        public byte[] serialize(EnumeratorState state) {
            ByteBuffer buffer = ByteBuffer.allocate(Integer.BYTES + state.unassigned().size() * SplitSerializer.BYTES);
            buffer.putInt(state.unassigned().size());
            for (Split split : state.unassigned()) {
                SplitSerializer.write(split, buffer);
            }
            return buffer.array();
        }

        @Override
        public EnumeratorState deserialize(int version, byte[] serialized) throws IOException {
            checkVersion(version, VERSION, "enumerator checkpoint");
            ByteBuffer buffer = ByteBuffer.wrap(serialized);
            int count = serialized.length >= Integer.BYTES ? buffer.getInt() : -1;
            if (count < 0 || serialized.length != Integer.BYTES + (long) count * SplitSerializer.BYTES) {
                throw new IOException("corrupt enumerator checkpoint of " + serialized.length + " bytes");
            }
            List<Split> splits = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                splits.add(SplitSerializer.read(buffer));
            }
            return new EnumeratorState(splits);
        }
    }

    private static void checkVersion(int version, int expected, String what) throws IOException {
        if (version != expected) {
            throw new IOException("unknown version " + version + " of a serialized " + what + " (expected " + expected + ")");
        }
    }
}
