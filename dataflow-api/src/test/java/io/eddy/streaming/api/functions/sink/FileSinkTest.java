package io.eddy.streaming.api.functions.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.util.InstantiationUtil;
import io.eddy.streaming.api.testutils.TestOperatorStateStore;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drives {@link FileSink} through checkpoints, notifications, failures and restores as the runtime does, on real files. */
class FileSinkTest {

    @TempDir
    Path dir;

    /** One running parallel instance of the sink with its state store. */
    private static final class Subtask {
        final FileSink<String> sink;
        final TestOperatorStateStore store;

        Subtask(FileSink<String> template, int index, int parallelism, TestOperatorStateStore.Snapshot restored) throws Exception {
            sink = InstantiationUtil.clone(template, FileSinkTest.class.getClassLoader());
            store = new TestOperatorStateStore(restored);
            sink.setRuntimeContext(new TestRuntimeContext(index, parallelism));
            sink.initializeState(store.initContext());
            sink.open();
        }

        TestOperatorStateStore.Snapshot checkpoint(long id) throws Exception {
            sink.snapshotState(TestOperatorStateStore.snapshotContext(id));
            return store.snapshot();
        }
    }

    private FileSink<String> sink() {
        return FileSink.forRowFormat("file://" + dir.toAbsolutePath(), Encoder.<String>simpleString()).build();
    }

