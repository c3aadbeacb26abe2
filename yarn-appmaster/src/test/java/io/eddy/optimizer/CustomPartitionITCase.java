package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.Partitioner;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code partitionCustom} on the embedded cluster: every record reaches the subtask its partitioner picks. */
@Timeout(120)
class CustomPartitionITCase {

    private static final long N = 20_000;

    /** (i * 7919 % N, i): keys out of order. */
    public static final class Shuffle implements MapFunction<Long, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value * 7919 % N, value);
        }
    }

    /** Key 0..N-1 to partition by its hundreds, from the last partition down: no hash would do this. */
    public static final class ByHundredsDescending implements Partitioner<Long> {
        @Override
        public int partition(Long key, int numPartitions) {
            return numPartitions - 1 - (int) ((key / 100) % numPartitions);
        }
    }

    /** (subtask index, key). */
    public static final class TagSubtask extends RichMapFunction<Tuple2<Long, Long>, Tuple2<Integer, Long>> {
        @Override
        public Tuple2<Integer, Long> map(Tuple2<Long, Long> value) {
            return Tuple2.of(getRuntimeContext().getIndexOfThisSubtask(), value.f0);
        }
    }

    /** The key of a pair, as a selector. */
    public static final class FirstField implements KeySelector<Tuple2<Long, Long>, Long> {
        @Override
        public Long getKey(Tuple2<Long, Long> value) {
            return value.f0;
        }
    }

    private static void assertPartitionedByHundreds(List<Tuple2<Integer, Long>> tagged, int parallelism) {
        assertThat(tagged).hasSize((int) N);
        assertThat(tagged.stream().map(t -> t.f1).distinct().count()).isEqualTo(N);
        assertThat(tagged).allSatisfy(t -> assertThat(t.f0).as("subtask of key %d", t.f1)
                .isEqualTo(parallelism - 1 - (int) ((t.f1 / 100) % parallelism)));
    }

    @Test
    void everyRecordReachesTheSubtaskThePartitionerPicks() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(3);
        DataSet<Tuple2<Long, Long>> pairs = env.generateSequence(0, N - 1).map(new Shuffle());
        assertPartitionedByHundreds(pairs.partitionCustom(new ByHundredsDescending(), 0).map(new TagSubtask()).collect(), 3);
        assertPartitionedByHundreds(pairs.partitionCustom(new ByHundredsDescending(), "f0").map(new TagSubtask()).collect(), 3);
        assertPartitionedByHundreds(pairs.partitionCustom(new ByHundredsDescending(), new FirstField()).map(new TagSubtask()).collect(), 3);
    }

    @Test
    void theNextOperatorsParallelismIsWhatThePartitionerIsGiven() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(3);
        List<Tuple2<Integer, Long>> tagged = env.generateSequence(0, N - 1).map(new Shuffle()).partitionCustom(new ByHundredsDescending(), 0)
                .map(new TagSubtask()).setParallelism(2).collect();
        assertPartitionedByHundreds(tagged, 2);
    }

    /** Always partition 7. */
    public static final class OutOfRange implements Partitioner<Long> {
        @Override
        public int partition(Long key, int numPartitions) {
            return 7;
        }
    }

    @Test
    void aPartitionOutsideTheRangeFailsNamingThePartitioner() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<Integer, Long>> tagged = env.generateSequence(0, 9).map(new Shuffle()).partitionCustom(new OutOfRange(), 0)
                .map(new TagSubtask());
        assertThatThrownBy(tagged::collect).hasStackTraceContaining(OutOfRange.class.getName())
                .hasStackTraceContaining("into partition 7").hasStackTraceContaining("[0, 2)");
    }
}
