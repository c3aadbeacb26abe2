package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.VertexGroup;
import org.junit.jupiter.api.Test;

/** The plan of {@link ConnectedComponents}; its reference's supersteps are tested with the reference (benchmarks/batch-data). */
class ConnectedComponentsTest {

    @Test
    void compilesToOneLoopWithATerminationCriterion() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        var vertices = env.fromElements(1L, 2L, 3L);
        var edges = env.fromElements(Tuple2.of(1L, 2L), Tuple2.of(3L, 2L));
        VertexGroup loop = IterationPlans.compileToOneLoop(env, ConnectedComponents.build(env, vertices, edges, 10));
        assertThat(loop.iteration().terminationCriterion()).isTrue();
        assertThat(loop.iteration().maxIterations()).isEqualTo(10);
    }

    @Test
    void theDeltaVariantCompilesToOneDeltaLoop() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        var vertices = env.fromElements(1L, 2L, 3L);
        var edges = env.fromElements(Tuple2.of(1L, 2L), Tuple2.of(3L, 2L));
        VertexGroup loop = IterationPlans.compileToOneLoop(env, ConnectedComponents.buildDelta(env, vertices, edges, 10));
        assertThat(loop.iteration().kind()).isEqualTo(io.eddy.jobgraph.IterationSpec.Kind.DELTA);
        assertThat(loop.iteration().maxIterations()).isEqualTo(10);
    }
}
