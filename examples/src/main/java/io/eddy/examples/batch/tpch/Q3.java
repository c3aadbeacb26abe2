package io.eddy.examples.batch.tpch;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import io.eddy.examples.batch.PrintOutputFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * TPC-H query 3 (shipping priority) over the tables of {@link TpchGenerator}: the ten unshipped
 * orders of highest revenue in one market segment.
 *
 * <pre>
 * SELECT l_orderkey, sum(l_extendedprice * (1 - l_discount)) AS revenue, o_orderdate, o_shippriority
 * FROM customer, orders, lineitem
 * WHERE c_mktsegment = 'BUILDING' AND c_custkey = o_custkey AND l_orderkey = o_orderkey
 *   AND o_orderdate &lt; '1995-03-15' AND l_shipdate &gt; '1995-03-15'
 * GROUP BY l_orderkey, o_orderdate, o_shippriority
 * ORDER BY revenue DESC, o_orderdate LIMIT 10
 *
 * customer --filter(segment)--(custkey)--join--(custkey)--filter(date)-- orders
 *                                          | (orderkey, orderdate, shippriority)
 *                                          join on orderkey --filter(shipdate)-- lineitem
 *                                          | (orderkey, orderdate, shippriority, revenue)
 *                                          groupBy(orderkey, orderdate, shippriority).sum(revenue)
 *                                          | top 10 (one subtask) --> CSV / print
 * </pre>
 *
 * The CSV sources read only the columns the query needs ({@code includeFields}); dates compare as
 * strings ({@code yyyy-mm-dd}). Revenue is summed exactly in ten-thousandths ({@link Q3Row#revenue}).
 * {@link Q3Reference} computes the same answer in one thread.
 */
@Command(name = "tpch-q3", mixinStandardHelpOptions = true, description = "TPC-H query 3 over generated tables.")
public final class Q3 implements Callable<Integer> {

    /** The query's market segment. */
    public static final String SEGMENT = "BUILDING";
    /** Orders placed before this date, line items shipped after it. */
    public static final String DATE = "1995-03-15";
    /** Rows in the answer. */
    public static final int LIMIT = 10;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--tables", required = true, paramLabel = "DIR", description = "Directory with customer.tbl, orders.tbl and lineitem.tbl.")
    Path tables;

    @Option(names = "--generate-scale", paramLabel = "SCALE",
            description = "Generate the tables of this scale into --tables first, unless complete tables are there.")
    Double generateScale;

    @Option(names = "--output", paramLabel = "PATH", description = "Write the answer as CSV here instead of printing it.")
    Path output;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new Q3(), args);
    }

    @Override
    public Integer call() throws Exception {
        if (generateScale != null && !Files.exists(tables.resolve(TpchGenerator.DONE_MARKER))) {
            TpchGenerator.write(tables, generateScale, 19920101L);
        }
        if (!Files.exists(tables.resolve("lineitem.tbl"))) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--tables: " + tables + " has no lineitem.tbl (generate the tables with --generate-scale or TpchGenerator)");
        }
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        DataSet<Tuple4<Long, String, Integer, Long>> answer = build(env, tables.toString());
        if (output != null) {
            answer.writeAsCsv(output.toString(), "\n", "|", WriteMode.OVERWRITE).name("CSV sink").setParallelism(1);
        } else {
            answer.output(new PrintOutputFormat<>()).name("print").setParallelism(1);
        }
        BatchExecution.execute(env, "TPC-H Q3");
        return 0;
    }

    /**
     * The query over the tables in {@code tables}: {@code (orderkey, orderdate, shippriority, revenue)},
     * emitted best first by one subtask (a consumer of higher parallelism receives them round-robin,
     * so give the sink parallelism 1 to keep the order).
     */
    public static DataSet<Tuple4<Long, String, Integer, Long>> build(ExecutionEnvironment env, String tables) {
        DataSet<Tuple2<Long, String>> customers = env.readCsvFile(tables + "/customer.tbl").fieldDelimiter('|')
                .includeFields("10000010").types(Long.class, String.class)
                .filter(c -> SEGMENT.equals(c.f1)).name("segment = " + SEGMENT);
        DataSet<Tuple4<Long, Long, String, Integer>> orders = env.readCsvFile(tables + "/orders.tbl").fieldDelimiter('|')
                .includeFields("110010010").types(Long.class, Long.class, String.class, Integer.class)
                .filter(o -> o.f2.compareTo(DATE) < 0).name("orderdate < " + DATE);
        DataSet<Tuple4<Long, Double, Double, String>> lineitems = env.readCsvFile(tables + "/lineitem.tbl").fieldDelimiter('|')
                .includeFields("10000110001").types(Long.class, Double.class, Double.class, String.class)
                .filter(l -> l.f3.compareTo(DATE) > 0).name("shipdate > " + DATE);
        DataSet<Tuple3<Long, String, Integer>> customerOrders = customers.join(orders).where(0).equalTo(1)
                .projectSecond(0, 2, 3);
        return customerOrders.join(lineitems).where(0).equalTo(0)
                .with(new Revenue()).name("revenue")
                .groupBy(0, 1, 2).sum(3).name("sum revenue")
                .reduceGroup(new TopRows()).name("top " + LIMIT)
                // One subtask must see every group to pick the best ten.
                .setParallelism(1);
    }

    /** (orderkey, orderdate, shippriority) ⋈ line item → (orderkey, orderdate, shippriority, revenue). */
    static final class Revenue implements JoinFunction<Tuple3<Long, String, Integer>, Tuple4<Long, Double, Double, String>,
            Tuple4<Long, String, Integer, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Long, String, Integer, Long> join(Tuple3<Long, String, Integer> order, Tuple4<Long, Double, Double, String> item) {
            return Tuple4.of(order.f0, order.f1, order.f2, Q3Row.revenue(item.f1, item.f2));
        }
    }

    /** Keeps the {@value #LIMIT} best rows ({@link Q3Row#BEST_FIRST}) and emits them best first. */
    static final class TopRows implements GroupReduceFunction<Tuple4<Long, String, Integer, Long>, Tuple4<Long, String, Integer, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void reduce(Iterable<Tuple4<Long, String, Integer, Long>> rows, Collector<Tuple4<Long, String, Integer, Long>> out) {
            PriorityQueue<Q3Row> worstFirst = new PriorityQueue<>(Q3Row.BEST_FIRST.reversed());
            for (Tuple4<Long, String, Integer, Long> t : rows) {
                worstFirst.add(new Q3Row(t.f0, t.f1, t.f2, t.f3));
                if (worstFirst.size() > LIMIT) {
                    worstFirst.poll();
                }
            }
            List<Q3Row> best = new ArrayList<>(worstFirst);
            best.sort(Q3Row.BEST_FIRST);
            for (Q3Row r : best) {
                out.collect(Tuple4.of(r.orderKey(), r.orderDate(), r.shipPriority(), r.revenue()));
            }
        }
    }
}
