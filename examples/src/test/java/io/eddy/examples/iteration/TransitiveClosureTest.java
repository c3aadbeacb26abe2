package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.VertexGroup;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransitiveClosureTest {

    /** 1 -> 2 -> 3 -> 4, 3 -> 1 (a cycle 1-2-3), 5 -> 4, and 1 -> 2 twice. */
    private static final long[] SOURCES = {1, 2, 3, 3, 5, 1};
    private static final long[] TARGETS = {2, 3, 4, 1, 4, 2};

    private static List<String> pairs(TransitiveClosureReference.Result r) {
        return r.paths().stream().map(p -> p[0] + "->" + p[1]).toList();
    }

    @Test
    void referenceFindsEveryReachablePair() {
        TransitiveClosureReference.Result r = TransitiveClosureReference.run(SOURCES, TARGETS, 100);
        // 1, 2 and 3 reach each other (themselves included, through the cycle) and 4; 5 reaches 4.
        assertThat(pairs(r)).containsExactly("1->1", "1->2", "1->3", "1->4", "2->1", "2->2", "2->3", "2->4",
                "3->1", "3->2", "3->3", "3->4", "5->4");
        // Superstep 1 knows the paths of up to 2 edges, superstep 2 those of 3 (1->4, 1->1, 2->2, 3->3 need 3 edges),
        // superstep 3 finds nothing new.
        assertThat(r.supersteps()).isEqualTo(3);
    }

    @Test
    void oneSuperstepAddsThePathsOfTwoEdges() {
        TransitiveClosureReference.Result r = TransitiveClosureReference.run(SOURCES, TARGETS, 1);
        assertThat(pairs(r)).containsExactly("1->2", "1->3", "2->1", "2->3", "2->4", "3->1", "3->2", "3->4", "5->4");
    }

    @Test
    void compilesToOneLoopWithATerminationCriterion() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        var edges = env.fromElements(Tuple2.of(1L, 2L), Tuple2.of(2L, 3L));
        var initial = env.fromElements(Tuple2.of(1L, 2L), Tuple2.of(2L, 3L));
        VertexGroup loop = IterationPlans.compileToOneLoop(env, TransitiveClosure.build(env, initial, edges, 10));
        assertThat(loop.iteration().terminationCriterion()).isTrue();
    }
}
