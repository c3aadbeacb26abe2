package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.Q3Rows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.GroupReduceFunction;
import org.apache.flink.api.common.functions.JoinFunction;
import org.apache.flink.api.common.functions.RichFilterFunction;
import org.apache.flink.api.java.DataSet;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.util.Collector;

/**
 * TPC-H query 3 (shipping priority) on Flink 1.20's DataSet API over the tables written by {@code
 * io.eddy.examples.batch.tpch.TpchGenerator} ({@code customer.tbl}, {@code orders.tbl}, {@code
 * lineitem.tbl}, fields separated by {@code |}):
 *
 * <pre>
 * SELECT l_orderkey, sum(l_extendedprice * (1 - l_discount)) AS revenue, o_orderdate, o_shippriority
 * FROM customer, orders, lineitem
 * WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND l_orderkey = o_orderkey
 *   AND o_orderdate &lt; '1995-03-15' AND l_shipdate &gt; '1995-03-15'
 * GROUP BY l_orderkey, o_orderdate, o_shippriority
 * ORDER BY revenue DESC, o_orderdate LIMIT 10
 * </pre>
 *
 * The plan is the one a DataSet user writes: three filtered CSV sources, customer ⋈ orders, that ⋈
 * lineitem, a grouped sum, and the top 10 in one non-parallel group reduce; the optimizer picks join
 * strategies and combiners.
 */
final class FlinkQ3 {

    static final String LINEITEMS = "lineitems";

    /** What one run found: the answer rows formatted by {@link Q3Rows#format}. */
    record Outcome(long lineitems, List<String> rows, long netRuntimeMillis) {}

    private FlinkQ3() {}

    static Outcome run(ExecutionEnvironment env, String tables) throws Exception {
        DataSet<Tuple2<Long, String>> customers = env.readCsvFile(tables + "/customer.tbl").fieldDelimiter("|")
                .includeFields("10000010").types(Long.class, String.class)
                .filter(c -> c.f1.equals(Q3Rows.SEGMENT)).name("segment filter");
        DataSet<Tuple4<Long, Long, String, Integer>> orders = env.readCsvFile(tables + "/orders.tbl").fieldDelimiter("|")
                .includeFields("110010010").types(Long.class, Long.class, String.class, Integer.class)
                .filter(o -> o.f2.compareTo(Q3Rows.DATE) < 0).name("order date filter");
        DataSet<Tuple4<Long, Double, Double, String>> lineitems = env.readCsvFile(tables + "/lineitem.tbl").fieldDelimiter("|")
                .includeFields("10000110001").types(Long.class, Double.class, Double.class, String.class)
                .filter(new ShipDateFilter()).name("ship date filter");
        DataSet<Tuple3<Long, String, Integer>> customerOrders = customers.join(orders).where(0).equalTo(1)
                .projectSecond(0, 2, 3);
        List<Tuple4<Long, String, Integer, Long>> top = customerOrders.join(lineitems).where(0).equalTo(0)
                .with(new Revenue()).name("revenue")
                .groupBy(0, 1, 2).sum(3).name("sum revenue")
                .reduceGroup(new TopRows()).setParallelism(1).name("top 10")
                .collect();
        JobExecutionResult result = env.getLastJobExecutionResult();
        List<String> rows = new ArrayList<>();
        for (Tuple4<Long, String, Integer, Long> t : top) {
            rows.add(Q3Rows.format(t.f0, t.f3, t.f1, t.f2));
        }
        return new Outcome(result.<Long>getAccumulatorResult(LINEITEMS), rows, result.getNetRuntime());
    }

    /** Line items shipped after the date; counts every line item read. */
    static final class ShipDateFilter extends RichFilterFunction<Tuple4<Long, Double, Double, String>> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Tuple4<Long, Double, Double, String> l) {
            getRuntimeContext().getLongCounter(LINEITEMS).add(1L);
            return l.f3.compareTo(Q3Rows.DATE) > 0;
        }
    }

    /** (orderkey, orderdate, shippriority) ⋈ line item → (orderkey, orderdate, shippriority, revenue). */
    static final class Revenue implements JoinFunction<Tuple3<Long, String, Integer>, Tuple4<Long, Double, Double, String>,
            Tuple4<Long, String, Integer, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Long, String, Integer, Long> join(Tuple3<Long, String, Integer> o, Tuple4<Long, Double, Double, String> l) {
            return Tuple4.of(o.f0, o.f1, o.f2, Q3Rows.revenue(l.f1, l.f2));
        }
    }

    /** Keeps the 10 rows of highest revenue (ties: earlier date, then smaller order key), best first. */
    static final class TopRows implements GroupReduceFunction<Tuple4<Long, String, Integer, Long>, Tuple4<Long, String, Integer, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void reduce(Iterable<Tuple4<Long, String, Integer, Long>> rows, Collector<Tuple4<Long, String, Integer, Long>> out) {
            Comparator<Tuple4<Long, String, Integer, Long>> best = Comparator.<Tuple4<Long, String, Integer, Long>, Long>comparing(t -> t.f3)
                    .reversed().thenComparing(t -> t.f1).thenComparing(t -> t.f0);
            PriorityQueue<Tuple4<Long, String, Integer, Long>> worstFirst = new PriorityQueue<>(best.reversed());
            for (Tuple4<Long, String, Integer, Long> row : rows) {
                worstFirst.add(row);
                if (worstFirst.size() > Q3Rows.LIMIT) {
                    worstFirst.poll();
                }
            }
            List<Tuple4<Long, String, Integer, Long>> sorted = new ArrayList<>(worstFirst);
            sorted.sort(best);
            sorted.forEach(out::collect);
        }
    }
}
