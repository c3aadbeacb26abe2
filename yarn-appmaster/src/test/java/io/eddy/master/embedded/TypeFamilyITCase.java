package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.RichMapPartitionFunction;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeinfo.family.GraphId;
import io.eddy.api.common.typeinfo.family.GraphIdTypeInfo;
import io.eddy.api.common.typeinfo.family.Money;
import io.eddy.api.common.typeinfo.family.MoneyTypeInfo;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.KeyedStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jobs on the embedded cluster keyed and sorted by types of the test type families: {@link Money}
 * (a {@code TypeInfoFamily} service in the dataflow-api test jar) and {@link GraphId} (annotated).
 * Money is {@link Comparable} by amount first, while its family's comparator orders by currency
 * first; neither class is a POJO, so without their type information they would be Kryo types.
 * Results in currency order show that the family's comparator (and its normalized keys, which
 * the sorter uses whenever a comparator supports them) ordered the records.
 */
@Timeout(120)
class TypeFamilyITCase {

    private static final long N = 20_000;
    private static final String[] CURRENCIES = {"USD", "CHF", "JPY", "EUR"};

    /** The family's order, written out for the assertions. */
    private static final TypeHint<Tuple2<Money, Long>> PRICE_COUNT = new TypeHint<Tuple2<Money, Long>>() {};

    private static final Comparator<Money> FAMILY_ORDER = Comparator.comparing(Money::currency).thenComparingLong(Money::cents);

    private static Money price(long i) {
        return Money.of(CURRENCIES[(int) (i % CURRENCIES.length)], (i * 7919) % 1000 - 500);
    }

    /** i to (price, buyer, 1). */
    public static final class Sale implements MapFunction<Long, Tuple3<Money, GraphId, Long>> {
        @Override
        public Tuple3<Money, GraphId, Long> map(Long i) {
            return Tuple3.of(price(i), GraphId.of(i % 7), 1L);
        }
    }

    /** A sale as a record, keyed by field name. */
    public record Purchase(GraphId buyer, Money price) {}

    /** Tuple to {@link Purchase}. */
    public static final class ToPurchase implements MapFunction<Tuple3<Money, GraphId, Long>, Purchase> {
        @Override
        public Purchase map(Tuple3<Money, GraphId, Long> sale) {
            return new Purchase(sale.f1, sale.f0);
        }
    }

    /** The price of a sale: a selector key of the family type. */
    public static final class ByPrice implements KeySelector<Tuple3<Money, GraphId, Long>, Money> {
        @Override
        public Money getKey(Tuple3<Money, GraphId, Long> sale) {
            return sale.f0;
        }
    }

    /** The price a label is for. */
    public static final class LabelPrice implements KeySelector<Tuple2<Money, String>, Money> {
        @Override
        public Money getKey(Tuple2<Money, String> label) {
            return label.f0;
        }
    }

    /** Counts a group: (price, count). */
    public static final class CountPurchases implements GroupReduceFunction<Purchase, Tuple2<Money, Long>> {
        @Override
        public void reduce(Iterable<Purchase> values, Collector<Tuple2<Money, Long>> out) {
            Money price = null;
            long n = 0;
            for (Purchase p : values) {
                price = p.price();
                n++;
            }
            out.collect(Tuple2.of(price, n));
        }
    }

    /** A partition's records as (subtask, position, price), so the order within the partition survives collect(). */
    public static final class Positions extends RichMapPartitionFunction<Tuple3<Money, GraphId, Long>, Tuple3<Integer, Long, Money>> {
        @Override
        public void mapPartition(Iterable<Tuple3<Money, GraphId, Long>> values, Collector<Tuple3<Integer, Long, Money>> out) {
            int subtask = getRuntimeContext().getIndexOfThisSubtask();
            long position = 0;
            for (Tuple3<Money, GraphId, Long> v : values) {
                out.collect(Tuple3.of(subtask, position++, v.f0));
            }
        }
    }

