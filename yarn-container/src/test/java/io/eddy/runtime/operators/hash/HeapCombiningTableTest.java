package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeapCombiningTableTest extends CombiningTableContractTest {

    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<String, Long>> COUNT_TYPE =
            (CompositeType<Tuple2<String, Long>>) (Object) Types.TUPLE(Types.STRING, Types.LONG);
    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<Integer, String>> TEXT_TYPE =
            (CompositeType<Tuple2<Integer, String>>) (Object) Types.TUPLE(Types.INT, Types.STRING);

    private static <T> HeapCombiningTable<T> table(CompositeType<T> type, ReduceFunction<T> reducer, long budget, Collector<T> out) {
        SerializerConfig config = new SerializerConfig();
        return new HeapCombiningTable<>(type.createSerializer(config), type.createComparator(new int[] {0}, new boolean[] {true}, config),
                reducer, budget, out);
    }

    @Override
    HeapCombiningTable<Tuple2<String, Long>> counts(ReduceFunction<Tuple2<String, Long>> reducer, long budget,
            Collector<Tuple2<String, Long>> out) {
        return table(COUNT_TYPE, reducer, budget, out);
    }

    /** The estimate, which the budget bounds (the heap the objects really take is only estimated). */
    @Override
    long heldBytes(CombiningTable<Tuple2<String, Long>> table) {
        return ((HeapCombiningTable<Tuple2<String, Long>>) table).estimatedBytes();
    }

    @Test
    void aValueThatGrowsIsMeasuredAgainAndFlushed() throws Exception {
        // Two keys only, each value a concatenation that keeps growing: without measuring updates
        // the table would hold megabytes against a budget of 64 KiB.
        Partials<Tuple2<Integer, String>> out = new Partials<>();
        long budget = 64 << 10;
        HeapCombiningTable<Tuple2<Integer, String>> table = table(TEXT_TYPE, (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1), budget, out);
        StringBuilder all0 = new StringBuilder();
        for (int i = 0; i < 60_000; i++) {
            String piece = Integer.toString(i % 10);
            table.updateOrInsert(Tuple2.of(i % 2, piece));
            if (i % 2 == 0) {
                all0.append(piece);
            }
            assertThat(table.estimatedBytes()).isLessThanOrEqualTo(budget * 2);
        }
        table.flush();
        assertThat(table.flushCount()).isGreaterThan(2);
        StringBuilder joined0 = new StringBuilder();
        for (Tuple2<Integer, String> t : out.records) {
            if (t.f0 == 0) {
                joined0.append(t.f1);
            }
        }
        assertThat(joined0.toString()).as("partials of key 0, in order").isEqualTo(all0.toString());
    }

    @Test
    void refusesABudgetTooSmallForItsSlots() {
        assertThatThrownBy(() -> counts(SUM_INTO_FIRST, 100, new Partials<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("100 bytes")
                .hasMessageContaining("managed memory");
    }
}
