package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.tasks.TaskTestSupport.CountingSink;
import io.eddy.runtime.tasks.TaskTestSupport.RangeSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A quick measurement of the chain's per-record cost: source -> map -> filter -> counting sink,
 * 10 million records in one task, no network. Prints one RESULT line; asserts only the count.
 */
class ChainThroughputTest {

    private static final long RECORDS = 10_000_000L;

    @Test
    void sourceMapFilterSinkChainOfTenMillionRecords() throws Exception {
        MapFunction<Long, Long> plusOne = v -> v + 1;
        FilterFunction<Long> even = v -> (v & 1) == 0;
        JobVertex vertex = TaskTestSupport.vertex(0, "Throughput", 1,
                OperatorTestHarness.spec("Source", OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new RangeSource(RECORDS))
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Map", OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(plusOne).inputType(Types.LONG)
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(2, 0))),
                OperatorTestHarness.spec("Filter", OperatorDescriptor.builder(OperatorKinds.FILTER).userFunction(even).inputType(Types.LONG)
                        .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(3, 0))),
                OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new CountingSink<Long>("throughput"))
                        .inputType(Types.LONG).build(), List.of()));
        Task task = new Task(TaskTestSupport.standalone(vertex, 0), new TaskServices(null, new TaskTestSupport.RecordingListener(), null, "w"));
        long start = System.nanoTime();
        task.start();
        assertThat(task.terminationFuture().get(120, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FINISHED);
        long nanos = System.nanoTime() - start;
        assertThat(TaskTestSupport.COUNTERS.get("throughput").sum()).isEqualTo(RECORDS / 2);
        System.out.printf("RESULT chain source->map->filter->sink records=%d seconds=%.3f records_per_second=%.0f%n", RECORDS, nanos / 1e9,
                RECORDS / (nanos / 1e9));
    }
}
