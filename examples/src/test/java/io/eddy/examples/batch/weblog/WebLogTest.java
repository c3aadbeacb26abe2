package io.eddy.examples.batch.weblog;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.operators.CoGroupOperatorBase;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.examples.batch.PrintOutputFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebLogTest {

    @TempDir
    Path dir;

    @Test
    void referenceJoinsAndAntiJoins() {
        WebLogData data = new WebLogData(
                List.of(new String[] {"a", "editors and oscillations"}, new String[] {"b", "oscillations editors"},
                        new String[] {"c", "editors only"}, new String[] {"d", "oscillations editors x"}),
                List.of(new String[] {"50", "a", "7"}, new String[] {"90", "b", "8"}, new String[] {"99", "c", "9"},
                        new String[] {"40", "d", "10"}),
                List.of(new String[] {"a", "2006-12-31"}, new String[] {"b", "2007-01-01"}, new String[] {"a", "2008-01-01"}));
        // a: keywords, rank 50, no 2007 visit -> in; b: visited in 2007 -> out; c: lacks a keyword; d: rank not above 40.
        assertThat(WebLogReference.run(data)).singleElement().satisfies(r -> assertThat(r).containsExactly("50", "a", "7"));
    }

    @Test
    void generatedDataGivesSomeButNotAllPages() throws IOException {
        WebLogData data = WebLogData.generate(2000, 2, 2007L);
        assertThat(data.documents()).hasSize(2000);
        assertThat(data.visits()).hasSize(4000);
        List<String[]> answer = WebLogReference.run(data);
        assertThat(answer.size()).isBetween(1, 1000);
        data.write(dir);
        assertThat(Files.readAllLines(dir.resolve("visits"))).hasSize(4000)
                .allSatisfy(line -> assertThat(line.split("\\|", -1)).hasSize(9));
        assertThat(Files.readAllLines(dir.resolve("ranks")).get(0)).isEqualTo(String.join("|", data.ranks().get(0)));
    }

    @Test
    void buildsThePlanFromMemory() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(1);
        WebLogAnalysis.buildInMemory(env, WebLogData.generate(50, 2, 1L)).output(new PrintOutputFormat<>());
        Plan plan = env.createProgramPlan("weblog");
        List<LogicalOperator<?>> operators = plan.getOperators();
        assertThat(operators).filteredOn(o -> o instanceof JoinOperatorBase).hasSize(1);
        assertThat(operators).filteredOn(o -> o instanceof CoGroupOperatorBase).hasSize(1);
    }
}
