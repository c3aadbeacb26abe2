package io.eddy.examples.statemachine;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.connector.source.InputStatus;
import io.eddy.api.connector.source.ReaderOutput;
import io.eddy.api.connector.source.Source;
import io.eddy.api.connector.source.SourceReader;
import io.eddy.api.connector.source.SourceReaderContext;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The state machine events as a {@link Source} read on the task thread: one split per subtask at
 * the job's parallelism, split {@code i} being the {@link EventGenerator} of subtask {@code i}
 * with its share of {@code totalEvents}, so the events are those of {@link EventSource}. The reader
 * emits one event per {@code pollNext} and, when a split is done, adds the invalid transitions it
 * injected to the accumulator {@value EventSource#INJECTED}.
 *
 * <p>A split's state is how many of its events were emitted; a restore regenerates the split's
 * events from its seed and skips those, so with checkpoints the events are emitted exactly once.
 *
 * <p>Threads: the reader runs on the task thread only.
 */
public final class EventGeneratorSource implements Source<Event, EventGeneratorSource.Split> {

    private static final long serialVersionUID = 1L;

    /** The events of {@code subtask} of {@code parallelism}: {@code count} in all, {@code emitted} of them emitted. */
    public record Split(int subtask, int parallelism, long count, long emitted) {}

    private final GeneratorSpec spec;
    private final long totalEvents;

    /**
     * @param spec what to generate
     * @param totalEvents the events of all splits together, 0 or more
     */
    public EventGeneratorSource(GeneratorSpec spec, long totalEvents) {
        if (totalEvents < 0) {
            throw new IllegalArgumentException("totalEvents: " + totalEvents + " (expected 0 or more)");
        }
        this.spec = spec;
        this.totalEvents = totalEvents;
    }

    @Override
    public List<Split> createSplits(int parallelism) {
        List<Split> splits = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            splits.add(new Split(i, parallelism, GeneratorSpec.eventsForSubtask(totalEvents, i, parallelism), 0));
        }
        return splits;
    }

    @Override
    public SourceReader<Event, Split> createReader(SourceReaderContext context) {
        return new Reader(spec, context.getRuntimeContext().getLongCounter(EventSource.INJECTED));
    }

    @Override
    public TypeInfo<Split> getSplitType() {
        return TypeInfo.of(Split.class);
    }

    private static final class Reader implements SourceReader<Event, Split> {
        private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

        private final GeneratorSpec spec;
        private final LongCounter injected;
        private final ArrayDeque<Split> pending = new ArrayDeque<>();
        /** The split being emitted, its generator, and the events of it emitted so far; split null when none. */
        private Split split;
        private EventGenerator generator;
        private long emitted;

        Reader(GeneratorSpec spec, LongCounter injected) {
            this.spec = spec;
            this.injected = injected;
        }

        @Override
        public void addSplits(List<Split> splits) {
            pending.addAll(splits);
        }

        @Override
        public InputStatus pollNext(ReaderOutput<Event> output) {
            if (split == null && !startNext()) {
                return InputStatus.END_OF_INPUT;
            }
            output.collect(generator.next());
            if (++emitted == split.count()) {
                injected.add(generator.injectedInvalid());
                split = null;
                generator = null;
            }
            return InputStatus.MORE_AVAILABLE;
        }

        /** Starts the next split that has events left, skipping the events a restored split had emitted. */
        private boolean startNext() {
            Split next;
            while ((next = pending.poll()) != null) {
                if (next.emitted() < next.count()) {
                    split = next;
                    generator = new EventGenerator(spec, next.subtask(), next.parallelism());
                    for (emitted = 0; emitted < next.emitted(); emitted++) {
                        generator.next();
                    }
                    return true;
                }
            }
            return false;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return AVAILABLE;
        }

        @Override
        public List<Split> snapshotState(long checkpointId) {
            List<Split> unfinished = new ArrayList<>(pending.size() + 1);
            if (split != null) {
                unfinished.add(new Split(split.subtask(), split.parallelism(), split.count(), emitted));
            }
            unfinished.addAll(pending);
            return unfinished;
        }
    }
}
