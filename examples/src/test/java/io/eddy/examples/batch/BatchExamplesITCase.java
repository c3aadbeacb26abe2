package io.eddy.examples.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.examples.batch.tpch.Q3;
import io.eddy.examples.batch.tpch.Q3Reference;
import io.eddy.examples.batch.tpch.Q3Row;
import io.eddy.examples.batch.tpch.TpchGenerator;
import io.eddy.examples.batch.weblog.WebLogAnalysis;
import io.eddy.examples.batch.weblog.WebLogData;
import io.eddy.examples.batch.weblog.WebLogReference;
import io.eddy.examples.wordcount.StreamingWordCount;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs the batch examples on the embedded cluster and compares them with their one-thread references. */
@Timeout(180)
class BatchExamplesITCase {

    @TempDir
    Path dir;

    @Test
    void wordCountMatchesTheReference() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<String, Integer>> counts = WordCount.counts(env.fromElements(StreamingWordCount.SAMPLE_LINES)).collect();
        Map<String, Integer> actual = new TreeMap<>();
        counts.forEach(t -> actual.put(t.f0, t.f1));
        assertThat(counts).hasSameSizeAs(actual.keySet());
        assertThat(actual).isEqualTo(WordCountReference.count(Arrays.asList(StreamingWordCount.SAMPLE_LINES)));
    }

    @Test
    void q3MatchesTheReference() throws Exception {
        TpchGenerator.write(dir, 0.003, 11);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple4<Long, String, Integer, Long>> rows = Q3.build(env, dir.toString()).collect();
        // collect() gathers the subtasks' outputs one after the other: the set is the answer, the order is restored here.
        List<Q3Row> actual = rows.stream().map(t -> new Q3Row(t.f0, t.f1, t.f2, t.f3)).sorted(Q3Row.BEST_FIRST).collect(Collectors.toList());
        assertThat(actual).hasSize(Q3.LIMIT).isEqualTo(Q3Reference.run(dir).rows());
    }

    @Test
    void webLogAnalysisMatchesTheReference() throws Exception {
        WebLogData data = WebLogData.generate(500, 3, 5L);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple3<Integer, String, Integer>> rows = WebLogAnalysis.buildInMemory(env, data).collect();
        List<String> actual = rows.stream().map(t -> t.f0 + "|" + t.f1 + "|" + t.f2).sorted().collect(Collectors.toList());
        List<String> expected = WebLogReference.run(data).stream().map(r -> String.join("|", r)).sorted().collect(Collectors.toList());
        assertThat(expected).isNotEmpty();
        assertThat(actual).isEqualTo(expected);
    }
}
