package io.eddy.optimizer.functions;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.rich.RichReduceFunction;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wrappers that run a program's function over {@code (key, record)} pairs. */
class KeyedFunctionsTest {

    /** Sums strings' lengths as a combinable group reduce (output: the total as a string). */
    static final class TotalLength implements GroupReduceFunction<String, String>, GroupCombineFunction<String, String> {
        @Override
        public void reduce(Iterable<String> values, Collector<String> out) {
            int n = 0;
            for (String s : values) {
                n += s.length();
            }
            out.collect("x".repeat(n));
        }

        @Override
        public void combine(Iterable<String> values, Collector<String> out) {
            reduce(values, out);
        }
    }

    static final class Concat extends RichReduceFunction<String> {
        boolean opened;

        @Override
        public void open() {
            opened = true;
        }

        @Override
        public String reduce(String a, String b) {
            return a + b;
        }
    }

    private static <T> Collector<T> into(List<T> list) {
        return new Collector<>() {
            @Override
            public void collect(T record) {
                list.add(record);
            }

            @Override
            public void close() {}
        };
    }

    /** An iterable that may be iterated once, as a driver's group iterable. */
    private static <T> Iterable<T> once(List<T> values) {
        boolean[] used = {false};
        return () -> {
            assertThat(used[0]).as("iterated twice").isFalse();
            used[0] = true;
            return values.iterator();
        };
    }

    @Test
    void extractorAndRemoverAreInverse() throws Exception {
        Tuple2<Integer, String> pair = new KeyExtractor<String, Integer>(String::length).map("abc");
        assertThat(pair).isEqualTo(Tuple2.of(3, "abc"));
        assertThat(new ValueExtractor<Integer, String>().map(pair)).isEqualTo("abc");
    }

    @Test
    void reducerKeepsTheKeyAndForwardsOpen() throws Exception {
        Concat concat = new Concat();
        KeyedFunctions.Reducer<Integer, String> reducer = new KeyedFunctions.Reducer<>(concat);
        reducer.open();
        assertThat(concat.opened).isTrue();
        assertThat(reducer.reduce(Tuple2.of(1, "a"), Tuple2.of(1, "b"))).isEqualTo(Tuple2.of(1, "ab"));
    }

    @Test
    void combinableGroupReducerCombinesWithTheGroupsKeyInOnePass() throws Exception {
        KeyedFunctions.CombinableGroupReducer<Integer, String, String> fn = new KeyedFunctions.CombinableGroupReducer<>(new TotalLength());
        List<Tuple2<Integer, String>> combined = new ArrayList<>();
        fn.combine(once(List.of(Tuple2.of(7, "ab"), Tuple2.of(7, "c"))), into(combined));
        assertThat(combined).containsExactly(Tuple2.of(7, "xxx"));

        List<String> reduced = new ArrayList<>();
        fn.reduce(once(List.of(Tuple2.of(7, "xxx"), Tuple2.of(7, "y"))), into(reduced));
        assertThat(reduced).containsExactly("xxxx");
    }

    @Test
    void joinerPassesNullForAMissingOuterSide() throws Exception {
        List<String> out = new ArrayList<>();
        KeyedFunctions.Joiner<Integer, String, String, String> joiner = new KeyedFunctions.Joiner<>(
                (String l, String r, Collector<String> c) -> c.collect(l + "/" + r));
        joiner.join(Tuple2.of(1, "l"), null, into(out));
        joiner.join(Tuple2.of(1, "l"), Tuple2.of(1, "r"), into(out));
        assertThat(out).containsExactly("l/null", "l/r");
    }

    @Test
    void coGrouperSeesTheRecords() throws Exception {
        List<String> out = new ArrayList<>();
        KeyedFunctions.CoGrouper<Integer, String, String, String> fn = new KeyedFunctions.CoGrouper<>(
                (Iterable<String> a, Iterable<String> b, Collector<String> c) -> {
                    a.forEach(c::collect);
                    b.forEach(c::collect);
                });
        fn.coGroup(once(List.of(Tuple2.of(1, "a"))), once(List.of(Tuple2.of(1, "b"), Tuple2.of(1, "c"))), into(out));
        assertThat(out).containsExactly("a", "b", "c");
    }
}
