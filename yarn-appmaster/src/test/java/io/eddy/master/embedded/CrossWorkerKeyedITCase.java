package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A keyed exchange that crosses two workers (2 workers x 1 slot, parallelism 2: each worker runs
 * one source and one keyed reducer, so every producer writes one local and one remote channel),
 * with small network pools and enough records to run every producer out of buffers many times
 * over. The job must finish with exact results; a lost wake-up or credit would stall it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CrossWorkerKeyedITCase {

    private static final long RECORDS = 2_000_000;
    private static final long KEYS = 1_000;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder()
            .workers(2)
            .slotsPerWorker(1)
            .network(NetworkConfig.builder()
                    .segmentSize(1024)
                    .totalBuffers(128)
                    .buffersPerSubpartition(1)
                    .extraBuffersPerPartition(1)
                    .exclusiveBuffersPerChannel(1)
                    .floatingBuffersPerGate(2)
                    .build())
            .build());

    @Test
    void keyedRunningSumsAcrossTwoWorkersAreExact() throws Exception {
        assertKeyedSumsExact(100);
    }

    @Test
    void keyedRunningSumsAcrossTwoWorkersAreExactWithOnlyFullBuffersSent() throws Exception {
        assertKeyedSumsExact(-1);
    }

    private void assertKeyedSumsExact(long bufferTimeout) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.setBufferTimeout(bufferTimeout);
        MapFunction<Long, Tuple2<Long, Long>> withKey = v -> Tuple2.of(v % KEYS, v);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        env.generateSequence(1, RECORDS)
                .map(withKey).returns(PAIR)
                .keyBy(byKey, Types.LONG)
                .reduce(sum)
                .addSink(new FinalSumsSink());

        JobClient client = CLUSTER.submit(env.getJobGraph("cross-worker keyed sums, buffer timeout " + bufferTimeout));
        JobExecutionResult result = client.getJobResult().get(100, TimeUnit.SECONDS);

        assertThat(CLUSTER.cluster().workers()).hasSize(2);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.RECORDS)).as("records reaching the sinks").isEqualTo(RECORDS);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.KEYS))
                .as("keys over both subtasks: each key reached exactly one subtask")
                .isEqualTo(KEYS);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.FINAL_SUMS))
                .as("sum of the final running sums of all keys")
                .isEqualTo(RECORDS * (RECORDS + 1) / 2);
    }

    /** Keeps the latest running sum per key and reports the count of records and keys and the sum of the final sums. */
    static final class FinalSumsSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String RECORDS = "records";
        static final String KEYS = "keys";
        static final String FINAL_SUMS = "final sums";

        private transient Map<Long, Long> latest;
        private transient long records;

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            if (latest == null) {
                latest = new HashMap<>();
            }
            Long previous = latest.put(value.f0, value.f1);
            if (previous != null && previous >= value.f1) {
                throw new IllegalStateException("The running sum of key " + value.f0 + " went from " + previous + " to " + value.f1
                        + ": records of the key were lost, duplicated or reordered");
            }
            records++;
        }

        @Override
        public void close() {
            long finalSums = 0;
            if (latest != null) {
                for (long s : latest.values()) {
                    finalSums += s;
                }
            }
            getRuntimeContext().getLongCounter(RECORDS).add(records);
            getRuntimeContext().getLongCounter(KEYS).add(latest == null ? 0L : latest.size());
            getRuntimeContext().getLongCounter(FINAL_SUMS).add(finalSums);
        }
    }
}
