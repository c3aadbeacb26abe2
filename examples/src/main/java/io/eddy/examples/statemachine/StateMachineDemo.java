package io.eddy.examples.statemachine;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.statemachine.model.Alert;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import java.io.PrintStream;
import java.io.Serializable;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The intrusion-detection demo: a parallel generator of events from many source addresses, each
 * following a small state machine ({@link io.eddy.examples.statemachine.model.State}), with now and
 * then an invalid transition injected; the stream is keyed by address and a {@link
 * StateMachineMapper} raises an alert for every invalid transition. At the end the demo prints the
 * number of events, of alerts and of injected invalid transitions (they must match) and the
 * throughput. {@code scripts/eddy demo} runs it.
 *
 * <pre>
 *   EventSource (P) --keyBy(address)--> StateMachineMapper (P) --> AlertSink (P)
 * </pre>
 */
@Command(name = "state-machine-demo", mixinStandardHelpOptions = true,
        description = "Detects invalid state transitions in a generated stream of events.")
public final class StateMachineDemo implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--events", paramLabel = "N", defaultValue = "5000000", description = "Events in total (default: ${DEFAULT-VALUE}).")
    long events;

    @Option(names = "--parallelism", paramLabel = "P", defaultValue = "2", description = "Parallel subtasks of each operator (default: ${DEFAULT-VALUE}).")
    int parallelism;

    @Option(names = "--invalid-probability", paramLabel = "X", defaultValue = "0.0002",
            description = "Probability that an event is an injected invalid transition (default: ${DEFAULT-VALUE}).")
    double invalidProbability;

    @Option(names = "--show", paramLabel = "N", defaultValue = "5", description = "Alerts to print per parallel sink (default: ${DEFAULT-VALUE}).")
    int show;

    @Option(names = "--quiet", description = "Print no alerts, only the summary.")
    boolean quiet;

    /**
     * The outcome of one run of the job.
     *
     * @param accumulators all accumulators of the job's result (also the master's {@code
     *     checkpoints.*} figures when checkpointing was on)
     */
    public record Summary(long events, long alerts, long injected, long netRuntimeMillis, Map<String, Serializable> accumulators) {

        public Summary {
            accumulators = Map.copyOf(accumulators);
        }

        public Summary(long events, long alerts, long injected, long netRuntimeMillis) {
            this(events, alerts, injected, netRuntimeMillis, Map.of());
        }

        /** Whether every injected invalid transition raised exactly one alert. */
        public boolean matches() {
            return alerts == injected;
        }

        /** Events per second over the job's net runtime. */
        public double eventsPerSecond() {
            return events * 1000.0 / Math.max(1, netRuntimeMillis);
        }
    }

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new StateMachineDemo(), args);
    }

    @Override
    public Integer call() throws Exception {
        if (parallelism < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--parallelism: " + parallelism + " (expected 1 or more)");
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        GeneratorSpec spec = GeneratorSpec.DEFAULT.withInvalidProbability(invalidProbability);
        Summary summary = run(env, spec, events, new AlertSink(quiet ? 0 : show));
        print(summary, parallelism, System.out);
        return summary.matches() ? 0 : 1;
    }

    /**
     * Builds the job on {@code env} (source → keyBy(address) → detector → {@code sink}), runs it and
     * reads the accumulators. The sink must count alerts in {@link AlertSink#ALERTS}.
     */
    public static Summary run(StreamExecutionEnvironment env, GeneratorSpec spec, long events, SinkFunction<Alert> sink) throws Exception {
        return run(env, spec, events, sink, SourceKind.READER);
    }

    /** The two sources of the same events: read on the task thread ({@link EventGeneratorSource}) or a {@code SourceFunction} on a thread of its own ({@link EventSource}). */
    public enum SourceKind { READER, LEGACY }

    /** As {@link #run(StreamExecutionEnvironment, GeneratorSpec, long, SinkFunction)}, with the events from a source of {@code kind}. */
    public static Summary run(StreamExecutionEnvironment env, GeneratorSpec spec, long events, SinkFunction<Alert> sink, SourceKind kind)
            throws Exception {
        DataStream<Event> source = kind == SourceKind.READER
                ? env.fromSource(new EventGeneratorSource(spec, events), "event generator")
                : env.addSource(new EventSource(spec, events), "event generator");
        source.keyBy(Event::sourceAddress)
                .process(new StateMachineMapper())
                .name("state machine")
                .addSink(sink)
                .name("alerts");
        JobExecutionResult result = env.execute("State machine demo (" + events + " events)");
        return new Summary(events, longAccumulator(result, AlertSink.ALERTS), longAccumulator(result, EventSource.INJECTED), result.getNetRuntime(),
                result.getAllAccumulatorResults());
    }

    /** Prints the summary lines of a run. */
    public static void print(Summary s, int parallelism, PrintStream out) {
        out.printf(Locale.ROOT, "events:                        %,d (parallelism %d)%n", s.events(), parallelism);
        out.printf(Locale.ROOT, "alerts:                        %,d%n", s.alerts());
        out.printf(Locale.ROOT, "injected invalid transitions:  %,d%n", s.injected());
        out.println(s.matches()
                ? "check: OK, every injected invalid transition raised exactly one alert"
                : "check: FAILED, " + s.alerts() + " alerts for " + s.injected() + " injected invalid transitions");
        out.printf(Locale.ROOT, "throughput:                    %,.0f events/s (net runtime %,d ms)%n", s.eventsPerSecond(), s.netRuntimeMillis());
    }

    private static long longAccumulator(JobExecutionResult result, String name) {
        Object value = result.getAccumulatorResult(name);
        if (value == null) {
            return 0;
        }
        if (value instanceof Number n) {
            return n.longValue();
        }
        throw new IllegalStateException("Bug: the accumulator '" + name + "' holds a " + value.getClass().getName() + ", not a number");
    }
}
