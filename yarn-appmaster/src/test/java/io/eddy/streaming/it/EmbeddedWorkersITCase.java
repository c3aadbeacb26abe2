package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.collectAll;
import static io.eddy.streaming.it.MultiWorkerITCase.PARALLELISM;
import static io.eddy.streaming.it.MultiWorkerITCase.PER_SUBTASK;
import static io.eddy.streaming.it.MultiWorkerITCase.assertFinalSums;
import static io.eddy.streaming.it.MultiWorkerITCase.keyedSums;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.testkit.results.ResultDirectory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keyed job of {@link MultiWorkerITCase} through the environment, with the embedded executor
 * told to start two workers by {@link ExecutionOptions#EMBEDDED_WORKERS}. No other cluster runs in
 * this class, so the worker threads a probe sees are those of the job's own cluster.
 */
@Timeout(60)
class EmbeddedWorkersITCase {

    /** A probe's mark per embedded worker main thread alive when it opened: {@code thread-<name>}. */
    private static final String THREAD = "thread-";

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    @Test
    void aKeyedJobOnTwoWorkersChosenByTheExecutorOption(@TempDir Path dir) throws Exception {
        ResultDirectory run = ResultDirectory.create(dir);
        Configuration conf = new Configuration().set(ExecutionOptions.EMBEDDED_WORKERS, 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf).setParallelism(PARALLELISM);

        List<Tuple2<Long, Long>> sums = collectAll(keyedSums(env.generateSequence(1, (long) PER_SUBTASK * PARALLELISM)
                .map(new WorkerThreadsProbe(run))));

        assertFinalSums(sums);
        assertThat(run.marks().stream().filter(m -> m.startsWith(THREAD)).map(m -> m.substring(THREAD.length())))
                .as("worker main threads alive while the job ran")
                .containsExactlyInAnyOrder("eddy-worker-worker-1", "eddy-worker-worker-2");
    }

    /** Marks the names of the embedded workers' main threads alive when it opens (the embedded cluster runs it in the test JVM). */
    static final class WorkerThreadsProbe extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;

        WorkerThreadsProbe(ResultDirectory run) {
            this.run = run;
        }

        @Override
        public void open() {
            Thread.getAllStackTraces().keySet().stream().map(Thread::getName).filter(n -> n.startsWith("eddy-worker-worker-"))
                    .forEach(name -> run.mark(THREAD + name));
        }

        @Override
        public Long map(Long value) {
            return value;
        }
    }
}