    /** A buyer's group as (buyer, first price, last price, whether the prices came in the family's order). */
    public static final class GroupOrder implements GroupReduceFunction<Tuple3<Money, GraphId, Long>, Tuple4<GraphId, Money, Money, Boolean>> {
        @Override
        public void reduce(Iterable<Tuple3<Money, GraphId, Long>> values, Collector<Tuple4<GraphId, Money, Money, Boolean>> out) {
            GraphId buyer = null;
            Money first = null;
            Money last = null;
            boolean ordered = true;
            for (Tuple3<Money, GraphId, Long> v : values) {
                buyer = v.f1;
                if (first == null) {
                    first = v.f0;
                } else {
                    ordered &= FAMILY_ORDER.compare(last, v.f0) <= 0;
                }
                last = v.f0;
            }
            out.collect(Tuple4.of(buyer, first, last, ordered));
        }
    }

    private static Map<Money, Long> expectedCounts() {
        return LongStream.rangeClosed(1, N).mapToObj(TypeFamilyITCase::price)
                .collect(Collectors.groupingBy(m -> m, Collectors.counting()));
    }

    private static Map<Money, Long> toMap(List<Tuple2<Money, Long>> pairs) {
        Map<Money, Long> map = new HashMap<>();
        for (Tuple2<Money, Long> p : pairs) {
            assertThat(map.put(p.f0, p.f1)).as("one group per price, %s twice", p.f0).isNull();
        }
        return map;
    }

    private static DataSet<Tuple3<Money, GraphId, Long>> sales(ExecutionEnvironment env) {
        return env.generateSequence(1, N).map(new Sale());
    }

    @Test
    void groupByAndJoinOnAFamilyType() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        Map<Money, Long> expected = expectedCounts();
        assertThat(sales(env).getType()).isEqualTo(Types.TUPLE(MoneyTypeInfo.INSTANCE, GraphIdTypeInfo.INSTANCE, Types.LONG));

        List<Tuple2<Money, Long>> byPosition = sales(env).groupBy(0).sum(2).map(t -> Tuple2.of(t.f0, t.f2)).returns(PRICE_COUNT).collect();
        assertThat(toMap(byPosition)).isEqualTo(expected);

        List<Tuple2<Money, Long>> bySelector = sales(env).groupBy(new ByPrice()).reduce((a, b) -> Tuple3.of(a.f0, a.f1, a.f2 + b.f2))
                .map(t -> Tuple2.of(t.f0, t.f2)).returns(PRICE_COUNT).collect();
        assertThat(toMap(bySelector)).isEqualTo(expected);

        List<Tuple2<Money, Long>> byRecordField = sales(env).map(new ToPurchase()).groupBy("price").reduceGroup(new CountPurchases()).collect();
        assertThat(toMap(byRecordField)).isEqualTo(expected);

