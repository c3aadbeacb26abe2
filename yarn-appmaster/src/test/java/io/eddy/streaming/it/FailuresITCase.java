package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.executor.JobExecutionException;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.streaming.it.TestTypes.WordCount;
import io.eddy.testkit.results.ResultDirectory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Failures: user exceptions fail the job quickly and say where; plan errors surface before anything runs. */
@Timeout(60)
class FailuresITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    /** The counter of {@link CountedSource} opens in a test's {@link ResultDirectory}. */
    private static final String SOURCE_OPENS = "source-opens";

    @TempDir
    Path temp;

    @Test
    void aUserExceptionFailsExecuteWithinSecondsNamingOperatorAndSubtask() throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        // an endless branch: the failure must cancel it, or execute() would never return
        env.addSource(new CountedSource(run, Long.MAX_VALUE), Types.LONG).addSink(v -> { });
        env.generateSequence(1, 100).map(new ExplodeAt(75)).name("Exploding Map").addSink(v -> { });

        long start = System.nanoTime();
        Throwable thrown = catchThrowable(() -> env.execute("failing"));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(thrown).isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("Exploding Map")
                .hasMessageContaining("(2/2)");
        assertThat(causeChain(thrown)).anySatisfy(t -> assertThat(t).isInstanceOf(IllegalStateException.class).hasMessage("boom at 75"));
        assertThat(took).isLessThan(Duration.ofSeconds(15));
    }

    /** Throws "boom at n" on the value n; generateSequence(1, 100) with parallelism 2 gives 75 to subtask 2/2. */
    static final class ExplodeAt implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final long at;

        ExplodeAt(long at) {
            this.at = at;
        }

        @Override
        public Long map(Long value) {
            if (value == at) {
                throw new IllegalStateException("boom at " + at);
            }
            return value;
        }
    }

    @Test
    void aFailureDownstreamOfBackPressuredEndlessSourcesCancelsThemQuickly() throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.addSource(new CountedSource(run, Long.MAX_VALUE), Types.LONG)
                .keyBy(v -> v % 10, Types.LONG)
                .reduce(new ExplodingSum(50_000))
                .name("Exploding Sum")
                .addSink(v -> { });

        long start = System.nanoTime();
        Throwable thrown = catchThrowable(() -> env.execute("failing downstream"));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(thrown).isInstanceOf(JobExecutionException.class).hasMessageContaining("Exploding Sum");
        assertThat(causeChain(thrown)).anySatisfy(t -> assertThat(t).hasMessageContaining("sum reached"));
        assertThat(run.count(SOURCE_OPENS)).as("source opens").isEqualTo(2);
        assertThat(took).isLessThan(Duration.ofSeconds(15));
    }

    /** Sums, and throws once a key's sum reaches {@code limit}. */
    static final class ExplodingSum implements ReduceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final long limit;

        ExplodingSum(long limit) {
            this.limit = limit;
        }

        @Override
        public Long reduce(Long a, Long b) {
            if (a + b >= limit) {
                throw new IllegalStateException("sum reached " + (a + b));
            }
            return a + b;
        }
    }

    @Test
    void aFailureWhileCollectingSurfacesFromTheIterator() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        DataStream<Long> failing = env.generateSequence(1, 1000).map(new ExplodeAt(500)).name("Exploding Map");

        List<Long> read = new ArrayList<>();
        Throwable thrown;
        try (CloseableIterator<Long> it = failing.executeAndCollect()) {
            thrown = catchThrowable(() -> it.forEachRemaining(read::add));
        }

        assertThat(thrown).isInstanceOf(RuntimeException.class).hasCauseInstanceOf(JobExecutionException.class);
        assertThat(thrown.getCause()).hasMessageContaining("Exploding Map");
        assertThat(causeChain(thrown)).anySatisfy(t -> assertThat(t).hasMessage("boom at 500"));
        assertThat(read).hasSizeLessThan(500);
    }

    @Test
    void keyedStateOnANonKeyedStreamFailsSayingToKeyByFirst() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.generateSequence(1, 10).map(new StateWithoutKey()).name("Stateful Map").addSink(v -> { });

        Throwable thrown = catchThrowable(() -> env.execute("no key"));

        assertThat(thrown).isInstanceOf(JobExecutionException.class).hasMessageContaining("Stateful Map");
        assertThat(causeChain(thrown)).anySatisfy(t -> assertThat(t).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("keyBy"));
    }

    /** Asks for keyed state although its stream is not keyed. */
    static final class StateWithoutKey extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open() {
            getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
        }

        @Override
        public Long map(Long value) {
            return value;
        }
    }

    @Test
    void aRefusedSocketConnectionFailsTheJobNamingHostAndPort() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.socketTextStream("127.0.0.1", port).addSink(v -> { });

        Throwable thrown = catchThrowable(() -> env.execute("refused"));

        assertThat(thrown).isInstanceOf(JobExecutionException.class);
        assertThat(causeChain(thrown)).anySatisfy(t -> assertThat(t).hasMessageContaining("127.0.0.1:" + port));
    }

    @Test
    void anUnknownKeyFieldFailsAtTheCallListingTheFields() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<WordCount> words = env.fromElements(new WordCount("a", 1));

        assertThatThrownBy(() -> words.keyBy("wrod"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("wrod")
                .hasMessageContaining("word")
                .hasMessageContaining("count");
    }

    @Test
    void aPlanErrorAtExecuteSurfacesBeforeAnyTaskRuns() throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.addSource(new CountedSource(run, 10), Types.LONG).name("Counted").forward().map(v -> v + 1).name("Wider").setParallelism(3)
                .addSink(v -> { });

        assertThatThrownBy(() -> env.execute("bad plan"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Counted")
                .hasMessageContaining("Wider")
                .hasMessageContaining("rebalance()");
        assertThat(run.count(SOURCE_OPENS)).as("source opens").isZero();
    }

    @Test
    void anErasedLambdaTypeFailsNamingTheOperatorAndTheFix() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        assertThatThrownBy(() -> {
            env.fromElements("a b", "c").flatMap((String line, Collector<String> out) -> out.collect(line)).name("Splitter").print();
            env.execute("erased");
        }).hasMessageContaining("Splitter").hasMessageContaining("returns(");
    }

    /** Each subtask emits 0..n-1 and counts its open() in the counter {@value #SOURCE_OPENS}. */
    static final class CountedSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;
        private final long n;
        private volatile boolean running = true;

        CountedSource(ResultDirectory run, long n) {
            this.run = run;
            this.n = n;
        }

        @Override
        public void open() {
            run.increment(SOURCE_OPENS);
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long i = 0; i < n && running; i++) {
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    private static List<Throwable> causeChain(Throwable t) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable c = t; c != null && !chain.contains(c); c = c.getCause()) {
            chain.add(c);
        }
        return chain;
    }
}
