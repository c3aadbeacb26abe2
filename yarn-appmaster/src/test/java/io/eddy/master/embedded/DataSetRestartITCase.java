package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.RichMapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.testkit.results.MarkDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DataSet program's own restart strategy ({@code ExecutionEnvironment.setRestartStrategy}) on
 * the embedded cluster: a map subtask fails once, mid-input (whichever first reads 5000 records); with a fixed-delay strategy the job
 * restarts what must run again and its committed output is exact; without one the job fails with
 * the user's exception.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class DataSetRestartITCase {

    private static final long RECORDS = 40_000;
    private static final int KEYS = 10;

    @TempDir
    Path dir;

    @Test
    void withTheProgramsFixedDelayStrategyTheJobRestartsAndItsOutputIsExact() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        env.setRestartStrategy(RestartStrategy.fixedDelay(2, Duration.ofMillis(50)));
        Path out = dir.resolve("sums");
        sums(env, out);

        JobExecutionResult result = env.execute("restarted sums");

        assertThat(Files.exists(dir.resolve("failed"))).as("the map failed once").isTrue();
        assertThat(readSums(out)).isEqualTo(expectedSums());
        assertThat(result.getNetRuntime(TimeUnit.MILLISECONDS)).isPositive();
    }

    @Test
    void withoutAStrategyTheJobFailsWithTheUsersException() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        sums(env, dir.resolve("sums"));

        Throwable failure = catchThrowable(() -> env.execute("failing sums"));

        assertThat(failure).isNotNull().hasRootCauseMessage("injected failure of a map subtask's first attempt");
    }

    private void sums(ExecutionEnvironment env, Path out) {
        env.generateSequence(1, RECORDS).map(new FailOnceMap(dir.toString())).returns(Types.TUPLE(Types.LONG, Types.LONG))
                .groupBy(0).sum(1).writeAsCsv(out.toString());
    }

    private static Map<Long, Long> expectedSums() {
        Map<Long, Long> sums = new TreeMap<>();
        for (long v = 1; v <= RECORDS; v++) {
            sums.merge(v % KEYS, v, Long::sum);
        }
        return sums;
    }

    /** The {@code key,sum} lines of the committed files under {@code out}; a key twice fails. */
    private static Map<Long, Long> readSums(Path out) throws IOException {
        Map<Long, Long> sums = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> listed = Files.isDirectory(out) ? Files.list(out) : Stream.of(out)) {
            files = listed.filter(f -> !f.getFileName().toString().startsWith(".") && !f.getFileName().toString().startsWith("_")).toList();
        }
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                String[] fields = line.split(",");
                assertThat(sums.put(Long.parseLong(fields[0]), Long.parseLong(fields[1]))).as("key %s once in %s", fields[0], out).isNull();
            }
        }
        return sums;
    }

    /** {@code v -> (v % KEYS, v)}; the first subtask to reach its 5000th record in a first attempt fails, once (a flag file). */
    static final class FailOnceMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final String flags;
        private transient long seen;

        FailOnceMap(String flags) {
            this.flags = flags;
        }

        @Override
        public Tuple2<Long, Long> map(Long v) {
            // Splits are handed out on request, so which subtask reads how much varies; one of the two reads at least half.
            if (++seen == 5_000 && getRuntimeContext().getAttemptNumber() == 0 && MarkDirectory.mark(flags, "failed")) {
                throw new IllegalStateException("injected failure of a map subtask's first attempt");
            }
            return Tuple2.of(v % KEYS, v);
        }
    }
}
