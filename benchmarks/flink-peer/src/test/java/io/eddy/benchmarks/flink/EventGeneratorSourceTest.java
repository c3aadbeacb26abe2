package io.eddy.benchmarks.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.benchmarks.flink.EventGeneratorSource.EnumeratorState;
import io.eddy.benchmarks.flink.EventGeneratorSource.Split;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

/** The FLIP-27 event source's enumerator, reader and serializers, without a cluster. */
class EventGeneratorSourceTest {

    private static final GeneratorSpec SPEC = GeneratorSpec.DEFAULT;

    @Test
    void enumeratorGivesEachRegisteringReaderItsOwnSplitAndThenNoMore() throws Exception {
        FakeEnumeratorContext context = new FakeEnumeratorContext(3);
        SplitEnumerator<Split, EnumeratorState> enumerator = new EventGeneratorSource(SPEC, 10).createEnumerator(context);
        enumerator.start();
        assertThat(enumerator.snapshotState(1).unassigned()).hasSize(3);

        enumerator.addReader(2);
        enumerator.addReader(0);

        assertThat(context.assigned).containsOnlyKeys(2, 0);
        assertThat(context.assigned.get(2)).containsExactly(new Split(2, 3, 3, 0));
        assertThat(context.assigned.get(0)).containsExactly(new Split(0, 3, 4, 0));
        assertThat(context.noMoreSplits).containsExactly(2, 0);
        assertThat(enumerator.snapshotState(2).unassigned()).containsExactly(new Split(1, 3, 3, 0));

        enumerator.addSplitsBack(List.of(new Split(0, 3, 4, 1)), 0);
        enumerator.addReader(0);
        assertThat(context.assigned.get(0)).containsExactly(new Split(0, 3, 4, 0), new Split(0, 3, 4, 1));
        assertThat(context.noMoreSplits).containsExactly(2, 0, 0);
    }

    @Test
    void readerWaitsForItsSplitEmitsTheGeneratorsEventsOneAPollAndEndsAfterNoMoreSplits() throws Exception {
        SourceReader<Event, Split> reader = new EventGeneratorSource(SPEC, 11).createReader(new PlainReaderContext());
        reader.start();
        CollectingOutput output = new CollectingOutput();

        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        CompletableFuture<Void> available = reader.isAvailable();
        assertThat(available).isNotDone();

        reader.addSplits(List.of(new Split(1, 2, 5, 0)));
        assertThat(available).isDone();
        List<InputStatus> statuses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            statuses.add(reader.pollNext(output));
        }
        assertThat(statuses).containsExactly(InputStatus.MORE_AVAILABLE, InputStatus.MORE_AVAILABLE, InputStatus.MORE_AVAILABLE,
                InputStatus.MORE_AVAILABLE, InputStatus.NOTHING_AVAILABLE);
        assertThat(output.events).isEqualTo(generate(1, 2, 5));
        available = reader.isAvailable();
        assertThat(available).isNotDone();

