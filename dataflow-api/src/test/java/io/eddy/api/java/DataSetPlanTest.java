package io.eddy.api.java;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.RichFilterFunction;
import io.eddy.api.common.functions.annotations.ForwardedFields;
import io.eddy.api.common.functions.annotations.ForwardedFieldsSecond;
import io.eddy.api.common.io.CollectionInputFormat;
import io.eddy.api.common.io.NumberSequenceInputFormat;
import io.eddy.api.common.io.TextInputFormat;
import io.eddy.api.common.io.TextOutputFormat;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.common.io.csv.CsvInputFormat;
import io.eddy.api.common.io.csv.CsvOutputFormat;
import io.eddy.api.common.operators.CoGroupOperatorBase;
import io.eddy.api.common.operators.CompilerHints;
import io.eddy.api.common.operators.CrossHint;
import io.eddy.api.common.operators.CrossOperatorBase;
import io.eddy.api.common.operators.DualInputOperator;
import io.eddy.api.common.operators.FilterOperatorBase;
import io.eddy.api.common.operators.FlatMapOperatorBase;
import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.api.common.operators.GroupCombineOperatorBase;
import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.MapOperatorBase;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.PartitionMethod;
import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.common.operators.SingleInputOperator;
import io.eddy.api.common.operators.SortPartitionOperatorBase;
import io.eddy.api.common.operators.Union;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.functions.AggregationReducer;
import io.eddy.api.java.functions.DefaultJoinFunction;
import io.eddy.api.java.functions.DistinctReducer;
import io.eddy.api.java.functions.FirstReducer;
import io.eddy.api.java.functions.JoinToFlatJoinAdapter;
import io.eddy.api.java.functions.ProjectionJoinFunction;
import io.eddy.api.java.functions.SelectByReducer;
import io.eddy.api.java.tuple.Tuple1;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.util.InstantiationUtil;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Builds plans of typical programs and checks the logical operators: kinds, keys, types, names, parallelism, hints. */
class DataSetPlanTest {