    private List<String> committedLines() throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList()) {
                lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    private List<String> fileNames() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static void write(Subtask s, int from, int to) throws Exception {
        for (int i = from; i < to; i++) {
            s.sink.invoke("r" + i);
        }
    }

    private static List<String> records(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add("r" + i);
        }
        return out;
    }

    @Test
    void partsAreCommittedOnlyWhenTheirCheckpointCompletes() throws Exception {
        Subtask s = new Subtask(sink(), 0, 1, null);
        write(s, 0, 10);
        assertThat(fileNames()).containsExactly(".part-0-0.inprogress");
        s.checkpoint(1);
        assertThat(fileNames()).containsExactly(".part-0-0.pending");
        write(s, 10, 15);
        s.checkpoint(2);
        assertThat(committedLines()).isEmpty();
        s.sink.notifyCheckpointComplete(1);
        assertThat(fileNames()).containsExactly(".part-0-1.pending", "part-0-0");
        assertThat(committedLines()).containsExactlyElementsOf(records(0, 10));
        write(s, 15, 20);
        s.sink.finish();
        s.sink.close();
        assertThat(fileNames()).containsExactly("part-0-0", "part-0-1", "part-0-2");
        assertThat(committedLines()).containsExactlyElementsOf(records(0, 20));
    }

    @Test
    void aLaterNotificationCommitsEarlierCheckpointsToo() throws Exception {
        Subtask s = new Subtask(sink(), 0, 1, null);
        write(s, 0, 5);
        s.checkpoint(1);
        write(s, 5, 9);
        s.checkpoint(2);
        s.checkpoint(3);
        s.sink.notifyCheckpointComplete(3);
        assertThat(fileNames()).containsExactly("part-0-0", "part-0-1");
        assertThat(committedLines()).containsExactlyElementsOf(records(0, 9));
    }

    @Test
    void failureBeforeTheNotificationCommitsOnRestoreAndDropsLaterData() throws Exception {
        Subtask s = new Subtask(sink(), 0, 1, null);
        write(s, 0, 100);
        TestOperatorStateStore.Snapshot completed = s.checkpoint(1);
        write(s, 100, 150);
        s.sink.close();
        assertThat(fileNames()).containsExactly(".part-0-0.pending", ".part-0-1.inprogress");

        Subtask restored = new Subtask(sink(), 0, 1, completed);
        assertThat(fileNames()).containsExactly("part-0-0");
        write(restored, 100, 200);
        restored.checkpoint(2);
        restored.sink.notifyCheckpointComplete(2);
        restored.sink.finish();
        restored.sink.close();
        assertThat(committedLines()).containsExactlyElementsOf(records(0, 200));
        assertThat(fileNames()).allMatch(n -> n.startsWith("part-"));
    }

    @Test
    void failureAfterTheNotificationKeepsCommittedPartsAndDeletesUnfinishedOnes() throws Exception {
        Subtask s = new Subtask(sink(), 0, 1, null);
        write(s, 0, 40);
        TestOperatorStateStore.Snapshot completed = s.checkpoint(1);
        s.sink.notifyCheckpointComplete(1);
        write(s, 40, 60);
        s.checkpoint(2);
        write(s, 60, 70);
        s.sink.close();

        Subtask restored = new Subtask(sink(), 0, 1, completed);
        assertThat(fileNames()).containsExactly("part-0-0");
        write(restored, 40, 80);
        restored.sink.finish();
        restored.sink.close();
        assertThat(committedLines()).containsExactlyElementsOf(records(0, 80));
    }

    @Test
    void partsCommittedAtTheEndAfterTheRestoredCheckpointAreWrittenAgainNotDuplicated() throws Exception {
        Subtask s = new Subtask(sink(), 0, 1, null);
        write(s, 0, 10);
        TestOperatorStateStore.Snapshot completed = s.checkpoint(1);
        s.sink.notifyCheckpointComplete(1);
        write(s, 10, 20);
        s.sink.finish();
        s.sink.close();
        assertThat(committedLines()).containsExactlyElementsOf(records(0, 20));

        // Another task failed after this one finished: the whole job restarts from checkpoint 1.
        Subtask restored = new Subtask(sink(), 0, 1, completed);
        write(restored, 10, 20);
        restored.sink.finish();
        restored.sink.close();
        assertThat(committedLines()).containsExactlyInAnyOrderElementsOf(records(0, 20));
    }

    @Test
    void maxPartSizeRollsPartsThatTheNextCheckpointCommits() throws Exception {
        FileSink<String> rolling = FileSink.forRowFormat(dir.toString(), Encoder.<String>simpleString()).withMaxPartSize(20).build();
        Subtask s = new Subtask(rolling, 0, 1, null);
        write(s, 0, 30);
        assertThat(fileNames().stream().filter(n -> n.endsWith(".pending")).count()).isGreaterThanOrEqualTo(4);
        s.checkpoint(1);
        s.sink.notifyCheckpointComplete(1);
        assertThat(fileNames()).allMatch(n -> n.startsWith("part-0-"));
        assertThat(committedLines()).containsExactlyInAnyOrderElementsOf(records(0, 30));
    }

    @Test
    void aMissingPendingFileOfACompletedCheckpointFailsTheRestoreNamingIt() throws Exception {
        Subtask s = new Subtask(sink(), 0, 1, null);
        write(s, 0, 3);
        TestOperatorStateStore.Snapshot completed = s.checkpoint(1);
        s.sink.close();
        Files.delete(dir.resolve(".part-0-0.pending"));
        assertThatThrownBy(() -> new Subtask(sink(), 0, 1, completed)).isInstanceOf(IOException.class)
                .hasMessageContaining(".part-0-0.pending").hasMessageContaining("another job");
    }

    @Test
    void builderRejectsBadArguments() {
        assertThatThrownBy(() -> FileSink.forRowFormat("", Encoder.simpleString())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("basePath");
        assertThatThrownBy(() -> FileSink.forRowFormat("/x", Encoder.simpleString()).withMaxPartSize(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("withMaxPartSize");
    }

    /**
     * Random runs: records {@code r0..rN} are dealt over the subtasks; checkpoints are taken at
     * random points, complete or not, with notifications delivered to random subtasks; failures
     * restore the latest completed checkpoint with a random new parallelism and replay from its
     * offset. At the end the committed parts hold every record exactly once, with no leftovers.
     */
    @Test
    void randomFailuresAndRescalingCommitEveryRecordExactlyOnce() throws Exception {
        for (int seed = 0; seed < 10; seed++) {
            try (Stream<Path> old = Files.list(dir)) {
                for (Path f : old.toList()) {
                    Files.delete(f);
                }
            }
            runRandomScenario(new Random(seed), 1_500);
            List<String> lines = committedLines();
            Map<String, Integer> counts = new HashMap<>();
            lines.forEach(l -> counts.merge(l, 1, Integer::sum));
            assertThat(counts.values()).as("seed %d: duplicates", seed).allMatch(c -> c == 1);
            assertThat(counts.keySet()).as("seed %d", seed).containsExactlyInAnyOrderElementsOf(records(0, 1_500));
            assertThat(fileNames()).as("seed %d: leftovers", seed).allMatch(n -> n.startsWith("part-"));
        }
    }

    private void runRandomScenario(Random random, int n) throws Exception {
        FileSink<String> template = random.nextBoolean() ? sink()
                : FileSink.forRowFormat(dir.toString(), Encoder.<String>simpleString()).withMaxPartSize(100 + random.nextInt(400)).build();
        int parallelism = 1 + random.nextInt(3);
        List<Subtask> subtasks = start(template, parallelism, null);
        List<TestOperatorStateStore.Snapshot> completed = null;
        int completedOffset = 0;
        int offset = 0;
        long checkpointId = 0;
        int failures = 0;
        while (offset < n) {
            int action = random.nextInt(10);
            if (action < 6) {
                int to = Math.min(n, offset + 1 + random.nextInt(100));
                for (int i = offset; i < to; i++) {
                    subtasks.get(i % parallelism).sink.invoke("r" + i);
                }
                offset = to;
            } else if (action < 9) {
                checkpointId++;
                List<TestOperatorStateStore.Snapshot> snapshots = new ArrayList<>();
                for (Subtask s : subtasks) {
                    snapshots.add(s.checkpoint(checkpointId));
                }
                if (random.nextInt(10) < 7) {
                    completed = snapshots;
                    completedOffset = offset;
                    for (Subtask s : subtasks) {
                        if (random.nextInt(10) < 7) {
                            s.sink.notifyCheckpointComplete(checkpointId);
                        }
                    }
                }
            } else if (failures < 4) {
                failures++;
                for (Subtask s : subtasks) {
                    s.sink.close();
                }
                parallelism = 1 + random.nextInt(4);
                subtasks = start(template, parallelism, completed == null ? null : TestOperatorStateStore.redistribute(completed, parallelism));
                offset = completed == null ? 0 : completedOffset;
            }
        }
        for (Subtask s : subtasks) {
            s.sink.finish();
            s.sink.close();
        }
    }

    private static List<Subtask> start(FileSink<String> template, int parallelism, List<TestOperatorStateStore.Snapshot> restored)
            throws Exception {
        List<Subtask> subtasks = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            subtasks.add(new Subtask(template, i, parallelism, restored == null ? null : restored.get(i)));
        }
        return subtasks;
    }
}
