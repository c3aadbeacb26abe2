package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.collectAll;
import static io.eddy.streaming.it.E2e.range;
import static io.eddy.streaming.it.E2e.sorted;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every buffer timeout delivers every record: 0 (flush after each record), -1 (only full buffers,
 * plus the flush at the end of the input) and 100 ms, with fewer records than fill one buffer and
 * with many buffers' worth.
 */
@Timeout(60)
class BufferTimeoutITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    @ParameterizedTest(name = "timeout {0} ms, {1} records")
    @CsvSource({"0, 5", "0, 20000", "-1, 5", "-1, 20000", "100, 5", "100, 20000"})
    void everyRecordArrives(long timeoutMillis, long records) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2).setBufferTimeout(timeoutMillis);

        List<Long> result = collectAll(env.generateSequence(1, records).rebalance().map(v -> v * 2).setParallelism(3)
                .keyBy(v -> v % 7, Types.LONG).map(v -> v / 2));

        assertThat(env.getBufferTimeout()).isEqualTo(timeoutMillis);
        assertThat(sorted(result)).isEqualTo(range(1, records));
    }
}
