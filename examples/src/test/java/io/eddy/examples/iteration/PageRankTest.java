package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.VertexGroup;
import org.junit.jupiter.api.Test;

/** The plan of {@link PageRank}; its reference's supersteps are tested with the reference (benchmarks/batch-data). */
class PageRankTest {

    @Test
    void compilesToOneLoopWithItsAggregatorsAndConvergenceCriterion() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        var edges = env.fromElements(Tuple2.of(0L, 1L), Tuple2.of(0L, 2L), Tuple2.of(1L, 2L));
        VertexGroup loop = IterationPlans.compileToOneLoop(env, PageRank.build(env, edges, 3, 20, 1e-9));
        IterationSpec spec = loop.iteration();
        assertThat(spec.kind()).isEqualTo(IterationSpec.Kind.BULK);
        assertThat(spec.maxIterations()).isEqualTo(20);
        assertThat(spec.terminationCriterion()).isFalse();
    }
}