        reader.notifyNoMoreSplits();
        assertThat(available).isDone();
        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(output.events).hasSize(5);
    }

    @Test
    void readerEndsWithItsLastEventWhenNoMoreSplitsCameFirstAndCountsTheInjectedTransitions() throws Exception {
        GeneratorSpec spec = SPEC.withInvalidProbability(0.2);
        EventGeneratorSource.Reader reader = (EventGeneratorSource.Reader) new EventGeneratorSource(spec, 0).createReader(new PlainReaderContext());
        reader.start();
        reader.addSplits(List.of(new Split(0, 1, 0, 0), new Split(0, 2, 100, 0)));
        reader.notifyNoMoreSplits();
        CollectingOutput output = new CollectingOutput();
        InputStatus status;
        int polls = 0;
        do {
            status = reader.pollNext(output);
            polls++;
        } while (status == InputStatus.MORE_AVAILABLE);

        assertThat(status).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(polls).isEqualTo(100);
        EventGenerator expected = new EventGenerator(spec, 0, 2);
        for (int i = 0; i < 100; i++) {
            assertThat(output.events.get(i)).isEqualTo(expected.next());
        }
        assertThat(expected.injectedInvalid()).isPositive();
        assertThat(reader.injectedInvalid()).isEqualTo(expected.injectedInvalid());
    }

    @Test
    void aReaderRestoredFromItsSnapshotGoesOnWhereItWas() throws Exception {
        SourceReader<Event, Split> first = new EventGeneratorSource(SPEC, 0).createReader(new PlainReaderContext());
        first.start();
        first.addSplits(List.of(new Split(0, 2, 7, 0), new Split(1, 2, 6, 0)));
        CollectingOutput output = new CollectingOutput();
        for (int i = 0; i < 3; i++) {
            first.pollNext(output);
        }
        List<Split> snapshot = first.snapshotState(1);
        assertThat(snapshot).containsExactly(new Split(0, 2, 7, 3), new Split(1, 2, 6, 0));

        SourceReader<Event, Split> restored = new EventGeneratorSource(SPEC, 0).createReader(new PlainReaderContext());
        restored.start();
        restored.addSplits(snapshot);
        restored.notifyNoMoreSplits();
        while (restored.pollNext(output) == InputStatus.MORE_AVAILABLE) {
            // drain
        }
        List<Event> expected = new ArrayList<>(generate(0, 2, 7));
        expected.addAll(generate(1, 2, 6));
        assertThat(output.events).isEqualTo(expected);
    }

    @Test
    void serializersRoundTrip() throws IOException {
        EventGeneratorSource source = new EventGeneratorSource(SPEC, 10);
        Split split = new Split(3, 4, 1_000_000_007L, 12_345L);
        var splits = source.getSplitSerializer();
        assertThat(splits.deserialize(splits.getVersion(), splits.serialize(split))).isEqualTo(split);
        assertThat(split.splitId()).isEqualTo("3/4");

        var states = source.getEnumeratorCheckpointSerializer();
        EnumeratorState state = new EnumeratorState(List.of(split, new Split(0, 4, 0, 0)));
        assertThat(states.deserialize(states.getVersion(), states.serialize(state))).isEqualTo(state);
        EnumeratorState empty = new EnumeratorState(List.of());
        assertThat(states.deserialize(states.getVersion(), states.serialize(empty))).isEqualTo(empty);

        assertThatThrownBy(() -> splits.deserialize(splits.getVersion() + 1, splits.serialize(split))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> states.deserialize(states.getVersion(), new byte[] {0, 0, 0, 2})).isInstanceOf(IOException.class);
    }

    private static List<Event> generate(int subtask, int parallelism, int events) {
        EventGenerator generator = new EventGenerator(SPEC, subtask, parallelism);
        List<Event> list = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            list.add(generator.next());
        }
        return list;
    }

    /** Collects the events a reader emits. */
    private static final class CollectingOutput implements ReaderOutput<Event> {
        final List<Event> events = new ArrayList<>();

        @Override
        public void collect(Event record) {
            events.add(record);
        }

        @Override
        public void collect(Event record, long timestamp) {
            events.add(record);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}

        @Override
        public SourceOutput<Event> createOutputForSplit(String splitId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void releaseOutputForSplit(String splitId) {}
    }

    /** A reader context that is not a Flink task's: no runtime context, no accumulators. */
    private static final class PlainReaderContext implements SourceReaderContext {
        @Override
        public SourceReaderMetricGroup metricGroup() {
            return null;
        }

        @Override
        public Configuration getConfiguration() {
            return new Configuration();
        }

        @Override
        public String getLocalHostName() {
            return "localhost";
        }

        @Override
        public int getIndexOfSubtask() {
            return 0;
        }

        @Override
        public void sendSplitRequest() {
            throw new AssertionError("the reader should not request splits");
        }

        @Override
        public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {
            throw new AssertionError("the reader should not send events");
        }

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return null;
        }
    }

    /** Records what the enumerator assigns and signals. */
    private static final class FakeEnumeratorContext implements SplitEnumeratorContext<Split> {
        private final int parallelism;
        final Map<Integer, List<Split>> assigned = new HashMap<>();
        final List<Integer> noMoreSplits = new ArrayList<>();

        FakeEnumeratorContext(int parallelism) {
            this.parallelism = parallelism;
        }

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return null;
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int currentParallelism() {
            return parallelism;
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return Map.of();
        }

        @Override
        public void assignSplits(SplitsAssignment<Split> newSplitAssignments) {
            newSplitAssignments.assignment().forEach((reader, splits) -> assigned.computeIfAbsent(reader, r -> new ArrayList<>()).addAll(splits));
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            noMoreSplits.add(subtask);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelay, long period) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            runnable.run();
        }
    }
}
