package io.eddy.runtime.tasks;

import static io.eddy.runtime.tasks.TaskTestSupport.sink;
import static io.eddy.runtime.tasks.TaskTestSupport.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.operators.CollectGateway;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.tasks.TaskTestSupport.CollectingSink;
import io.eddy.runtime.tasks.TaskTestSupport.InfiniteSource;
import io.eddy.runtime.tasks.TaskTestSupport.RangeSource;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import io.eddy.runtime.tasks.TaskTestSupport.StubbornSource;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TaskTest {

    private static OperatorSpec source(SourceFunction<Long> fn) {
        return OperatorTestHarness.spec("Source", OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(fn).outputType(Types.LONG).build(),
                List.of(OperatorOutput.chained(1, 0)));
    }

    private static OperatorSpec map(String name, io.eddy.api.common.functions.Function fn, int next) {
        return OperatorTestHarness.spec(name, OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(fn).inputType(Types.LONG)
                .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(next, 0)));
    }

    private static OperatorSpec filter(FilterFunction<Long> fn, int next) {
        return OperatorTestHarness.spec("Filter", OperatorDescriptor.builder(OperatorKinds.FILTER).userFunction(fn).inputType(Types.LONG)
                .outputType(Types.LONG).build(), List.of(OperatorOutput.chained(next, 0)));
    }

    private static OperatorSpec sinkSpec(io.eddy.streaming.api.functions.sink.SinkFunction<Long> fn) {
        return OperatorTestHarness.spec("Sink", OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(fn).inputType(Types.LONG).build(),
                List.of());
    }

    private static Task task(JobVertex vertex, int subtask, TaskListener listener) {
        return new Task(TaskTestSupport.standalone(vertex, subtask), new TaskServices(null, listener, null, "worker-1"));
    }

    @Test
    void sourceMapFilterSinkChainRunsToTheEndInOneTask() throws Exception {
        MapFunction<Long, Long> times3 = v -> v * 3;
        FilterFunction<Long> multipleOf9 = v -> v % 9 == 0;
        JobVertex vertex = TaskTestSupport.vertex(0, "Source -> Map -> Filter -> Sink", 2, source(new RangeSource(100)),
                map("Map", times3, 2), filter(multipleOf9, 3), sinkSpec(new CollectingSink<>("chain")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 1, listener);
        assertThat(task.id().toString()).isEqualTo("v0#1.0");
        assertThat(task.state()).isEqualTo(TaskExecutionState.CREATED);
        task.start();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FINISHED);
        assertThat(listener.finished).isDone();
        assertThat(listener.failed).isNotDone();
        assertThat(listener.calls.get()).isEqualTo(2);
        assertThat(listener.threads).allSatisfy(t -> assertThat(t).startsWith("Source -> Map -> Filter -> Sink (2/2)"));
        // subtask 1 of 2 reads the odd numbers 1, 3, ..., 99; 3 * i is a multiple of 9 when i is one of 3
        List<Long> expected = java.util.stream.LongStream.range(0, 100).filter(i -> i % 2 == 1 && i % 3 == 0).map(i -> i * 3).boxed().toList();
        assertThat(sink("chain")).containsExactlyElementsOf(expected);
    }

    @Test
    void chainResultsAndAccumulatorsReachTheListener() throws Exception {
        JobVertex vertex = TaskTestSupport.vertex(1, "Numbers", 1, source(new RangeSource(10)), map("Count", new CountingMap(), 2),
                filter(v -> v >= 5, 3), sinkSpec(new CollectingSink<>("acc")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 0, listener);
        task.start();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FINISHED);
        assertThat(sink("acc")).containsExactly(5L, 6L, 7L, 8L, 9L);
        assertThat(listener.finished.get().get("mapped")).isInstanceOfSatisfying(LongCounter.class, c -> assertThat(c.get()).isEqualTo(10));
    }

    @Test
    void cancellingARunningInfiniteSourceEndsTheTaskAsCancelled() throws Exception {
        JobVertex vertex = TaskTestSupport.vertex(0, "Endless", 1, source(new InfiniteSource("endless")), map("Map", (MapFunction<Long, Long>) v -> v, 2),
                sinkSpec(new TaskTestSupport.CountingSink<>("endless")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 0, listener);
        task.start();
        assertThat(started("endless").await(30, TimeUnit.SECONDS)).isTrue();
        task.cancel();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        assertThat(listener.failed.get()).isInstanceOf(CancellationException.class).hasMessageContaining("Endless (1/1)");
        assertThat(listener.finished).isNotDone();
        assertThat(TaskTestSupport.COUNTERS.get("endless").sum()).as("the sink was closed").isPositive();
        task.cancel();
        assertThat(task.state()).isEqualTo(TaskExecutionState.CANCELED);
    }

    @Test
    void cancellingASourceThatIgnoresCancelInterruptsIt() throws Exception {
        JobVertex vertex = TaskTestSupport.vertex(0, "Stubborn", 1, source(new StubbornSource("stubborn")),
                sinkSpec(new CollectingSink<>("stubborn")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 0, listener);
        task.start();
        assertThat(started("stubborn").await(30, TimeUnit.SECONDS)).isTrue();
        task.cancel();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        assertThat(listener.failed.get()).isInstanceOf(CancellationException.class);
    }

    @Test
    void cancellingBeforeStartEndsTheTaskAtOnce() throws Exception {
        JobVertex vertex = TaskTestSupport.vertex(0, "Never", 1, source(new RangeSource(3)), sinkSpec(new CollectingSink<>("never")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 0, listener);
        task.cancel();
        assertThat(task.terminationFuture()).isCompletedWithValue(TaskExecutionState.CANCELED);
        task.start();
        assertThat(listener.calls.get()).isEqualTo(1);
        assertThat(listener.running).isNotDone();
        assertThat(sink("never")).isEmpty();
    }

    @Test
    void aUserExceptionFailsTheTaskWithTheOperatorAndSubtaskInTheMessage() throws Exception {
        MapFunction<Long, Long> failing = v -> {
            if (v == 4) {
                throw new ArithmeticException("cannot handle 4");
            }
            return v;
        };
        JobVertex vertex = TaskTestSupport.vertex(0, "Source -> Map", 3, source(new RangeSource(10)), map("Map", failing, 2),
                sinkSpec(new CollectingSink<>("failing")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 1, listener);
        task.start();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FAILED);
        assertThat(listener.failed.get()).isInstanceOf(OperatorFailureException.class)
                .hasMessage("Operator 'Map (2/3)' failed while processing a record: cannot handle 4")
                .hasCauseInstanceOf(ArithmeticException.class);
        assertThat(sink("failing")).containsExactly(1L);
        assertThat(listener.finished).isNotDone();
    }

    @Test
    void mailsRunOnTheTaskThreadWhileTheSourceRuns() throws Exception {
        JobVertex vertex = TaskTestSupport.vertex(0, "Mailed", 1, source(new InfiniteSource("mailed")), sinkSpec(new CollectingSink<>("mailed-out")));
        RecordingListener listener = new RecordingListener();
        Task task = task(vertex, 0, listener);
        task.start();
        assertThat(started("mailed").await(30, TimeUnit.SECONDS)).isTrue();
        AtomicReference<String> thread = new AtomicReference<>();
        java.util.concurrent.CompletableFuture<Void> ran = new java.util.concurrent.CompletableFuture<>();
        task.mailboxExecutor().execute(() -> {
            thread.set(Thread.currentThread().getName());
            ran.complete(null);
        }, "probe");
        ran.get(30, TimeUnit.SECONDS);
        assertThat(thread.get()).startsWith("Mailed (1/1)");
        task.cancel();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.CANCELED);
        AtomicBoolean rejected = new AtomicBoolean(!task.mailboxExecutor().tryExecute(() -> { }, "late"));
        assertThat(rejected).isTrue();
    }

    @Test
    void collectSinkSendsBatchesAndFinishesThroughTheGateway() throws Exception {
        OperatorSpec collect = OperatorTestHarness.spec("Collect", OperatorDescriptor.builder(new OperatorKinds.CollectSink("results"))
                .inputType(Types.LONG).build(), List.of());
        JobVertex vertex = TaskTestSupport.vertex(0, "Source -> Collect", 1, source(new RangeSource(10_000)), collect);
        java.util.List<byte[]> batches = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CompletableFuture<String> finished = new java.util.concurrent.CompletableFuture<>();
        CollectGateway gateway = new CollectGateway() {
            @Override
            public void send(String collectId, int subtask, byte[] batch) {
                batches.add(batch);
            }

            @Override
            public void finish(String collectId, int subtask) {
                finished.complete(collectId + "/" + subtask);
            }
        };
        Task task = new Task(TaskTestSupport.standalone(vertex, 0), new TaskServices(null, new RecordingListener(), gateway, "w"));
        task.start();
        assertThat(task.terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FINISHED);
        assertThat(finished).isCompletedWithValue("results/0");
        assertThat(batches.stream().mapToInt(b -> b.length).sum()).isEqualTo(10_000 * 8);
        assertThat(batches.size()).isGreaterThanOrEqualTo(3);
    }

    static final class CountingMap extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            getRuntimeContext().getLongCounter("mapped").add(1L);
            return value;
        }
    }
}
