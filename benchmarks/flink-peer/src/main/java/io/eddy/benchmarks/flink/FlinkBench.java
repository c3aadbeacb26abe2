package io.eddy.benchmarks.flink;

import io.eddy.examples.statemachine.model.Alert;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The Flink peer of Eddy's state machine benchmark: the same generator, key and detector on Flink
 * 2.3.0, on a MiniCluster shaped like Eddy's embedded cluster or with one TaskManager per subtask.
 * Prints one {@code RESULT} line; exits with 1 if the alerts differ from the injected invalid
 * transitions. Run by {@code scripts/bench} in a JVM of its own.
 *
 * <p>The events come from Flink's FLIP-27 source API ({@link EventGeneratorSource}, a reader polled
 * on the task thread; {@code --source reader}, the default) or from its legacy source API ({@link
 * EventSource}, a source thread emitting under the checkpoint lock; {@code --source legacy}). Both
 * generate the very same events.
 */
@Command(name = "flink-bench", mixinStandardHelpOptions = true, description = "Runs the state machine job on Apache Flink and prints a RESULT line.")
public final class FlinkBench implements Callable<Integer> {

    @Option(names = "--events", description = "Events in total (default: ${DEFAULT-VALUE}).", defaultValue = "50000000")
    long events;

    @Option(names = "--parallelism", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).", defaultValue = "2")
    int parallelism;

    @Option(names = "--cluster", description = "EMBEDDED (one TaskManager) or NETWORK (one TaskManager per subtask; default: ${DEFAULT-VALUE}).",
            defaultValue = "EMBEDDED")
    FlinkMiniClusters.Shape shape;

    @Option(names = "--name", description = "The benchmark name in the RESULT line (default: statemachine-<cluster>).")
    String name;

    @Option(names = "--jobs", description = "Jobs run one after another on the one cluster, a RESULT line each (default: ${DEFAULT-VALUE}).",
            defaultValue = "1")
    int jobs;

    @Option(names = "--checkpoint-interval", description = "Milliseconds between checkpoints (to a temporary directory); 0: none "
            + "(default: ${DEFAULT-VALUE}).", defaultValue = "0")
    long checkpointInterval;

    @Option(names = "--source", description = "The source API: READER (FLIP-27 source reader, polled on the task thread) or LEGACY "
            + "(legacy source function on a source thread; default: ${DEFAULT-VALUE}).", defaultValue = "READER")
    SourceApi source;

    /** Which of Flink's source APIs produces the events. */
    enum SourceApi {
        /** {@link EventGeneratorSource}: the FLIP-27 {@code Source}, its reader polled on the task thread. */
        READER,
        /** {@link EventSource}: the legacy {@code SourceFunction}, emitting from its own thread under the checkpoint lock. */
        LEGACY;

        /** The name in the RESULT line. */
        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkBench()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }

    /** What one run of the job found. */
    record Outcome(long events, long alerts, long injected, long netRuntimeMillis, long checkpoints, long cpuNanos) {

        double seconds() {
            return netRuntimeMillis / 1000.0;
        }

        double rate() {
            return events / Math.max(0.001, seconds());
        }

        /** The CPU time of this JVM (all threads) per event over the job's run. */
        double cpuNanosPerEvent() {
            return (double) cpuNanos / Math.max(1, events);
        }
    }

    @Override
    public Integer call() throws Exception {
        String benchmark = name != null ? name : "statemachine-" + shape.name().toLowerCase(Locale.ROOT);
        List<Outcome> outcomes = run(events, parallelism, shape, benchmark, checkpointInterval, jobs, source);
        int code = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            Outcome o = outcomes.get(i);
            System.out.printf(Locale.ROOT, "RESULT name=%s system=flink rate=%.0f events=%d parallelism=%d seconds=%.2f alerts=%d injected=%d"
                    + " checkpoint-interval=%d checkpoints=%d cpu_ns_per_event=%.1f source=%s job=%d%n", benchmark, o.rate(), events, parallelism,
                    o.seconds(), o.alerts(), o.injected(), checkpointInterval, o.checkpoints(), o.cpuNanosPerEvent(), source.label(), i + 1);
            if (o.alerts() != o.injected()) {
                System.err.printf("flink-bench: job %d: %d alerts but %d injected invalid transitions: the job lost or invented events%n",
                        i + 1, o.alerts(), o.injected());
                code = 1;
            }
        }
        return code;
    }

    /** Builds the job (source, keyBy(address), detector, counting sink) and runs it once on a cluster of {@code shape}. */
    static Outcome run(long events, int parallelism, FlinkMiniClusters.Shape shape, String jobName, long checkpointInterval, SourceApi source)
            throws Exception {
        return run(events, parallelism, shape, jobName, checkpointInterval, 1, source).get(0);
    }

    /** Builds the job with the events from {@code source} and runs it {@code jobs} times, one after another, on one cluster of {@code shape}. */
    static List<Outcome> run(long events, int parallelism, FlinkMiniClusters.Shape shape, String jobName, long checkpointInterval, int jobs,
            SourceApi source) throws Exception {
        Configuration configuration = new Configuration();
        Path checkpoints = null;
        if (checkpointInterval > 0) {
            checkpoints = Files.createTempDirectory("flink-bench-checkpoints");
            configuration.set(ConfigOptions.key("execution.checkpointing.storage").stringType().noDefaultValue(), "filesystem");
            configuration.set(ConfigOptions.key("execution.checkpointing.dir").stringType().noDefaultValue(), checkpoints.toUri().toString());
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        env.setParallelism(parallelism);
        if (checkpointInterval > 0) {
            env.enableCheckpointing(checkpointInterval);
        }
        DataStream<Event> generated = switch (source) {
            case READER -> env.fromSource(new EventGeneratorSource(GeneratorSpec.DEFAULT, events), WatermarkStrategy.noWatermarks(),
                    "event generator");
            case LEGACY -> env.addSource(new EventSource(GeneratorSpec.DEFAULT, events), "event generator").returns(Event.class);
        };
        generated.keyBy(Event::sourceAddress)
                .process(new StateMachineFunction())
                .returns(Alert.class)
                .name("state machine")
                .addSink(new AlertCountingSink())
                .name("alert counter");
        try {
            List<Outcome> outcomes = new ArrayList<>(jobs);
            for (FlinkMiniClusters.Executed executed : FlinkMiniClusters.runMeasured(env, shape, jobName, jobs)) {
                JobExecutionResult result = executed.result();
                outcomes.add(new Outcome(events, longValue(result.getAccumulatorResult(AlertCountingSink.ALERTS)),
                        longValue(result.getAccumulatorResult(EventSource.INJECTED)), result.getNetRuntime(),
                        longValue(result.getAccumulatorResult(AlertCountingSink.CHECKPOINTS)), executed.cpuNanos()));
            }
            return outcomes;
        } finally {
            if (checkpoints != null) {
                deleteRecursively(checkpoints);
            }
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static long longValue(Object accumulator) {
        return accumulator == null ? 0 : ((Number) accumulator).longValue();
    }
}
