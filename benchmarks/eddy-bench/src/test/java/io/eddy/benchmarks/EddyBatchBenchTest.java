package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.PartitionMethod;
import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.common.operators.SortPartitionOperatorBase;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.benchmarks.data.Q3Rows;
import io.eddy.examples.batch.tpch.Q3Row;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EddyBatchBenchTest {

    @TempDir
    Path dir;

    @Test
    void buildsTheBenchmarkPlans() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        BatchJobs.wordCount(env, "/tmp/in.txt");
        List<LogicalOperator<?>> ops = env.createProgramPlan("wc").getOperators();
        assertThat(ops).filteredOn(o -> o instanceof ReduceOperatorBase).hasSize(1);

        ExecutionEnvironment env2 = ExecutionEnvironment.createLocalEnvironment(2);
        BatchJobs.teraSort(env2, "/tmp/in.dat");
        Plan plan = env2.createProgramPlan("sort");
        assertThat(plan.getOperators()).filteredOn(o -> o instanceof PartitionOperatorBase)
                .singleElement().satisfies(p -> assertThat(((PartitionOperatorBase<?>) p).getPartitionMethod()).isEqualTo(PartitionMethod.RANGE));
        assertThat(plan.getOperators()).filteredOn(o -> o instanceof SortPartitionOperatorBase).hasSize(1);

        ExecutionEnvironment env3 = ExecutionEnvironment.createLocalEnvironment(2);
        BatchJobs.q3(env3, dir.toString());
        assertThat(env3.createProgramPlan("q3").getDataSinks()).singleElement().isInstanceOf(GenericDataSinkBase.class);
    }

    @Test
    void splitterAndSumMatchTheSharedWordRule() {
        List<Tuple2<String, Long>> out = new ArrayList<>();
        new BatchJobs.Splitter().flatMap("ab  cd ab", new io.eddy.api.common.functions.Collector<>() {
            @Override
            public void collect(Tuple2<String, Long> record) {
                out.add(record);
            }

            @Override
            public void close() {}
        });
        assertThat(out).containsExactly(Tuple2.of("ab", 1L), Tuple2.of("cd", 1L), Tuple2.of("ab", 1L));
        assertThat(new BatchJobs.Sum().reduce(Tuple2.of("ab", 2L), Tuple2.of("ab", 3L))).isEqualTo(Tuple2.of("ab", 5L));
    }

    @Test
    void q3RowsFormatAlikeOnBothSides() {
        Q3Row row = new Q3Row(7, "1995-03-01", 0, 1_234_567);
        assertThat(Q3Rows.format(row.orderKey(), row.revenue(), row.orderDate(), row.shipPriority())).isEqualTo(row.toString());
        assertThat(Q3Rows.revenue(100.00, 0.10)).isEqualTo(Q3Row.revenue(100.00, 0.10)).isEqualTo(900_000);
    }

    @Test
    void q3CeilingPrintsAResult() throws Exception {
        io.eddy.examples.batch.tpch.TpchGenerator.write(dir, 0.003, 3);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = new picocli.CommandLine(new EddyBatchBench()).execute("q3-ceiling", "--input", dir.toString());
        } finally {
            System.setOut(original);
        }
        assertThat(code).isZero();
        long lineitems = Files.readAllLines(dir.resolve("lineitem.tbl")).size();
        assertThat(captured.toString(StandardCharsets.UTF_8)).startsWith("RESULT name=tpch-q3 system=ceiling rate=")
                .contains(" lineitems=" + lineitems + " rows=10 ");
    }
}
