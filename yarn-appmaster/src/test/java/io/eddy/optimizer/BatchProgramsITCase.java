package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DataSet programs compiled by the optimizer and run on the embedded cluster, results brought
 * back with {@code collect()} / {@code count()}: the plans the unit tests pin also compute the
 * right answers with the runtime's drivers.
 */
class BatchProgramsITCase {

    /** Line to (word, 1). */
    public static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String w : line.split(" ")) {
                out.collect(Tuple2.of(w, 1));
            }
        }
    }

    /** Left record's value, or -1 without a match. */
    public static final class LeftOrMinusOne implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, String>, Long> {
        @Override
        public Long join(Tuple2<Long, Long> left, Tuple2<Long, String> right) {
            return right == null ? -1L : left.f1;
        }
    }

    /** Sizes of both groups as a pair. */
    public static final class Sizes implements CoGroupFunction<Tuple2<Long, Long>, Tuple2<Long, String>, Tuple2<Long, Long>> {
        @Override
        public void coGroup(Iterable<Tuple2<Long, Long>> first, Iterable<Tuple2<Long, String>> second, Collector<Tuple2<Long, Long>> out) {
            long a = 0;
            long b = 0;
            for (Tuple2<Long, Long> ignored : first) {
                a++;
            }
            for (Tuple2<Long, String> ignored : second) {
                b++;
            }
            out.collect(Tuple2.of(a, b));
        }
    }

    private static DataSet<Tuple2<Long, Long>> byLastDigit(ExecutionEnvironment env, long n) {
        return env.generateSequence(1, n).map(x -> Tuple2.of(x % 10, x)).returns(new TypeHint<Tuple2<Long, Long>>() {});
    }

    private static DataSet<Tuple2<Long, String>> names(ExecutionEnvironment env) {
        return env.fromElements(Tuple2.of(1L, "one"), Tuple2.of(2L, "two"));
    }

    @Test
    void wordCount() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<String, Integer>> result = env.fromElements("a b a", "c a b").flatMap(new Tokenizer()).groupBy(0).sum(1).collect();
        assertThat(result).containsExactlyInAnyOrder(Tuple2.of("a", 3), Tuple2.of("b", 2), Tuple2.of("c", 1));
    }

    @Test
    void broadcastHashJoinAndCount() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        assertThat(byLastDigit(env, 1000).join(names(env)).where(0).equalTo(0).count()).isEqualTo(200);
    }

    @Test
    void selfJoinThroughABlockingEdgeAndSelectorKeys() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<Long, Long>> a = byLastDigit(env, 100);
        assertThat(a.join(a).where(0).equalTo(0).count()).isEqualTo(1000);

        List<Tuple2<Long, Long>> sums = byLastDigit(env, 100).groupBy(t -> t.f0).reduce((x, y) -> Tuple2.of(x.f0, x.f1 + y.f1)).collect();
        assertThat(sums).hasSize(10).contains(Tuple2.of(0L, 550L), Tuple2.of(1L, 460L));
    }

    @Test
    void outerJoinAndCoGroup() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Long> joined = byLastDigit(env, 20).leftOuterJoin(names(env)).where(0).equalTo(0).with(new LeftOrMinusOne()).collect();
        assertThat(joined).hasSize(20).containsOnlyOnce(1L, 11L, 2L, 12L);
        assertThat(joined.stream().filter(v -> v == -1L)).hasSize(16);

        List<Tuple2<Long, Long>> sizes = byLastDigit(env, 20).coGroup(names(env)).where(0).equalTo(0).with(new Sizes()).collect();
        assertThat(sizes).hasSize(10).containsOnly(Tuple2.of(2L, 1L), Tuple2.of(2L, 0L));
        assertThat(sizes.stream().filter(t -> t.f1 == 1L)).hasSize(2);
    }
}
