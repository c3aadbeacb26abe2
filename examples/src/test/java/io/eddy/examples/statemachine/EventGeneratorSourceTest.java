package io.eddy.examples.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.connector.source.InputStatus;
import io.eddy.api.connector.source.SourceReader;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.streaming.api.testutils.CollectingReaderOutput;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link EventGeneratorSource} without a cluster: the events of its splits, its injected count, and a restore from a snapshot. */
class EventGeneratorSourceTest {

    private static final GeneratorSpec SPEC = GeneratorSpec.DEFAULT.withInvalidProbability(0.01);
    private static final long TOTAL = 10_001;

    @Test
    void splitIOfNHoldsTheEventsOfSubtaskIsGenerator() throws Exception {
        EventGeneratorSource source = new EventGeneratorSource(SPEC, TOTAL);
        List<EventGeneratorSource.Split> splits = source.createSplits(2);
        assertThat(splits).containsExactly(new EventGeneratorSource.Split(0, 2, 5_001, 0), new EventGeneratorSource.Split(1, 2, 5_000, 0));

        TestRuntimeContext rc = new TestRuntimeContext(1, 2);
        SourceReader<Event, EventGeneratorSource.Split> reader = source.createReader(() -> rc);
        reader.addSplits(List.of(splits.get(1)));
        CollectingReaderOutput<Event> out = new CollectingReaderOutput<>();

        assertThat(out.drain(reader, Integer.MAX_VALUE)).isEqualTo(InputStatus.END_OF_INPUT);
        EventGenerator expected = new EventGenerator(SPEC, 1, 2);
        assertThat(out.records).hasSize(5_000).containsExactlyElementsOf(generate(expected, 5_000));
        assertThat(expected.injectedInvalid()).as("the generator injects some").isPositive();
        assertThat(rc.getLongCounter(EventSource.INJECTED).getLocalValue()).isEqualTo(expected.injectedInvalid());
    }

    @Test
    void aRestoredSplitGoesOnWithTheEventsAfterItsPosition() throws Exception {
        EventGeneratorSource source = new EventGeneratorSource(SPEC, TOTAL);
        SourceReader<Event, EventGeneratorSource.Split> first = source.createReader(() -> new TestRuntimeContext(0, 2));
        first.addSplits(List.of(source.createSplits(2).get(0)));
        CollectingReaderOutput<Event> before = new CollectingReaderOutput<>();
        before.drain(first, 777);

        List<EventGeneratorSource.Split> state = first.snapshotState(1);
        assertThat(state).containsExactly(new EventGeneratorSource.Split(0, 2, 5_001, 777));

        TestRuntimeContext rc = new TestRuntimeContext(0, 3);
        SourceReader<Event, EventGeneratorSource.Split> restored = source.createReader(() -> rc);
        restored.addSplits(state);
        CollectingReaderOutput<Event> after = new CollectingReaderOutput<>();
        assertThat(after.drain(restored, Integer.MAX_VALUE)).isEqualTo(InputStatus.END_OF_INPUT);

        EventGenerator expected = new EventGenerator(SPEC, 0, 2);
        List<Event> all = generate(expected, 5_001);
        assertThat(before.records).containsExactlyElementsOf(all.subList(0, 777));
        assertThat(after.records).containsExactlyElementsOf(all.subList(777, 5_001));
        assertThat(restored.snapshotState(2)).as("nothing left").isEmpty();
    }

    private static List<Event> generate(EventGenerator generator, int n) {
        List<Event> events = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            events.add(generator.next());
        }
        return events;
    }
}
