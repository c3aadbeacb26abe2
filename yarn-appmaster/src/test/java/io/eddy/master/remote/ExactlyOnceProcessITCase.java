package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.remote.ClusterProcesses.Launched;
import io.eddy.streaming.api.CheckpointingMode;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once under real failures: {@link ExactlyOnceJob} (rewindable sequence source, keyed
 * running counts in value state, event-time tumbling window counts) runs on the multi-process
 * cluster with a checkpoint every 250 ms; the test kills the worker process running source lane 0
 * ({@code destroyForcibly}) three times after a checkpoint of the then current attempt completed and
 * once while the job recovers (right after the restarted lane opened, before it checkpointed), and
 * starts a replacement worker each time; the job also throws once in a user function. Through the exactly-once {@code FileSink}s every key's running count steps 1..n appear
 * exactly once, every number exactly once, and every (key, window) count equals the reference.
 *
 * <p>The same job in at-least-once mode, writing through a sink that appends to files, loses nothing
 * but writes some records twice (the planned failure comes after lines past the latest completed
 * checkpoint were written, so duplicates are certain, not luck).
 *
 * <p>The test waits for marks the job's functions leave in a directory ({@link MarkDirectory}), never
 * for time; the throttled source only makes the run last long enough (about 12 s undisturbed) for
 * the kills to land in it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ExactlyOnceProcessITCase {

    private static final int PARALLELISM = 2;
    private static final int SLOTS = 2;
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Three workers of two slots for a job of parallelism 2: after two kills in quick succession
     * (a kill while the job recovers) the third still has the two slots the job needs, so the
     * restart does not depend on how fast a replacement worker's JVM starts.
     */
    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(3, SLOTS);

    /** The workers alive (names), in start order; the test thread only. */
    private static final List<String> WORKERS = new ArrayList<>(List.of("worker-1", "worker-2", "worker-3"));
    private static int workersStarted = 3;

    @Test
    void killedWorkersAndAFailingFunctionLeaveExactCountsInTheCommittedFiles(@TempDir Path dir) throws Exception {
        Path counts = Files.createDirectories(dir.resolve("counts"));
        Path windows = Files.createDirectories(dir.resolve("windows"));
        try (MarkDirectory marks = MarkDirectory.watch(dir.resolve("marks"))) {
            StreamExecutionEnvironment env = environment(dir, CheckpointingMode.EXACTLY_ONCE);
            ExactlyOnceJob.build(env, marks.directory().toString(), ExactlyOnceJob.NUMBERS * 3 / 4,
                    FileSink.forRowFormat(counts.toUri().toString(), Encoder.<String>simpleString()).build(),
                    FileSink.forRowFormat(windows.toUri().toString(), Encoder.<String>simpleString()).build());
            runWithKills(env.getJobGraph("exactly-once under worker kills"), marks,
                    List.of(KillMoment.AFTER_CHECKPOINT, KillMoment.DURING_RECOVERY, KillMoment.AFTER_CHECKPOINT, KillMoment.AFTER_CHECKPOINT));
        }
        assertOnlyCommittedParts(counts);
        assertOnlyCommittedParts(windows);

        ExactlyOnceJob.assertExactlyOnce(lines(counts), lines(windows));
    }

    @Test
    void atLeastOnceLosesNothingButDuplicates(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        try (MarkDirectory marks = MarkDirectory.watch(dir.resolve("marks"))) {
            StreamExecutionEnvironment env = environment(dir, CheckpointingMode.AT_LEAST_ONCE);
            String m = marks.directory().toString();
            ExactlyOnceJob.build(env, m, -1, new ExactlyOnceJob.AppendingSink(out.toString(), "counts", m, true),
                    new ExactlyOnceJob.AppendingSink(out.toString(), "windows", m, false));
            runWithKills(env.getJobGraph("at-least-once under a worker kill"), marks, List.of(KillMoment.AFTER_CHECKPOINT));
        }
        long[] seen = new long[(int) ExactlyOnceJob.NUMBERS];
        Map<String, Long> windowCounts = new HashMap<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.sorted().toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (f.getFileName().toString().startsWith("counts-")) {
                        seen[Integer.parseInt(line.split(",")[2])]++;
                    } else {
                        int eq = line.indexOf('=');
                        windowCounts.merge(line.substring(0, eq), Long.parseLong(line.substring(eq + 1)), Math::min);
                    }
                }
            }
        }
        long duplicated = 0;
        for (int n = 0; n < seen.length; n++) {
            assertThat(seen[n]).as("times number %d was written (at least once)", n).isGreaterThanOrEqualTo(1);
            duplicated += seen[n] > 1 ? 1 : 0;
        }
        assertThat(duplicated).as("numbers written more than once").isPositive();
        Map<String, Long> expected = ExactlyOnceJob.expectedWindowCounts();
        assertThat(windowCounts.keySet()).as("windows written").containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((w, c) -> assertThat(windowCounts.get(w)).as("smallest count written for window %s", w).isGreaterThanOrEqualTo(c));
    }

    private static StreamExecutionEnvironment environment(Path dir, CheckpointingMode mode) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(250, mode);
        env.getCheckpointConfig().setCheckpointStorage(dir.resolve("checkpoints").toUri().toString());
        env.setRestartStrategy(RestartStrategy.fixedDelay(10, Duration.ofMillis(200)));
        return env;
    }

    /** When the test kills the worker running source lane 0. */
    private enum KillMoment {
        /** Once a checkpoint of an attempt newer than the last killed one completed. */
        AFTER_CHECKPOINT,
        /** As soon as lane 0 of an attempt newer than the last killed one opened: while the job recovers, before it checkpointed. */
        DURING_RECOVERY
    }

    /**
     * Submits the job; at each of {@code kills} waits for its moment, kills the worker process
     * running source lane 0 of the newest attempt and starts a replacement; then waits for the job
     * to finish and checks that the planned failure happened and every kill caused a restart.
     */
    private static void runWithKills(JobGraph graph, MarkDirectory marks, List<KillMoment> kills) throws Exception {
        try (JobClient client = new RemoteExecutorFactory().create(CLUSTER.remoteConfiguration())
                .submit(graph, List.of(), ExactlyOnceProcessITCase.class.getClassLoader())) {
            int attemptAtLastKill = -1;
            for (int k = 1; k <= kills.size(); k++) {
                int after = attemptAtLastKill;
                if (kills.get(k - 1) == KillMoment.AFTER_CHECKPOINT) {
                    // Replacements first: a restart then finds free slots at once, whatever the machine's load.
                    CLUSTER.awaitWorkers(WORKERS.size());
                }
                int attempt = switch (kills.get(k - 1)) {
                    case AFTER_CHECKPOINT -> marks.await(names -> newestAttemptWithCheckpoint(names, after),
                            "a completed checkpoint of an attempt after " + after + " (kill " + k + ")", MARK_TIMEOUT);
                    case DURING_RECOVERY -> marks.await(names -> ExactlyOnceJob.newestOpenedAttempt(names) > after
                            ? Optional.of(ExactlyOnceJob.newestOpenedAttempt(names)) : Optional.empty(), "an attempt after " + after + " (kill " + k + ")", MARK_TIMEOUT);
                };
                int newest = Math.max(attempt, ExactlyOnceJob.newestOpenedAttempt(marks.names()));
                assertThat(client.getJobResult()).as("the job still runs at kill %d (it cannot end before its release)", k).isNotDone();
                long pid = marks.await(names -> ExactlyOnceJob.laneZeroPid(names, newest), "lane 0 of attempt " + newest + " to open",
                        MARK_TIMEOUT);
                killWorkerOf(pid, k);
                attemptAtLastKill = newest;
            }
            MarkDirectory.mark(marks.directory().toString(), ExactlyOnceJob.RELEASE);
            client.getJobResult().get(120, TimeUnit.SECONDS);
        }
        List<String> names = marks.names();
        assertThat(names).as("the planned failure happened").contains(ExactlyOnceJob.INJECTED);
        assertThat(ExactlyOnceJob.newestOpenedAttempt(names)).as("restarts: %d kills and one planned failure", kills.size())
                .isGreaterThanOrEqualTo(kills.size());
    }

    /** The newest attempt after {@code after} for which a checkpoint completion was marked. */
    private static Optional<Integer> newestAttemptWithCheckpoint(List<String> names, int after) {
        return names.stream().map(ExactlyOnceJob.DONE::matcher).filter(Matcher::matches).map(m -> Integer.parseInt(m.group(1)))
                .filter(a -> a > after).max(Integer::compare);
    }

    /** Kills the worker process {@code pid} and starts a replacement with as many slots. */
    private static void killWorkerOf(long pid, int kill) throws IOException, InterruptedException {
        String victim = WORKERS.stream().filter(w -> CLUSTER.worker(w).pid() == pid).findFirst()
                .orElseThrow(() -> new AssertionError("Lane 0 runs in pid " + pid + ", which is none of the workers " + WORKERS));
        Launched launched = CLUSTER.worker(victim);
        launched.process().destroyForcibly();
        assertThat(launched.process().waitFor(30, TimeUnit.SECONDS)).as("%s died of kill %d", victim, kill).isTrue();
        WORKERS.remove(victim);
        String replacement = "worker-" + ++workersStarted;
        CLUSTER.startWorker(replacement, SLOTS);
        WORKERS.add(replacement);
    }

    private static void assertOnlyCommittedParts(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).as("files in %s", dir).isNotEmpty()
                    .allMatch(n -> n.startsWith("part-"), "committed parts (part-<subtask>-<n>) only");
        }
    }

    private static List<String> lines(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
            }
        }
        return lines;
    }
}
