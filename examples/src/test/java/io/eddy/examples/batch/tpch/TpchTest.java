package io.eddy.examples.batch.tpch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.examples.batch.PrintOutputFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TpchTest {

    @TempDir
    Path dir;

    @Test
    void generatorIsDeterministicAndConsistent() throws IOException {
        TpchGenerator.write(dir.resolve("a"), 0.001, 5);
        TpchGenerator.write(dir.resolve("b"), 0.001, 5);
        for (String table : new String[] {"customer.tbl", "orders.tbl", "lineitem.tbl"}) {
            assertThat(Files.readAllBytes(dir.resolve("a").resolve(table))).isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(table)));
        }
        assertThat(dir.resolve("a").resolve(TpchGenerator.DONE_MARKER)).exists();

        List<String[]> customers = rows(dir.resolve("a/customer.tbl"));
        List<String[]> orders = rows(dir.resolve("a/orders.tbl"));
        List<String[]> lineitems = rows(dir.resolve("a/lineitem.tbl"));
        assertThat(customers).hasSize(150).allSatisfy(c -> assertThat(c).hasSize(8));
        assertThat(orders).hasSize(1500).allSatisfy(o -> assertThat(o).hasSize(9));
        assertThat(lineitems).allSatisfy(l -> assertThat(l).hasSize(16));
        assertThat(lineitems.size()).isBetween(1500 * 3, 1500 * 5);

        Map<Long, String> orderDates = new HashMap<>();
        for (String[] o : orders) {
            long customer = Long.parseLong(o[1]);
            assertThat(customer).isBetween(1L, 150L);
            assertThat(customer % 3).isNotZero();
            assertThat(o[4]).matches("199[2-8]-\\d\\d-\\d\\d").isLessThanOrEqualTo("1998-08-02");
            orderDates.put(Long.parseLong(o[0]), o[4]);
        }
        for (String[] l : lineitems) {
            String orderDate = orderDates.get(Long.parseLong(l[0]));
            assertThat(orderDate).isNotNull();
            assertThat(l[10]).isGreaterThan(orderDate);
            assertThat(l[12]).isGreaterThan(l[10]);
            assertThat(Double.parseDouble(l[6])).isBetween(0.0, 0.10);
        }
        assertThat(customers).extracting(c -> c[6]).contains(Q3.SEGMENT);
    }

    @Test
    void generatorRejectsANonPositiveScale() {
        assertThatThrownBy(() -> TpchGenerator.customers(0)).hasMessageContaining("scale: 0.0");
    }

    @Test
    void referenceAnswersAHandWrittenCase() throws IOException {
        Files.write(dir.resolve("customer.tbl"), List.of(
                "1|C1|a|0|p|0.00|BUILDING|x",
                "2|C2|a|0|p|0.00|MACHINERY|x",
                "4|C4|a|0|p|0.00|BUILDING|x"));
        Files.write(dir.resolve("orders.tbl"), List.of(
                "10|1|O|0.00|1995-03-10|1-URGENT|c|0|x",
                "11|2|O|0.00|1995-03-01|1-URGENT|c|0|x",
                "12|4|O|0.00|1995-03-20|1-URGENT|c|0|x",
                "13|4|O|0.00|1995-01-01|1-URGENT|c|1|x"));
        Files.write(dir.resolve("lineitem.tbl"), List.of(
                line(10, "100.00", "0.10", "1995-03-16"),
                line(10, "50.00", "0.00", "1995-03-14"),
                line(10, "20.00", "0.05", "1995-04-01"),
                line(11, "1000.00", "0.00", "1995-04-01"),
                line(12, "1000.00", "0.00", "1995-04-01"),
                line(13, "30.00", "0.00", "1995-03-16")));
        Q3Reference.Answer answer = Q3Reference.run(dir);
        assertThat(answer.lineitems()).isEqualTo(6);
        assertThat(answer.rows()).containsExactly(new Q3Row(10, "1995-03-10", 0, 1_090_000), new Q3Row(13, "1995-01-01", 1, 300_000));
        assertThat(answer.rows().get(0)).hasToString("10|109.0000|1995-03-10|0");
    }

    @Test
    void referenceKeepsTheTenBestOfGeneratedTables() throws IOException {
        TpchGenerator.write(dir, 0.002, 1);
        Q3Reference.Answer answer = Q3Reference.run(dir);
        assertThat(answer.rows()).hasSize(Q3.LIMIT).isSortedAccordingTo(Q3Row.BEST_FIRST);
        assertThat(answer.lineitems()).isEqualTo(rows(dir.resolve("lineitem.tbl")).size());
        assertThat(answer.rows()).allSatisfy(r -> assertThat(r.orderDate()).isLessThan(Q3.DATE));
    }

    @Test
    void buildsThePlan() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        Q3.build(env, dir.toString()).output(new PrintOutputFormat<>());
        Plan plan = env.createProgramPlan("q3");
        List<LogicalOperator<?>> operators = plan.getOperators();
        assertThat(operators).filteredOn(o -> o instanceof GenericDataSourceBase).hasSize(3);
        assertThat(operators).filteredOn(o -> o instanceof JoinOperatorBase).hasSize(2);
        assertThat(operators).filteredOn(o -> o instanceof ReduceOperatorBase).hasSize(1);
        assertThat(operators).filteredOn(o -> o instanceof GroupReduceOperatorBase).hasSize(1);
    }

    private static String line(long order, String price, String discount, String shipDate) {
        return order + "|1|1|1|1|" + price + "|" + discount + "|0.00|N|O|" + shipDate + "|1995-05-01|1995-05-02|NONE|AIR|x";
    }

    private static List<String[]> rows(Path file) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            rows.add(line.split("\\|", -1));
        }
        return rows;
    }
}
