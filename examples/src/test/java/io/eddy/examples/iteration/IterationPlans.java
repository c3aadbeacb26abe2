package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.optimizer.BatchCompiler;

/** Compiles the iteration examples' programs and checks the shape of their plans (no cluster). */
final class IterationPlans {

    private IterationPlans() {}

    /** Discards records: a sink for programs that are only compiled. */
    static final class Discard<T> implements OutputFormat<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(int subtask, int parallelism) {}

        @Override
        public void writeRecord(T record) {}

        @Override
        public void close() {}
    }

    /** Compiles the program of {@code env} whose result is {@code result} and returns its job graph's only ITERATION group. */
    static VertexGroup compileToOneLoop(ExecutionEnvironment env, DataSet<?> result) {
        result.output(new Discard<>()).name("discard");
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();
        assertThat(graph.groups()).filteredOn(g -> g.kind() == VertexGroup.Kind.ITERATION).hasSize(1);
        return graph.groups().stream().filter(g -> g.kind() == VertexGroup.Kind.ITERATION).findFirst().orElseThrow();
    }
}
