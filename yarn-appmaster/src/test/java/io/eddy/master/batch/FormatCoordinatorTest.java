package io.eddy.master.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.io.FileInputSplit;
import io.eddy.api.common.io.InputSplit;
import io.eddy.api.common.io.NumberSequenceInputFormat;
import io.eddy.api.common.io.TextOutputFormat;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.runtime.tasks.TaskId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The master's side of batch formats: splits, their return after a restart, sink set-up, commit and clean-up. */
class FormatCoordinatorTest {

    private static final ClassLoader CL = FormatCoordinatorTest.class.getClassLoader();

    @TempDir
    Path tmp;

    @Test
    void everySplitIsHandedOutOnceThenNull() throws Exception {
        JobGraph graph = threeFilesAtParallelismTwo();
        FormatCoordinator formats = FormatCoordinator.create(graph, CL);

        Set<String> files = new HashSet<>();
        List<Integer> numbers = new ArrayList<>();
        for (InputSplit split; (split = next(formats, task(graph, 0, 0))) != null; ) {
            numbers.add(split.getSplitNumber());
            files.add(((FileInputSplit) split).getPath());
        }

        assertThat(numbers).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(files).hasSize(3);
        assertThat(next(formats, task(graph, 1, 0))).isNull();
    }

    @Test
    void aNewerAttemptGetsTheSplitsOfTheFailedOneAgainAndAnOlderOneIsRefused() throws Exception {
        JobGraph graph = numbersToText(tmp.resolve("out").toString());
        FormatCoordinator formats = FormatCoordinator.create(graph, CL);
        InputSplit first = next(formats, task(graph, 0, 0));
        InputSplit second = next(formats, task(graph, 1, 0));
        assertThat(next(formats, task(graph, 0, 0))).isNull();

        assertThat(next(formats, task(graph, 0, 1)).getSplitNumber()).isEqualTo(first.getSplitNumber());
        assertThat(next(formats, task(graph, 0, 1))).isNull();
        assertThatThrownBy(() -> formats.nextSplit(task(graph, 0, 0), "h")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("attempt 1 has replaced it");

        formats.returnInputSplits(0, 1);
        assertThat(next(formats, task(graph, 1, 0)).getSplitNumber()).isEqualTo(second.getSplitNumber());
    }

    @Test
    void splitsCountAsDoneOnceTheirSubtaskAsksForTheNextOneOrFinishes() throws Exception {
        JobGraph graph = threeFilesAtParallelismTwo();
        FormatCoordinator formats = FormatCoordinator.create(graph, CL);
        Set<Integer> finished = new HashSet<>();

        assertThat(formats.splitProgress(0, finished::contains)).containsExactly(3, 0);
        next(formats, task(graph, 0, 0));
        assertThat(formats.splitProgress(0, finished::contains)).as("subtask 0 reads its first split").containsExactly(3, 0);
        next(formats, task(graph, 0, 0));
        next(formats, task(graph, 1, 0));
        assertThat(formats.splitProgress(0, finished::contains)).as("subtask 0 moved on to its second").containsExactly(3, 1);
        assertThat(next(formats, task(graph, 1, 0))).isNull();
        assertThat(formats.splitProgress(0, finished::contains)).as("subtask 1 asked past its last").containsExactly(3, 2);
        finished.add(0);
        assertThat(formats.splitProgress(0, finished::contains)).as("subtask 0 finished").containsExactly(3, 3);

        formats.returnInputSplits(0, 1);
        assertThat(formats.splitProgress(0, finished::contains)).as("subtask 1's split went back for its restart").containsExactly(3, 2);
        assertThat(formats.splitProgress(1, finished::contains)).as("a vertex without a batch source").isNull();
    }

    @Test
    void aVertexWithoutBatchSourceGetsNoSplits() {
        JobGraph graph = numbersToText(tmp.resolve("out").toString());
        FormatCoordinator formats = FormatCoordinator.create(graph, CL);

        assertThatThrownBy(() -> formats.nextSplit(new TaskId(graph.jobId(), 5, 0, 0), "h")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vertex 5 is not a batch source");
    }

    @Test
    void aMissingInputPathFailsNamingSourceAndPath() {
        JobGraph graph = BatchIoGraphs.textPipeline(tmp.resolve("missing").toString(), tmp.resolve("out").toString(), 1, v -> v);

        assertThatThrownBy(() -> FormatCoordinator.create(graph, CL)).isInstanceOf(FormatSetupException.class)
                .hasMessageContaining("Source 'Source: lines' of job 'text pipeline' could not create its input splits")
                .hasMessageContaining("missing");
    }

    @Test
    void sinksAreCommittedAtTheEndOrCleanedUpAfterAFailure() throws Exception {
        Path committed = tmp.resolve("committed");
        FormatCoordinator ok = FormatCoordinator.create(numbersToText(committed.toString()), CL);
        assertThat(committed).isDirectory();
        writePending(committed, 1);
        writePending(committed, 2);
        ok.finalizeSinks();
        assertThat(BatchIoGraphs.visibleFiles(committed)).containsExactly("1", "2");
        assertThat(committed.resolve("_SUCCESS")).exists();

        Path failed = tmp.resolve("failed");
        FormatCoordinator notOk = FormatCoordinator.create(numbersToText(failed.toString()), CL);
        writePending(failed, 1);
        notOk.cleanupSinks();
        notOk.finalizeSinks();
        assertThat(failed).doesNotExist();
    }

    @Test
    void anExistingOutputFailsAtCreation() throws Exception {
        Path existing = Files.createDirectories(tmp.resolve("existing"));

        assertThatThrownBy(() -> FormatCoordinator.create(numbersToText(existing.toString()), CL)).isInstanceOf(FormatSetupException.class)
                .hasMessageContaining("Sink 'Sink: text' of job 'numbers' could not prepare its output").hasMessageContaining("already exists");
    }

    /** A subtask's closed output file, as {@code FileOutputFormat.close()} leaves it. */
    private static void writePending(Path dir, int file) throws Exception {
        Files.writeString(dir.resolve("." + file + ".pending"), "x\n");
    }

    private static JobGraph numbersToText(String output) {
        JobVertex v = BatchIoGraphs.vertex(0, "Source: numbers -> Sink: text", 2, List.of(
                BatchIoGraphs.spec("Source: numbers", BatchIoGraphs.source(new NumberSequenceInputFormat(0, 99), Types.LONG),
                        List.of(OperatorOutput.chained(1, 0))),
                BatchIoGraphs.spec("Sink: text", BatchIoGraphs.sink(new TextOutputFormat<>(output), Types.LONG), List.of())));
        return BatchIoGraphs.graph("numbers", List.of(v), List.of());
    }

    /** A text pipeline of parallelism 2 over three input files of 10 lines (three splits). */
    private JobGraph threeFilesAtParallelismTwo() throws Exception {
        BatchIoGraphs.writeInput(tmp.resolve("in"), 3, 10);
        return BatchIoGraphs.textPipeline(tmp.resolve("in").toString(), tmp.resolve("out").toString(), 2, v -> v);
    }

    private static TaskId task(JobGraph graph, int subtask, int attempt) {
        return new TaskId(graph.jobId(), 0, subtask, attempt);
    }

    private static InputSplit next(FormatCoordinator formats, TaskId task) {
        byte[] bytes = formats.nextSplit(task, "localhost");
        return bytes == null ? null : InstantiationUtil.deserialize(bytes, CL, "split");
    }
}
