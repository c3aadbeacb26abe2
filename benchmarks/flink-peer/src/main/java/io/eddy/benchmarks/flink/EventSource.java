package io.eddy.benchmarks.flink;

import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.streaming.api.functions.source.legacy.RichParallelSourceFunction;

/**
 * Flink's side of the state machine source: each parallel instance runs the shared {@link
 * EventGenerator} for its subtask and emits its share of the events, then reports how many invalid
 * transitions it injected in the accumulator {@value #INJECTED}. Mirrors Eddy's source exactly.
 *
 * <p>Threads: {@link #run} runs on Flink's legacy source thread; {@link #cancel} on another, hence
 * the volatile flag.
 */
public final class EventSource extends RichParallelSourceFunction<Event> {

    private static final long serialVersionUID = 1L;

    /** The accumulator with the number of injected invalid transitions. */
    public static final String INJECTED = "injected-invalid";

    private final GeneratorSpec spec;
    private final long totalEvents;

    private transient LongCounter injected;
    private volatile boolean running = true;

    public EventSource(GeneratorSpec spec, long totalEvents) {
        this.spec = spec;
        this.totalEvents = totalEvents;
    }

    @Override
    public void open(OpenContext openContext) {
        injected = new LongCounter();
        getRuntimeContext().addAccumulator(INJECTED, injected);
    }

    @Override
    public void run(SourceContext<Event> ctx) {
        RuntimeContext context = getRuntimeContext();
        int subtask = context.getTaskInfo().getIndexOfThisSubtask();
        int parallelism = context.getTaskInfo().getNumberOfParallelSubtasks();
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
