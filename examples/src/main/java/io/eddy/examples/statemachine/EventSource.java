package io.eddy.examples.statemachine;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;

/**
 * A parallel source of state machine events: each parallel instance runs an {@link
 * EventGenerator} for its subtask and emits its share of {@code totalEvents}, then adds the number
 * of invalid transitions it injected to the accumulator {@value #INJECTED}.
 *
 * <p>Threads: {@link #run} runs on the task thread; {@link #cancel} on another, hence the volatile flag.
 */
public final class EventSource extends RichParallelSourceFunction<Event> {

    private static final long serialVersionUID = 1L;

    /** The accumulator with the number of injected invalid transitions. */
    public static final String INJECTED = "injected-invalid";

    private final GeneratorSpec spec;
    private final long totalEvents;

    private volatile boolean running = true;

    /**
     * @param spec what to generate
     * @param totalEvents the events of all parallel instances together, 0 or more
     */
    public EventSource(GeneratorSpec spec, long totalEvents) {
        if (totalEvents < 0) {
            throw new IllegalArgumentException("totalEvents: " + totalEvents + " (expected 0 or more)");
        }
        this.spec = spec;
        this.totalEvents = totalEvents;
    }

    @Override
    public void run(SourceContext<Event> ctx) {
        int subtask = getRuntimeContext().getIndexOfThisSubtask();
        int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
        LongCounter injected = getRuntimeContext().getLongCounter(INJECTED);
        EventGenerator generator = new EventGenerator(spec, subtask, parallelism);
        long count = GeneratorSpec.eventsForSubtask(totalEvents, subtask, parallelism);
        for (long i = 0; i < count && running; i++) {
            ctx.collect(generator.next());
        }
        injected.add(generator.injectedInvalid());
    }

    @Override
    public void cancel() {
        running = false;
    }
}
