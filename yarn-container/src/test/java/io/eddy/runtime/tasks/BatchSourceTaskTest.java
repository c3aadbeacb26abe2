package io.eddy.runtime.tasks;

import static io.eddy.runtime.tasks.TaskTestSupport.sink;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.io.GenericInputSplit;
import io.eddy.api.common.io.NumberSequenceInputFormat;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.tasks.TaskTestSupport.CollectingSink;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A task with a {@code batchSource} head: splits come through the {@link InputSplitGateway}; cancellation wakes a waiting source. */
class BatchSourceTaskTest {

    @Test
    void theSourceReadsTheSplitsTheGatewayHandsOutUntilItAnswersNull() throws Exception {
        Deque<byte[]> splits = new ArrayDeque<>(List.of(
                InstantiationUtil.serialize(new GenericInputSplit(1, 2), "split"),
                InstantiationUtil.serialize(new GenericInputSplit(0, 2), "split")));
        List<TaskId> askedBy = new ArrayList<>();
        InputSplitGateway gateway = task -> {
            askedBy.add(task);
            return CompletableFuture.completedFuture(splits.poll());
        };
        Task task = new Task(TaskTestSupport.standalone(vertex("batch-numbers"), 0),
                new TaskServices(null, new RecordingListener(), null, "w", null, null, gateway));

        task.start();

        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FINISHED);
        assertThat(sink("batch-numbers")).containsExactly(5L, 6L, 7L, 8L, 9L, 0L, 1L, 2L, 3L, 4L);
        assertThat(askedBy).hasSize(3).allMatch(id -> id.equals(task.id()));
    }

    @Test
    void cancellingASourceThatWaitsForItsNextSplitEndsTheTaskPromptly() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        InputSplitGateway neverAnswers = task -> {
            asked.countDown();
            return new CompletableFuture<>();
        };
        RecordingListener listener = new RecordingListener();
        Task task = new Task(TaskTestSupport.standalone(vertex("never"), 0), new TaskServices(null, listener, null, "w", null, null, neverAnswers));

        task.start();
        assertThat(asked.await(30, TimeUnit.SECONDS)).isTrue();
        task.cancel();

        assertThat(task.terminationFuture().get(10, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        assertThat(listener.failed.get(1, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
        assertThat(sink("never")).isEmpty();
    }

    private static JobVertex vertex(String sinkKey) {
        OperatorSpec source = OperatorTestHarness.spec("Source", OperatorDescriptor.builder(new BatchKinds.BatchSource(new NumberSequenceInputFormat(0, 9)))
                .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(1, 0)));
        OperatorSpec collect = OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK)
                .userFunction(new CollectingSink<Long>(sinkKey)).inputType(Types.LONG).build(), List.of());
        return TaskTestSupport.vertex(0, "Source -> Sink", 1, source, collect);
    }
}