        List<Money> some = List.of(Money.of("EUR", 3), Money.of("CHF", -500), Money.of("USD", 0), Money.of("XXX", 1));
        DataSet<Tuple2<Money, String>> labels = env.fromCollection(some.stream().map(m -> Tuple2.of(m, m.toString())).toList(),
                new TypeHint<Tuple2<Money, String>>() {}.getTypeInfo());
        long expectedMatches = some.stream().mapToLong(m -> expected.getOrDefault(m, 0L)).sum();
        assertThat(expectedMatches).isPositive();
        assertThat(sales(env).join(labels).where(0).equalTo(0).count()).isEqualTo(expectedMatches);
        assertThat(labels.join(sales(env)).where(new LabelPrice()).equalTo(new ByPrice()).count()).as("joined on selector keys")
                .isEqualTo(expectedMatches);
    }

    @Test
    void sortPartitionGroupOrderAndMinByUseTheFamilysComparator() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Money> familyOrder = LongStream.rangeClosed(1, N).mapToObj(TypeFamilyITCase::price).sorted(FAMILY_ORDER).toList();
        assertThat(familyOrder).as("the test needs orders that differ").isNotEqualTo(familyOrder.stream().sorted().toList());

        List<Tuple3<Integer, Long, Money>> one = sales(env).sortPartition(0, Order.ASCENDING).setParallelism(1)
                .mapPartition(new Positions()).setParallelism(1).collect();
        assertThat(inPartitionOrder(one).get(0)).isEqualTo(familyOrder);

        List<Tuple3<Integer, Long, Money>> ranged = sales(env).partitionByRange(0).sortPartition(0, Order.DESCENDING)
                .mapPartition(new Positions()).collect();
        Map<Integer, List<Money>> partitions = inPartitionOrder(ranged);
        assertThat(partitions).hasSize(2);
        List<Money> concatenated = new ArrayList<>();
        partitions.values().forEach(concatenated::addAll);
        assertThat(concatenated).as("each partition descending, and the range partitions in family order")
                .containsExactlyInAnyOrderElementsOf(familyOrder);
        for (List<Money> partition : partitions.values()) {
            assertThat(partition).isSortedAccordingTo(FAMILY_ORDER.reversed());
        }
        assertThat(FAMILY_ORDER.compare(partitions.get(0).get(0), partitions.get(1).get(partitions.get(1).size() - 1)))
                .as("range partition 0 holds the smaller keys").isLessThan(0);

        assertThat(sales(env).minBy(0).collect()).singleElement().satisfies(t -> assertThat(t.f0).isEqualTo(familyOrder.get(0)));
        assertThat(sales(env).maxBy(0).collect()).singleElement()
                .satisfies(t -> assertThat(t.f0).isEqualTo(familyOrder.get(familyOrder.size() - 1)));

        List<Tuple4<GraphId, Money, Money, Boolean>> groups = sales(env).groupBy(1).sortGroup(0, Order.ASCENDING)
                .reduceGroup(new GroupOrder()).collect();
        assertThat(groups).hasSize(7).allSatisfy(g -> {
            assertThat(g.f3).as("prices of buyer %s in family order", g.f0).isTrue();
            assertThat(g.f1.currency()).isEqualTo("CHF");
            assertThat(g.f2.currency()).isEqualTo("USD");
        });
    }

    private static Map<Integer, List<Money>> inPartitionOrder(List<Tuple3<Integer, Long, Money>> tagged) {
        return tagged.stream().sorted(Comparator.comparing((Tuple3<Integer, Long, Money> t) -> t.f0).thenComparing(t -> t.f1))
                .collect(Collectors.groupingBy(t -> t.f0, TreeMap::new, Collectors.mapping(t -> t.f2, Collectors.toList())));
    }

    /** The price of a stream record. */
    public static final class StreamPrice implements KeySelector<Tuple2<Money, Long>, Money> {
        @Override
        public Money getKey(Tuple2<Money, Long> sale) {
            return sale.f0;
        }
    }

    /** i to (price, 1). */
    public static final class StreamSale implements MapFunction<Long, Tuple2<Money, Long>> {
        @Override
        public Tuple2<Money, Long> map(Long i) {
            return Tuple2.of(price(i), 1L);
        }
    }

    @Test
    void aStreamKeyedByAFamilyType() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        KeyedStream<Tuple2<Money, Long>, Money> keyed = env.generateSequence(1, N).map(new StreamSale()).keyBy(new StreamPrice());
        assertThat(keyed.getKeyType()).isSameAs(MoneyTypeInfo.INSTANCE);

        Map<Money, Long> totals = new HashMap<>();
        try (CloseableIterator<Tuple2<Money, Long>> it = keyed.reduce((a, b) -> Tuple2.of(a.f0, a.f1 + b.f1)).executeAndCollect()) {
            it.forEachRemaining(t -> totals.merge(t.f0, t.f1, Math::max));
        }
        assertThat(totals).isEqualTo(expectedCounts());
    }
}
