package io.eddy.benchmarks;

import io.eddy.benchmarks.data.WindowedCountEvents;
import io.eddy.examples.statemachine.AlertSink;
import io.eddy.examples.statemachine.StateMachineDemo;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Eddy's side of the benchmarks run by {@code scripts/bench}. Each command runs one measurement in
 * this JVM and prints one {@code RESULT} line. Where the job runs (embedded, or a cluster of worker
 * processes) is chosen by the {@code eddy.*} system properties, as for any Eddy program.
 */
@Command(name = "eddy-bench", mixinStandardHelpOptions = true, description = "Eddy's benchmarks; each prints RESULT lines.",
        subcommands = {EddyBench.StateMachine.class, EddyBench.Ceiling.class, EddyBench.KeyedState.class, EddyBench.Latency.class,
                EddyBench.WindowedCount.class, EddyBench.Chain.class})
public final class EddyBench implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line of the benchmarks (enum values such as {@code --source reader} in any case). */
    static CommandLine commandLine() {
        return new CommandLine(new EddyBench()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: choose statemachine, ceiling, keyed-state, latency, windowed-count or chain");
    }

    /** The state machine job on Eddy; exits with 1 if the alerts differ from the injected invalid transitions. */
    @Command(name = "statemachine", mixinStandardHelpOptions = true, description = "The state machine job on Eddy.")
    static final class StateMachine implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--events", defaultValue = "50000000", description = "Events in total (default: ${DEFAULT-VALUE}).")
        long events;

        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--name", defaultValue = "statemachine-embedded", description = "The name in the RESULT line (default: ${DEFAULT-VALUE}).")
        String name;

        @Option(names = "--checkpoint-interval", defaultValue = "0",
                description = "Milliseconds between checkpoints (to a temporary directory); 0: none (default: ${DEFAULT-VALUE}).")
        long checkpointInterval;

        @Option(names = "--jobs", defaultValue = "1",
                description = "Jobs run one after another in this JVM, a RESULT line each with job=N (default: ${DEFAULT-VALUE}).")
        int jobs;

        @Option(names = "--source", defaultValue = "reader",
                description = "reader (a Source read on the task thread) or legacy (a SourceFunction on a thread of its own; default: ${DEFAULT-VALUE}).")
        StateMachineDemo.SourceKind source;

        @Override
        public Integer call() throws Exception {
            if (jobs < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--jobs: " + jobs + " (expected: at least 1)");
            }
            int code = 0;
            for (int job = 1; job <= jobs; job++) {
                code = Math.max(code, runOnce(job));
            }
            return code;
        }

        private int runOnce(int job) throws Exception {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(parallelism);
            Path checkpoints = null;
            if (checkpointInterval > 0) {
                checkpoints = Files.createTempDirectory("eddy-bench-checkpoints");
                env.enableCheckpointing(checkpointInterval);
                env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString());
            }
            StateMachineDemo.Summary s;
            CpuTime cpu = CpuTime.ofRun();
            long cpuBefore = cpu.nanos();
            long cpuNanos;
            try {
                s = StateMachineDemo.run(env, GeneratorSpec.DEFAULT, events, new AlertSink(0), source);
                cpuNanos = cpu.nanos() - cpuBefore;
            } finally {
                if (checkpoints != null) {
                    deleteRecursively(checkpoints);
                }
            }
            double seconds = s.netRuntimeMillis() / 1000.0;
            System.out.printf(Locale.ROOT, "RESULT name=%s system=eddy rate=%.0f events=%d parallelism=%d seconds=%.2f alerts=%d injected=%d%s"
                    + " cpu_ns_per_event=%.1f cpu_processes=%d source=%s job=%d%n", name, s.eventsPerSecond(), events, parallelism, seconds, s.alerts(),
                    s.injected(), checkpointInterval > 0 ? checkpointFigures(s.accumulators(), s.netRuntimeMillis()) : "", (double) cpuNanos / events,
                    cpu.processes(), source.name().toLowerCase(Locale.ROOT), job);
            if (!s.matches()) {
                System.err.printf("eddy-bench: %d alerts but %d injected invalid transitions: the job lost or invented events%n", s.alerts(), s.injected());
                return 1;
            }
            return 0;
        }
    }

    /**
     * The coordinator's checkpoint figures as RESULT fields (docs/checkpointing.md, "Checkpoint
     * figures"), and what checkpoints cost the task threads: {@code checkpoint_sync_share}, the
     * tasks' synchronous parts and alignments summed, as a share of the job's task time (net runtime
     * times the number of tasks); the asynchronous parts, which run on other threads, as a total.
     */
    static String checkpointFigures(Map<String, ?> accumulators, long netRuntimeMillis) {
        long syncMicros = (Long) accumulators.get("checkpoints.sync-total-us");
        long alignmentMicros = (Long) accumulators.get("checkpoints.alignment-total-us");
        long tasks = (Long) accumulators.get("checkpoints.tasks");
        return String.format(Locale.ROOT, " checkpoints=%s checkpoint_p50_ms=%s checkpoint_p99_ms=%s checkpoint_max_size_bytes=%s"
                        + " checkpoint_sync_share=%s checkpoint_sync_total_ms=%.1f checkpoint_alignment_total_ms=%.1f"
                        + " checkpoint_async_total_ms=%.1f checkpoint_tasks=%d",
                accumulators.get("checkpoints.completed"), accumulators.get("checkpoints.duration-p50-ms"),
                accumulators.get("checkpoints.duration-p99-ms"), accumulators.get("checkpoints.max-size-bytes"),
                syncShare(syncMicros + alignmentMicros, netRuntimeMillis, tasks), syncMicros / 1e3, alignmentMicros / 1e3,
                (Long) accumulators.get("checkpoints.async-total-us") / 1e3, tasks);
    }

    /** {@code taskMicros} as a percentage of {@code tasks} times the net runtime, or "none" without a completed checkpoint. */
    static String syncShare(long taskMicros, long netRuntimeMillis, long tasks) {
        if (tasks == 0 || netRuntimeMillis <= 0) {
            return "none";
        }
        return String.format(Locale.ROOT, "%.2f%%", 100.0 * taskMicros / (netRuntimeMillis * 1_000.0 * tasks));
    }

    static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The workload of the one-thread commands: the state machine job's events, in one thread. */
    static final class OneThreadWorkload {

        @Option(names = "--events", defaultValue = "50000000", description = "Events in total (default: ${DEFAULT-VALUE}).")
        long events;

        @Option(names = "--parallelism", defaultValue = "2",
                description = "Generators the events are split over, as in the job (default: ${DEFAULT-VALUE}).")
        int parallelism;
    }

    /** The hand-written single-threaded loop: the ceiling (its generators run one after the other). */
    @Command(name = "ceiling", mixinStandardHelpOptions = true, description = "The same work as one plain loop, without a framework.")
    static final class Ceiling implements Callable<Integer> {

        @CommandLine.Mixin
        OneThreadWorkload workload;

        @Override
        public Integer call() {
            CeilingBench.Outcome o = CeilingBench.run(GeneratorSpec.DEFAULT, workload.events, workload.parallelism);
            System.out.printf(Locale.ROOT, "RESULT name=statemachine-ceiling system=ceiling rate=%.0f events=%d threads=1 seconds=%.2f alerts=%d injected=%d%n",
                    o.rate(), o.events(), o.seconds(), o.alerts(), o.injected());
            return o.alerts() == o.injected() ? 0 : 1;
        }
    }

    /**
     * The keyed state's part of the state machine job in one thread ({@link KeyedStateBench}): Eddy's
     * heap backend and a {@code HashMap}, each run once; exits with 1 if the alerts of either differ
     * from the injected invalid transitions.
     */
    @Command(name = "keyed-state", mixinStandardHelpOptions = true,
            description = "The state machine's state operations in one thread: Eddy's heap keyed state backend and a HashMap.")
    static final class KeyedState implements Callable<Integer> {

        @CommandLine.Mixin
        OneThreadWorkload workload;

        @Override
        public Integer call() throws Exception {
            int code = print("eddy", KeyedStateBench.eddy(GeneratorSpec.DEFAULT, workload.events, workload.parallelism));
            return Math.max(code, print("ceiling", KeyedStateBench.hashMap(GeneratorSpec.DEFAULT, workload.events, workload.parallelism)));
        }

        private static int print(String system, KeyedStateBench.Outcome o) {
            System.out.printf(Locale.ROOT,
                    "RESULT name=keyed-state system=%s rate=%.0f events=%d threads=1 ns_per_event=%.1f alerts=%d injected=%d keys_held=%d%n",
                    system, o.rate(), o.events(), o.nanosPerEvent(), o.alerts(), o.injected(), o.keysHeld());
            return o.alerts() == o.injected() ? 0 : 1;
        }
    }

    /** Latency of one keyed exchange at a given buffer timeout. */
    @Command(name = "latency", mixinStandardHelpOptions = true, description = "Latency of one keyed exchange, p50/p99 with HdrHistogram.")
    static final class Latency implements Callable<Integer> {

        @Option(names = "--buffer-timeout", defaultValue = "0", description = "Buffer timeout in ms (default: ${DEFAULT-VALUE}).")
        long bufferTimeout;

        @Option(names = "--rate", defaultValue = "10000", description = "Records per second in total (default: ${DEFAULT-VALUE}).")
        int rate;

        @Option(names = "--seconds", defaultValue = "5", description = "How long the source emits (default: ${DEFAULT-VALUE}).")
        double seconds;

        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--setup", defaultValue = "embedded", description = "Where it ran, for the RESULT line (default: ${DEFAULT-VALUE}).")
        String setup;

        @Override
        public Integer call() throws Exception {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(parallelism);
            env.setBufferTimeout(bufferTimeout);
            Histogram h = LatencyJob.run(env, rate, seconds);
            System.out.printf(Locale.ROOT,
                    "RESULT name=latency-%dms system=eddy rate=%d p50_ms=%.3f p99_ms=%.3f max_ms=%.3f records=%d buffer_timeout_ms=%d setup=%s%n",
                    bufferTimeout, rate, h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6,
                    h.getTotalCount(), bufferTimeout, setup);
            return 0;
        }
    }

    /** The windowed count job on Eddy; exits with 1 if the window counts do not add up to the events. */
    @Command(name = "windowed-count", mixinStandardHelpOptions = true,
            description = "Counts per key in tumbling one-second event-time windows.")
    static final class WindowedCount implements Callable<Integer> {

        @Option(names = "--events", defaultValue = "20000000", description = "Events in total (default: ${DEFAULT-VALUE}).")
        long events;

        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--keys", defaultValue = "100000", description = "Distinct keys (default: ${DEFAULT-VALUE}).")
        int keys;

        @Option(names = "--events-per-milli", defaultValue = "1000",
                description = "Events per millisecond of event time (default: ${DEFAULT-VALUE}).")
        int eventsPerMilli;

        @Override
        public Integer call() throws Exception {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(parallelism);
            WindowedCountJob.Outcome o = WindowedCountJob.run(env, events, keys, eventsPerMilli);
            System.out.printf(Locale.ROOT, "RESULT name=windowed-count system=eddy rate=%.0f events=%d parallelism=%d seconds=%.2f keys=%d "
                    + "windows=%d results=%d%n", o.rate(), events, parallelism, o.seconds(), keys,
                    WindowedCountEvents.windows(events, eventsPerMilli), o.results());
            if (o.counted() != events) {
                System.err.printf("eddy-bench: the windows counted %d events of %d%n", o.counted(), events);
                return 1;
            }
            return 0;
        }
    }

    /**
     * The operator chain's per-record cost ({@link ChainBench}); exits with 1 if the sink's count or
     * sum differs from what the numbers give.
     */
    @Command(name = "chain", mixinStandardHelpOptions = true,
            description = "source -> map -> filter -> sink chained in one task per subtask: the per-record cost of a chain.")
    static final class Chain implements Callable<Integer> {

        @Option(names = "--records", defaultValue = "200000000", description = "Numbers the source emits in total (default: ${DEFAULT-VALUE}).")
        long records;

        @Option(names = "--parallelism", defaultValue = "1", description = "Parallel chains (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--jobs", defaultValue = "1",
                description = "Jobs run one after another in this JVM, a RESULT line each with job=N (default: ${DEFAULT-VALUE}).")
        int jobs;

        @Option(names = "--source", defaultValue = "reader",
                description = "reader (a Source read on the task thread) or legacy (a SourceFunction on a thread of its own; default: ${DEFAULT-VALUE}).")
        StateMachineDemo.SourceKind source;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (records < 2 || jobs < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--records " + records + ", --jobs " + jobs + " (expected: at least 2 records and 1 job)");
            }
            int code = 0;
            for (int job = 1; job <= jobs; job++) {
                StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
                env.setParallelism(parallelism);
                ChainBench.Outcome o = ChainBench.run(env, records, source);
                System.out.printf(Locale.ROOT, "RESULT name=chain system=eddy rate=%.0f records=%d parallelism=%d seconds=%.2f passed=%d sum=%d"
                        + " source=%s job=%d%n", o.rate(), records, parallelism, o.seconds(), o.passed(), o.sum(),
                        source.name().toLowerCase(Locale.ROOT), job);
                if (!o.correct()) {
                    System.err.printf("eddy-bench: the sink saw %d records summing to %d; expected %d summing to %d%n", o.passed(), o.sum(),
                            o.expectedPassed(), o.expectedSum());
                    code = 1;
                }
            }
            return code;
        }
    }
}
