package io.eddy.examples.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.operators.FlatMapOperatorBase;
import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.examples.wordcount.StreamingWordCount;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WordCountTest {

    @Test
    void referenceCountsTheSampleLines() {
        Map<String, Integer> counts = WordCountReference.count(Arrays.asList(StreamingWordCount.SAMPLE_LINES));
        assertThat(counts).containsEntry("to", 4).containsEntry("be", 2).containsEntry("the", 3).containsEntry("of", 2)
                .containsEntry("tis", 1).containsEntry("whether", 1).doesNotContainKey("").doesNotContainKey("To");
        assertThat(counts.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(10 + 8 + 7 + 9 + 5);
    }

    @Test
    void buildsAPlanWithACombinableReduceForPrintAndForCsv() {
        for (String output : new String[] {null, "/tmp/wc-out"}) {
            ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
            WordCount.build(env, null, output);
            Plan plan = env.createProgramPlan("word count");
            List<LogicalOperator<?>> operators = plan.getOperators();
            assertThat(operators).hasSize(4);
            assertThat(operators.get(0)).isInstanceOf(GenericDataSourceBase.class);
            assertThat(operators.get(1)).isInstanceOf(FlatMapOperatorBase.class);
            assertThat(operators.get(2)).isInstanceOf(ReduceOperatorBase.class);
            assertThat(operators.get(3)).isInstanceOf(GenericDataSinkBase.class);
            assertThat(((ReduceOperatorBase<?>) operators.get(2)).getKeys().getFlatPositions()).containsExactly(0);
        }
    }
}
