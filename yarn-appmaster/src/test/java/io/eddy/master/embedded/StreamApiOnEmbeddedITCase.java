package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.executor.JobExecutionException;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Programs written against the DataStream API run on the default (embedded) executor. */
@Timeout(120)
class StreamApiOnEmbeddedITCase {

    @Test
    void executeAndCollectRunsOnTheEmbeddedCluster() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);

        List<Long> evens = new ArrayList<>();
        try (CloseableIterator<Long> it = env.generateSequence(1, 1_000).filter(v -> v % 2 == 0).executeAndCollect()) {
            it.forEachRemaining(evens::add);
        }

        assertThat(evens).hasSize(500).allMatch(v -> v % 2 == 0);
        assertThat(evens.stream().mapToLong(Long::longValue).sum()).isEqualTo(250_500L);
    }

    @Test
    void keyedReduceAndAccumulatorsThroughExecute() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.generateSequence(1, 999).keyBy(v -> v % 3, Types.LONG).reduce(Long::sum).addSink(new CountingSink());

        JobExecutionResult result = env.execute("keyed reduce");

        assertThat(result.<Long>getAccumulatorResult("sunk")).isEqualTo(999L);
        assertThat(LocalClusterExtension.leakedThreads()).isEmpty();
    }

    @Test
    void aFailingFunctionSurfacesFromExecuteWithTheOperatorAndTheUsersMessage() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.generateSequence(1, 100).map(v -> {
            if (v == 50) {
                throw new IllegalStateException("user code says no");
            }
            return v;
        }).returns(Types.LONG).addSink(new CountingSink());

        assertThatThrownBy(() -> env.execute("failing"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("on worker-1 (127.0.0.1)")
                .hasRootCauseMessage("user code says no");
    }

    static final class CountingSink extends RichSinkFunction<Long> {
        @Override
        public void invoke(Long value) {
            getRuntimeContext().getLongCounter("sunk").add(1L);
        }
    }
}
