package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import io.eddy.streaming.api.functions.source.TextFileSourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once end to end on the embedded cluster: a checkpointed source (the sequence, the text
 * file source), a map that throws once, and the exactly-once {@link FileSink}, with a checkpoint
 * every 100 ms. The job
 * restarts from its latest completed checkpoint (or from the start if none completed yet: the
 * result must be the same); afterwards the committed part files hold every number exactly once and
 * no in-progress or pending file is left.
 *
 * <p>So that checkpoints complete before the failure however fast the job runs, the sequence source
 * is wrapped ({@link PausingSource}): in the first attempt each subtask, half-way through its
 * share, waits until two checkpoints completed, then the map throws at the next record. The wait
 * happens before a number is emitted and its offset advanced, inside the checkpoint lock's monitor
 * ({@code wait()} releases it), so snapshots stay consistent. Source and map tell each other and
 * the test through the marks of a {@link ResultDirectory}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ExactlyOnceFileSinkITCase {

    private static final int NUMBERS = 400_000;
    private static final int PARALLELISM = 2;


    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @Test
    void aSequenceThroughAFailingMapIsCommittedExactlyOnce(@TempDir Path checkpoints, @TempDir Path out, @TempDir Path marks) throws Exception {
        ResultDirectory results = ResultDirectory.create(marks);
        StreamExecutionEnvironment env = environment(checkpoints);
        env.addSource(new PausingSource<>(new SequenceSourceFunction(0, NUMBERS - 1), NUMBERS / PARALLELISM / 2, results), "paused sequence", Types.LONG)
                .map(new FailAfterPause<>(results)).returns(Long.class)
                .addSink(FileSink.forRowFormat(out.toUri().toString(), Encoder.<Long>simpleString()).build()).name("exactly-once files");
        runAndCheck(env.getJobGraph("sequence -> failing map -> exactly-once file sink"), out, results);
    }

    @Test
    void aTextFileThroughAFailingMapIsCommittedExactlyOnce(@TempDir Path checkpoints, @TempDir Path in, @TempDir Path out, @TempDir Path marks)
            throws Exception {
        ResultDirectory results = ResultDirectory.create(marks);
        for (int f = 0; f < 3; f++) {
            StringBuilder text = new StringBuilder();
            for (int n = f; n < NUMBERS; n += 3) {
                text.append(n).append('\n');
            }
            Files.writeString(in.resolve("numbers-" + f + ".txt"), text, StandardCharsets.UTF_8);
        }
        StreamExecutionEnvironment env = environment(checkpoints);
        env.addSource(new PausingSource<>(new TextFileSourceFunction(in.toString()), NUMBERS / PARALLELISM / 2, results), "paused text files",
                        Types.STRING)
                .map(new FailAfterPause<>(results)).returns(String.class)
                .addSink(FileSink.forRowFormat(out.toString(), Encoder.<String>simpleString()).withMaxPartSize(256 * 1024).build())
                .name("exactly-once files");
        runAndCheck(env.getJobGraph("text files -> failing map -> exactly-once file sink"), out, results);
    }

    private static StreamExecutionEnvironment environment(Path checkpoints) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(100);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString());
        env.setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ofMillis(50)));
        return env;
    }

    /** Runs the job and checks that the committed parts in {@code out} hold 0..NUMBERS-1 exactly once, with no leftovers. */
    private static void runAndCheck(JobGraph graph, Path out, ResultDirectory results) throws Exception {
        JobClient client = CLUSTER.submit(graph);
        client.getJobResult().get(100, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(results.marks()).as("the planned failure happened").contains(FailAfterPause.FAILED);

        List<Path> files;
        try (Stream<Path> list = Files.list(out)) {
            files = list.sorted().toList();
        }
        assertThat(files).as("only committed parts are left").isNotEmpty()
                .allMatch(p -> p.getFileName().toString().startsWith("part-"), "named part-<subtask>-<n>");
        BitSet seen = new BitSet(NUMBERS);
        long lines = 0;
        for (Path f : files) {
            try (BufferedReader reader = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    int n = Integer.parseInt(line);
                    assertThat(seen.get(n)).as("%d committed twice (second time in %s)", n, f.getFileName()).isFalse();
                    seen.set(n);
                    lines++;
                }
            }
        }
        assertThat(lines).as("committed numbers").isEqualTo(NUMBERS);
        assertThat(seen.cardinality()).isEqualTo(NUMBERS);
    }
}
