package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.BlockingJobGraphs;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A BLOCKING hash exchange between two worker processes (1 slot each, parallelism 2): each producer
 * writes one subpartition read locally and one read over TCP, after both producers finished. The
 * producers write more than a partition keeps in memory (4 MiB by default), so the consumers read
 * spilled data from the workers' temp directory ({@code --tmp-dir}).
 */
@Timeout(120)
class BlockingExchangeProcessITCase {

    private static final long RECORDS = 600_000;
    private static final long KEYS = 1_000;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 1);

    @Test
    void keyedSumsOverABlockingExchangeBetweenWorkerProcessesAreExact() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        MapFunction<Long, Tuple2<Long, Long>> withKey = v -> Tuple2.of(v % KEYS, v);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        env.generateSequence(1, RECORDS).map(withKey).returns(PAIR).keyBy(byKey, Types.LONG).reduce(sum)
                .addSink(new FinalSumsSink(CLUSTER.directory().resolve("tmp").toString()));
        JobGraph graph = BlockingJobGraphs.withBlockingEdges(env.getJobGraph("blocking keyed sums"), ShipStrategy.HASH);
        assertThat(graph.edges()).extracting(e -> e.exchangeMode()).containsExactly(ExchangeMode.BLOCKING);

        JobExecutionResult result;
        try (JobClient client = new RemoteExecutorFactory().create(CLUSTER.remoteConfiguration())
                .submit(graph, List.of(), getClass().getClassLoader())) {
            result = client.getJobResult().get(100, TimeUnit.SECONDS);
        }

        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.RECORDS)).isEqualTo(RECORDS);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.KEYS)).isEqualTo(KEYS);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.FINAL_SUMS)).isEqualTo(RECORDS * (RECORDS + 1) / 2);
        assertThat(result.<Integer>getAccumulatorResult(FinalSumsSink.SPILL_FILES))
                .as("spill files each of the 2 consumers saw when it opened: one per producer partition").isEqualTo(2 * 2);
    }

    /** Checks the running sums per key; reports counts, the sum of final sums and the spill files present at open. */
    static final class FinalSumsSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String RECORDS = "records";
        static final String KEYS = "keys";
        static final String FINAL_SUMS = "final sums";
        static final String SPILL_FILES = "spill files";

        private final String spillDirectory;
        private transient Map<Long, Long> latest;
        private transient long records;

        FinalSumsSink(String spillDirectory) {
            this.spillDirectory = spillDirectory;
        }

        @Override
        public void open() {
            latest = new HashMap<>();
            try (Stream<Path> files = Files.list(Path.of(spillDirectory))) {
                int count = (int) files.filter(f -> f.getFileName().toString().endsWith(".spill")).count();
                getRuntimeContext().getIntCounter(SPILL_FILES).add(count);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            Long previous = latest.put(value.f0, value.f1);
            if (previous != null && previous >= value.f1) {
                throw new IllegalStateException("The running sum of key " + value.f0 + " went from " + previous + " to " + value.f1);
            }
            records++;
        }

        @Override
        public void close() {
            long finalSums = 0;
            for (long s : latest.values()) {
                finalSums += s;
            }
            getRuntimeContext().getLongCounter(RECORDS).add(records);
            getRuntimeContext().getLongCounter(KEYS).add((long) latest.size());
            getRuntimeContext().getLongCounter(FINAL_SUMS).add(finalSums);
        }
    }
}