    /** Splits lines into (word, 1). */
    static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String word : line.split(" ")) {
                out.collect(new Tuple2<>(word, 1));
            }
        }
    }

    /** Joins an order (customer, status, amount) with a customer (id, name) into (name, amount). */
    @ForwardedFieldsSecond("f1->f0")
    static final class NameAmount implements JoinFunction<Tuple3<Integer, String, Double>, Tuple2<Integer, String>, Tuple2<String, Double>> {
        @Override
        public Tuple2<String, Double> join(Tuple3<Integer, String, Double> order, Tuple2<Integer, String> customer) {
            return new Tuple2<>(customer.f1, order.f2);
        }
    }

    /** Keeps orders whose status is not in the broadcast set "blocked". */
    static final class NotBlocked extends RichFilterFunction<Tuple3<Integer, String, Double>> {
        @Override
        public boolean filter(Tuple3<Integer, String, Double> order) {
            return !order.f1.isEmpty();
        }
    }

    /** Swaps the fields; declares it by annotation. */
    @ForwardedFields({"f0->f1", "f1->f0"})
    static final class Swap implements MapFunction<Tuple2<String, String>, Tuple2<String, String>> {
        @Override
        public Tuple2<String, String> map(Tuple2<String, String> value) {
            return new Tuple2<>(value.f1, value.f0);
        }
    }

    /** Emits the right side's key. */
    static final class RightKey implements FlatJoinFunction<Tuple2<Integer, String>, Tuple2<Integer, String>, Integer> {
        @Override
        public void join(Tuple2<Integer, String> l, Tuple2<Integer, String> r, Collector<Integer> out) {
            out.collect(r.f0);
        }
    }

    /** Emits one marker per key. */
    static final class GroupMarker implements CoGroupFunction<Tuple2<String, Integer>, Tuple3<Integer, String, Long>, String> {
        @Override
        public void coGroup(Iterable<Tuple2<String, Integer>> first, Iterable<Tuple3<Integer, String, Long>> second, Collector<String> out) {
            out.collect("group");
        }
    }

    /** Adds a number of each side. */
    static final class SumOfPair implements CrossFunction<Tuple2<String, Integer>, Tuple3<Integer, String, Long>, Long> {
        @Override
        public Long cross(Tuple2<String, Integer> first, Tuple3<Integer, String, Long> second) {
            return second.f2 + first.f1;
        }
    }

    /** The second field as key. */
    static final class SecondField implements KeySelector<Tuple2<Long, String>, String> {
        @Override
        public String getKey(Tuple2<Long, String> value) {
            return value.f1;
        }
    }

    /** A tuple subclass binding its field types. */
    public static class Person extends Tuple2<String, Integer> {
        private static final long serialVersionUID = 1L;
    }

    private static <T> DataSink<T> discard(DataSet<T> set) {
        return set.output(new DiscardingOutputFormat<>());
    }

    /** Every function, key selector and format of the plan serializes: the plan can be shipped. */
    private static void assertShippable(Plan plan) {
        for (LogicalOperator<?> op : plan.getOperators()) {
            if (op.getUserFunction() != null) {
                InstantiationUtil.serialize(op.getUserFunction(), "function of " + op);
            }
            List<Keys> keys = new java.util.ArrayList<>();
            if (op instanceof SingleInputOperator<?, ?> single && single.getKeys() != null) {
                keys.add(single.getKeys());
            }
            if (op instanceof DualInputOperator<?, ?, ?> dual && dual.getKeys1() != null) {
                keys.add(dual.getKeys1());
                keys.add(dual.getKeys2());
            }
            for (Keys k : keys) {
                InstantiationUtil.serialize(k, "keys of " + op);
            }
        }
    }

    private static LogicalOperator<?> sinkInput(Plan plan, int sink) {
        return plan.getDataSinks().get(sink).getInputs().get(0);
    }

    @Test
    void wordCount() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(4);
        DataSet<String> text = env.fromElements("to be or", "not to be");
        DataSet<Tuple2<String, Integer>> counts = text.flatMap(new Tokenizer()).name("Tokenize").groupBy(0).sum(1).name("Count");
        counts.writeAsText("/tmp/eddy-dataset-test/out", WriteMode.OVERWRITE).name("Result");

        Plan plan = env.createProgramPlan("WordCount");
        assertShippable(plan);

        assertThat(plan.getJobName()).isEqualTo("WordCount");
        assertThat(plan.getDefaultParallelism()).isEqualTo(4);
        GenericDataSinkBase<?> sink = plan.getDataSinks().get(0);
        assertThat(sink.getName()).isEqualTo("Result");
        assertThat(sink.getFormat()).isInstanceOf(TextOutputFormat.class);
        ReduceOperatorBase<?> count = (ReduceOperatorBase<?>) sink.getInput().operator();
        assertThat(count.getName()).isEqualTo("Count");
        assertThat(count.getUserFunction()).isInstanceOf(AggregationReducer.class);
        assertThat(count.getKeys().getFlatPositions()).containsExactly(0);
        assertThat(count.getKeys().getKeyType()).isEqualTo(Types.STRING);
        assertThat(count.getSemanticProperties().getForwardingTargetFields(0, 0)).containsExactly(0);
        assertThat(count.getSemanticProperties().getForwardingTargetFields(0, 1)).isEmpty();
        assertThat(count.getOutputType()).isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
        FlatMapOperatorBase<?, ?> tokenize = (FlatMapOperatorBase<?, ?>) count.getInput().operator();
        assertThat(tokenize.getName()).isEqualTo("Tokenize");
        assertThat(tokenize.getUserFunction()).isInstanceOf(Tokenizer.class);
        assertThat(tokenize.getInputType()).isEqualTo(Types.STRING);
        GenericDataSourceBase<?> source = (GenericDataSourceBase<?>) tokenize.getInput().operator();
        assertThat(source.getFormat()).isInstanceOf(CollectionInputFormat.class);
        assertThat(source.getParallelism()).isEqualTo(1);
        assertThat(tokenize.getParallelism()).isEqualTo(OperatorInfo.DEFAULT_PARALLELISM);

        assertThat(plan.getOperators()).containsExactly(source, tokenize, count, sink);
        assertThat(plan.getOperators()).extracting(LogicalOperator::getId).containsExactly(1, 2, 3, 4);
        assertThat(plan.toString()).contains("Reduce#3 'Count'", "keys=fields [0]");
    }

    @Test
    void joinGroupAggregateWithBroadcastSetAndForwardedFields() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple3<Integer, String, Double>> orders = env.fromElements(new Tuple3<>(1, "open", 10.0), new Tuple3<>(2, "done", 5.0));
        DataSet<Tuple2<Integer, String>> customers = env.fromElements(new Tuple2<>(1, "ann"), new Tuple2<>(2, "bob"));
        DataSet<String> blocked = env.fromElements("void");

        DataSet<Tuple3<Integer, String, Double>> valid = orders.filter(new NotBlocked()).withBroadcastSet(blocked, "blocked");
        DataSet<Tuple2<String, Double>> perName = valid.join(customers, JoinHint.REPARTITION_HASH_FIRST).where(0).equalTo("f0")
                .with(new NameAmount())
                .withForwardedFieldsFirst("f2->f1")
                .name("Orders x Customers").setParallelism(3);
        DataSet<Tuple2<String, Double>> totals = perName.groupBy(0).aggregate(Aggregations.SUM, 1).andMax(1)
                .withCompilerHints(CompilerHints.none().withOutputCardinality(2));
        discard(totals);

        Plan plan = env.createProgramPlan("Totals");
        assertShippable(plan);
        ReduceOperatorBase<?> total = (ReduceOperatorBase<?>) sinkInput(plan, 0);
        assertThat(total.getCompilerHints().outputCardinality()).isEqualTo(2);
        JoinOperatorBase<?, ?, ?> join = (JoinOperatorBase<?, ?, ?>) total.getInput().operator();
        assertThat(join.getName()).isEqualTo("Orders x Customers");
        assertThat(join.getParallelism()).isEqualTo(3);
        assertThat(join.getJoinType()).isEqualTo(JoinType.INNER);
        assertThat(join.getJoinHint()).isEqualTo(JoinHint.REPARTITION_HASH_FIRST);
        assertThat(join.getKeys1().getFlatPositions()).containsExactly(0);
        assertThat(join.getKeys2().getFlatPositions()).containsExactly(0);
        assertThat(join.getUserFunction()).isInstanceOf(JoinToFlatJoinAdapter.class);
        assertThat(((JoinToFlatJoinAdapter<?, ?, ?>) join.getUserFunction()).getWrappedFunction()).isInstanceOf(NameAmount.class);
        assertThat(join.getOutputType()).isEqualTo(Types.TUPLE(Types.STRING, Types.DOUBLE));
        assertThat(join.getSemanticProperties().getForwardedFields(0)).isEqualTo(Map.of(2, Set.of(1)));
        assertThat(join.getSemanticProperties().getForwardedFields(1)).isEqualTo(Map.of(1, Set.of(0)));

        FilterOperatorBase<?> filter = (FilterOperatorBase<?>) join.getFirstInput().operator();
        assertThat(filter.getBroadcastInputs()).containsOnlyKeys("blocked");
        GenericDataSourceBase<?> blockedSource = (GenericDataSourceBase<?>) filter.getBroadcastInputs().get("blocked");
        assertThat(blockedSource.getOutputType()).isEqualTo(Types.STRING);
        assertThat(filter.getSemanticProperties().getForwardedFields()).hasSize(3);
        assertThat(plan.getOperators()).contains(blockedSource);
        assertThat(blockedSource.getId()).isLessThan(filter.getId());
    }

    @Test
    void defaultJoinYieldsPairsAndOuterJoinsCarryTheirType() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<Integer, String>> left = env.fromElements(new Tuple2<>(1, "a"));
        DataSet<Tuple2<Integer, String>> right = env.fromElements(new Tuple2<>(1, "b"));

        discard(left.join(right).where(0).equalTo(0));
        discard(left.leftOuterJoin(right).where(0).equalTo(0)
                .with((Tuple2<Integer, String> l, Tuple2<Integer, String> r) -> l.f1 + (r == null ? "" : r.f1)));
        discard(left.rightOuterJoin(right, JoinHint.BROADCAST_HASH_FIRST).where(0).equalTo(0)
                .with(new RightKey()));
        discard(left.fullOuterJoin(right, JoinHint.REPARTITION_SORT_MERGE).where("f1").equalTo("f1")
                .with((Tuple2<Integer, String> l, Tuple2<Integer, String> r) -> 1L));

        Plan plan = env.createProgramPlan();
        assertShippable(plan);
        JoinOperatorBase<?, ?, ?> inner = (JoinOperatorBase<?, ?, ?>) sinkInput(plan, 0);
        assertThat(inner.getUserFunction()).isInstanceOf(DefaultJoinFunction.class);
        assertThat(inner.getSemanticProperties().getForwardedFields(0)).isEqualTo(Map.of(0, Set.of(0), 1, Set.of(1)));
        assertThat(inner.getSemanticProperties().getForwardedFields(1)).isEqualTo(Map.of(0, Set.of(2), 1, Set.of(3)));
        assertThat(inner.getOutputType()).isEqualTo(Types.TUPLE(Types.TUPLE(Types.INT, Types.STRING), Types.TUPLE(Types.INT, Types.STRING)));
        JoinOperatorBase<?, ?, ?> leftOuter = (JoinOperatorBase<?, ?, ?>) sinkInput(plan, 1);
        assertThat(leftOuter.getJoinType()).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(leftOuter.getName()).isEqualTo("LeftOuterJoin");
        assertThat(leftOuter.getOutputType()).isEqualTo(Types.STRING);
        JoinOperatorBase<?, ?, ?> rightOuter = (JoinOperatorBase<?, ?, ?>) sinkInput(plan, 2);
        assertThat(rightOuter.getJoinType()).isEqualTo(JoinType.RIGHT_OUTER);
        assertThat(rightOuter.getJoinHint()).isEqualTo(JoinHint.BROADCAST_HASH_FIRST);
        assertThat(rightOuter.getOutputType()).isEqualTo(Types.INT);
        JoinOperatorBase<?, ?, ?> fullOuter = (JoinOperatorBase<?, ?, ?>) sinkInput(plan, 3);
        assertThat(fullOuter.getJoinType()).isEqualTo(JoinType.FULL_OUTER);
        assertThat(fullOuter.getKeys1().getFlatPositions()).containsExactly(1);
        assertThat(fullOuter.getOutputType()).isEqualTo(Types.LONG);
        // The two sources are shared by all four joins.
        assertThat(fullOuter.getFirstInput().operator()).isSameAs(inner.getFirstInput().operator());
        assertThat(plan.getOperators()).hasSize(2 + 4 + 4);
    }

    @Test
    void coGroupWithSortedGroupsAndCross() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<String, Integer>> a = env.fromElements(new Tuple2<>("x", 1));
        DataSet<Tuple3<Integer, String, Long>> b = env.fromElements(new Tuple3<>(1, "x", 2L));

        discard(a.coGroup(b).where("f0").equalTo(1).sortFirstGroup(1, Order.DESCENDING)
                .with(new GroupMarker()));
        discard(a.crossWithTiny(b));
        discard(a.crossWithHuge(b).with(new SumOfPair()));

        Plan plan = env.createProgramPlan();
        CoGroupOperatorBase<?, ?, ?> coGroup = (CoGroupOperatorBase<?, ?, ?>) sinkInput(plan, 0);
        assertThat(coGroup.getKeys1().getFlatPositions()).containsExactly(0);
        assertThat(coGroup.getKeys2().getFlatPositions()).containsExactly(1);
        assertThat(coGroup.getFirstInput().groupOrder().toString()).isEqualTo("[1 DESC]");
        assertThat(coGroup.getSecondInput().groupOrder()).isNull();
        assertThat(coGroup.getOutputType()).isEqualTo(Types.STRING);
        CrossOperatorBase<?, ?, ?> tiny = (CrossOperatorBase<?, ?, ?>) sinkInput(plan, 1);
        assertThat(tiny.getCrossHint()).isEqualTo(CrossHint.SECOND_IS_SMALL);
        assertThat(tiny.getOutputType()).isEqualTo(Types.TUPLE(Types.TUPLE(Types.STRING, Types.INT),
                Types.TUPLE(Types.INT, Types.STRING, Types.LONG)));
        assertThat(tiny.getKeys1()).isNull();
        CrossOperatorBase<?, ?, ?> huge = (CrossOperatorBase<?, ?, ?>) sinkInput(plan, 2);
        assertThat(huge.getCrossHint()).isEqualTo(CrossHint.FIRST_IS_SMALL);
        assertThat(huge.getOutputType()).isEqualTo(Types.LONG);
    }

    @Test
    void unionPartitioningAndSorting() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(3);
        DataSet<Long> numbers = env.generateSequence(1, 100).setParallelism(2);
        DataSet<Tuple2<Long, String>> pairs = numbers.map(n -> new Tuple2<>(n, "n" + n)).returns(Types.TUPLE(Types.LONG, Types.STRING));
        DataSet<Tuple2<Long, String>> more = env.fromElements(new Tuple2<>(0L, "zero"));
        DataSet<Tuple2<Long, String>> all = pairs.union(more).union(more);

        discard(all.partitionByHash("f1").sortPartition(1, Order.DESCENDING).sortPartition("f0", Order.ASCENDING));
        discard(all.partitionByRange(0));
        discard(all.rebalance());
        discard(all.partitionByHash(new SecondField()));
        discard(all.sortPartition(1, Order.DESCENDING).combineGroup(
                (Iterable<Tuple2<Long, String>> values, Collector<Tuple2<Long, String>> out) -> out.collect(values.iterator().next()))
                .returns(Types.TUPLE(Types.LONG, Types.STRING)));

        Plan plan = env.createProgramPlan();
        SortPartitionOperatorBase<?> sort = (SortPartitionOperatorBase<?>) sinkInput(plan, 0);
        assertThat(sort.getOrdering().getFieldPositions()).containsExactly(1, 0);
        assertThat(sort.getOrdering().getOrder(0)).isEqualTo(Order.DESCENDING);
        assertThat(sort.getOrdering().getOrder(1)).isEqualTo(Order.ASCENDING);
        PartitionOperatorBase<?> hash = (PartitionOperatorBase<?>) sort.getInput().operator();
        assertThat(hash.getPartitionMethod()).isEqualTo(PartitionMethod.HASH);
        assertThat(hash.getKeys().getFlatPositions()).containsExactly(1);
        PartitionOperatorBase<?> range = (PartitionOperatorBase<?>) sinkInput(plan, 1);
        assertThat(range.getPartitionMethod()).isEqualTo(PartitionMethod.RANGE);
        assertThat(range.getKeys().getKeyType()).isEqualTo(Types.LONG);
        PartitionOperatorBase<?> rebalance = (PartitionOperatorBase<?>) sinkInput(plan, 2);
        assertThat(rebalance.getKeys()).isNull();
        PartitionOperatorBase<?> bySelector = (PartitionOperatorBase<?>) sinkInput(plan, 3);
        assertThat(bySelector.getKeys().isSelectorKeys()).isTrue();
        assertThat(bySelector.getKeys().getKeyType()).isEqualTo(Types.STRING);
        assertThat(bySelector.getKeys().getFlatPositions()).isEmpty();

        GroupCombineOperatorBase<?, ?> sortedCombine = (GroupCombineOperatorBase<?, ?>) sinkInput(plan, 4);
        assertThat(sortedCombine.getKeys()).as("a combine of each sorted fill, not of groups").isNull();
        assertThat(sortedCombine.getGroupOrder().toString()).isEqualTo("[1 DESC]");

        Union<?> outer = (Union<?>) hash.getInput().operator();
        assertThat(rebalance.getInput().operator()).isSameAs(outer);
        assertThat(sortedCombine.getInput().operator()).as("no sorted partition is made first").isSameAs(outer);
        Union<?> inner = (Union<?>) outer.getInputs().get(0);
        assertThat(inner.getInputs().get(1)).isSameAs(outer.getInputs().get(1));
        MapOperatorBase<?, ?> map = (MapOperatorBase<?, ?>) inner.getInputs().get(0);
        GenericDataSourceBase<?> sequence = (GenericDataSourceBase<?>) map.getInput().operator();
        assertThat(sequence.getFormat()).isInstanceOf(NumberSequenceInputFormat.class);
        assertThat(sequence.getParallelism()).isEqualTo(2);
    }

    @Test
    void groupedOperationsDistinctFirstSelectByAndProjection() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple3<String, Integer, Double>> data = env.fromElements(new Tuple3<>("a", 1, 1.0));

        discard(data.groupBy(0).sortGroup(1, Order.DESCENDING).sortGroup("f2", Order.ASCENDING).first(2));
        discard(data.distinct());
        discard(data.distinct("f0", "f1"));
        discard(data.groupBy(0).maxBy(1, 2));
        discard(data.<Tuple2<Double, String>>project(2, 0));
        discard(data.groupBy(0).reduceGroup((Iterable<Tuple3<String, Integer, Double>> values, Collector<String> out) -> out.collect("x"))
                .returns(String.class));
        discard(env.fromElements("b", "a").distinct());

        Plan plan = env.createProgramPlan();
        assertShippable(plan);
        GroupReduceOperatorBase<?, ?> first = (GroupReduceOperatorBase<?, ?>) sinkInput(plan, 0);
        assertThat(first.getUserFunction()).isInstanceOf(FirstReducer.class);
        assertThat(first.isCombinable()).isTrue();
        assertThat(first.getGroupOrder().getFieldPositions()).containsExactly(1, 2);
        assertThat(first.getName()).isEqualTo("First(2)");
        ReduceOperatorBase<?> distinctAll = (ReduceOperatorBase<?>) sinkInput(plan, 1);
        assertThat(distinctAll.getUserFunction()).isInstanceOf(DistinctReducer.class);
        assertThat(distinctAll.getKeys().getFlatPositions()).containsExactly(0, 1, 2);
        ReduceOperatorBase<?> distinctTwo = (ReduceOperatorBase<?>) sinkInput(plan, 2);
        assertThat(distinctTwo.getKeys().getFlatPositions()).containsExactly(0, 1);
        assertThat(distinctTwo.getKeys().getKeyType()).isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
        ReduceOperatorBase<?> maxBy = (ReduceOperatorBase<?>) sinkInput(plan, 3);
        assertThat(maxBy.getUserFunction()).isInstanceOf(SelectByReducer.class);
        assertThat(maxBy.getName()).isEqualTo("MaxBy");
        MapOperatorBase<?, ?> projection = (MapOperatorBase<?, ?>) sinkInput(plan, 4);
        assertThat(projection.getOutputType()).isEqualTo(Types.TUPLE(Types.DOUBLE, Types.STRING));
        assertThat(projection.getSemanticProperties().getForwardedFields()).isEqualTo(Map.of(2, Set.of(0), 0, Set.of(1)));
        GroupReduceOperatorBase<?, ?> group = (GroupReduceOperatorBase<?, ?>) sinkInput(plan, 5);
        assertThat(group.isCombinable()).isFalse();
        assertThat(group.getOutputType()).isEqualTo(Types.STRING);
        ReduceOperatorBase<?> distinctAtomic = (ReduceOperatorBase<?>) sinkInput(plan, 6);
        assertThat(distinctAtomic.getKeys().getFlatPositions()).containsExactly(0);
        assertThat(distinctAtomic.getKeys().getKeyType()).isEqualTo(Types.STRING);
    }

    @Test
    void projectionsOfJoinAndCross() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple3<Integer, String, Double>> left = env.fromElements(new Tuple3<>(1, "a", 2.0));
        DataSet<Tuple2<Integer, Long>> right = env.fromElements(new Tuple2<>(1, 7L));
        DataSet<String> words = env.fromElements("w");

        DataSet<Tuple3<Double, Long, Integer>> joined = left.join(right).where(0).equalTo(0).<Tuple1<Double>>projectFirst(2)
                .<Tuple2<Double, Long>>projectSecond(1).projectFirst(0);
        discard(joined);
        discard(left.cross(words).<Tuple2<String, String>>projectFirst(1).projectSecond());

        Plan plan = env.createProgramPlan();
        assertShippable(plan);
        JoinOperatorBase<?, ?, ?> join = (JoinOperatorBase<?, ?, ?>) sinkInput(plan, 0);
        assertThat(join.getOutputType()).isEqualTo(Types.TUPLE(Types.DOUBLE, Types.LONG, Types.INT));
        assertThat(join.getUserFunction()).isInstanceOf(ProjectionJoinFunction.class);
        assertThat(join.getSemanticProperties().getForwardedFields(0)).isEqualTo(Map.of(2, Set.of(0), 0, Set.of(2)));
        assertThat(join.getSemanticProperties().getForwardedFields(1)).isEqualTo(Map.of(1, Set.of(1)));
        List<Tuple3<Double, Long, Integer>> out = new java.util.ArrayList<>();
        @SuppressWarnings("unchecked")
        FlatJoinFunction<Tuple3<Integer, String, Double>, Tuple2<Integer, Long>, Tuple3<Double, Long, Integer>> f =
                (FlatJoinFunction<Tuple3<Integer, String, Double>, Tuple2<Integer, Long>, Tuple3<Double, Long, Integer>>) join.getUserFunction();
        f.join(new Tuple3<>(4, "x", 0.5), new Tuple2<>(4, 9L), new Collector<>() {
            @Override
            public void collect(Tuple3<Double, Long, Integer> record) {
                out.add(record);
            }

            @Override
            public void close() {
            }
        });
        assertThat(out).containsExactly(new Tuple3<>(0.5, 9L, 4));

        CrossOperatorBase<?, ?, ?> cross = (CrossOperatorBase<?, ?, ?>) sinkInput(plan, 1);
        assertThat(cross.getOutputType()).isEqualTo(Types.TUPLE(Types.STRING, Types.STRING));
        assertThat(cross.getSemanticProperties().getForwardedFields(1)).isEqualTo(Map.of(0, Set.of(1)));
    }

    @Test
    void forwardedFieldsFromAnnotationAndParallelismAndNames() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<String, String>> pairs = env.fromElements(new Tuple2<>("a", "b"));
        discard(pairs.map(new Swap()).setParallelism(5).name("swap"));

        Plan plan = env.createProgramPlan();
        MapOperatorBase<?, ?> swap = (MapOperatorBase<?, ?>) sinkInput(plan, 0);
        assertThat(swap.getName()).isEqualTo("swap");
        assertThat(swap.getParallelism()).isEqualTo(5);
        assertThat(swap.getSemanticProperties().getForwardingTargetFields(0, 0)).containsExactly(1);
        assertThat(swap.getSemanticProperties().getForwardingSourceField(0, 0)).isEqualTo(1);
    }

    @Test
    void sourcesAndSinksCarryTheirFormats() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<String> lines = env.readTextFile("/tmp/eddy-dataset-test/in.txt");
        DataSet<Tuple2<String, Integer>> csv = env.readCsvFile("/tmp/eddy-dataset-test/in.csv").fieldDelimiter(";").ignoreFirstLine()
                .types(String.class, Integer.class);
        lines.writeAsText("/tmp/eddy-dataset-test/out.txt");
        DataSet<Person> people = env.readCsvFile("/tmp/eddy-dataset-test/people.csv").tupleType(Person.class);
        assertThat(people.getType().getTypeClass()).isEqualTo(Person.class);
        assertThat(people.getName()).isEqualTo("Convert to Person");
        csv.writeAsCsv("/tmp/eddy-dataset-test/out.csv", "\n", "|", WriteMode.OVERWRITE);

        Plan plan = env.createProgramPlan();
        assertThat(((GenericDataSourceBase<?>) sinkInput(plan, 0)).getFormat()).isInstanceOf(TextInputFormat.class);
        GenericDataSourceBase<?> csvSource = (GenericDataSourceBase<?>) sinkInput(plan, 1);
        assertThat(csvSource.getFormat()).isInstanceOf(CsvInputFormat.class);
        assertThat(csvSource.getOutputType()).isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
        assertThat(plan.getDataSinks().get(1).getFormat()).isInstanceOf(CsvOutputFormat.class);
        assertThat(plan.getDataSinks()).extracting(LogicalOperator::getName)
                .containsExactly("Text Sink: /tmp/eddy-dataset-test/out.txt", "CSV Sink: /tmp/eddy-dataset-test/out.csv");
        assertThat(env.getSinks()).hasSize(2);
        Person person = (Person) new io.eddy.api.java.functions.TupleSubclassMapper<>(people.getType().createSerializer(env.getConfig()))
                .map(new Tuple2<>("ann", 3));
        assertThat(person.f0).isEqualTo("ann");
        assertThat(person.f1).isEqualTo(3);
        assertThat(List.of(plan.getDataSinks().get(0).getOutputType() == null)).containsExactly(true);
    }
}
