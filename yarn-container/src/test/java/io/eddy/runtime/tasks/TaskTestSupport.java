package io.eddy.runtime.tasks;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** Vertices, deployments, listeners and test functions for task tests. */
final class TaskTestSupport {

    /** What test sinks received, by sink key; functions are shipped as copies, so they report here. */
    static final Map<String, Queue<Object>> SINKS = new ConcurrentHashMap<>();
    /** Counters of counting sinks, by key. */
    static final Map<String, LongAdder> COUNTERS = new ConcurrentHashMap<>();
    /** Latches test sources count down once they run, by key. */
    static final Map<String, CountDownLatch> STARTED = new ConcurrentHashMap<>();

    static final JobId JOB = new JobId(0x1234, 0x5678);

    private TaskTestSupport() {}

    static JobVertex vertex(int id, String name, int parallelism, OperatorSpec... chain) {
        return new JobVertex(new JobVertexId(id), name, parallelism, KeyGroups.DEFAULT_MAX_PARALLELISM, List.of(chain));
    }

    static byte[] serializerConfigBytes() {
        return InstantiationUtil.serialize(new SerializerConfig(), "serializer config");
    }

    /** A deployment of a vertex without network edges. */
    static TaskDeployment standalone(JobVertex vertex, int subtask) {
        return deployment(vertex, subtask, List.of(), List.of(), List.of(), List.of());
    }

    static TaskDeployment deployment(JobVertex vertex, int subtask, List<JobEdge> inputs, List<List<InputChannelSpec>> channels,
            List<JobEdge> outputs, List<OutputPartitionSpec> partitions) {
        return new TaskDeployment(JOB, "test job", vertex, subtask, 0, inputs, channels, outputs, partitions, 0L, serializerConfigBytes(),
                TaskTestSupport.class.getClassLoader());
    }

    static Queue<Object> sink(String key) {
        return SINKS.computeIfAbsent(key, k -> new ConcurrentLinkedQueue<>());
    }

    static CountDownLatch started(String key) {
        return STARTED.computeIfAbsent(key, k -> new CountDownLatch(1));
    }

    /** Records the listener calls of one task. */
    static final class RecordingListener implements TaskListener {
        final CompletableFuture<Map<String, Accumulator<?, ?>>> finished = new CompletableFuture<>();
        final CompletableFuture<Throwable> failed = new CompletableFuture<>();
        final CompletableFuture<Void> running = new CompletableFuture<>();
        final AtomicInteger calls = new AtomicInteger();
        final List<String> threads = new ArrayList<>();

        @Override
        public void running(TaskId id) {
            record();
            running.complete(null);
        }

        @Override
        public void finished(TaskId id, Map<String, Accumulator<?, ?>> accumulators) {
            record();
            finished.complete(accumulators);
        }

        @Override
        public void failed(TaskId id, Throwable cause) {
            record();
            failed.complete(cause);
        }

        private synchronized void record() {
            calls.incrementAndGet();
            threads.add(Thread.currentThread().getName());
        }
    }

    /** Emits this subtask's share of 0..count-1 (values congruent to the subtask index). */
    static final class RangeSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final long count;
        private volatile boolean running = true;

        RangeSource(long count) {
            this.count = count;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
            for (long i = getRuntimeContext().getIndexOfThisSubtask(); i < count && running; i += parallelism) {
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Emits until cancelled; counts down its start latch after the first record. */
    static final class InfiniteSource implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final String key;
        private volatile boolean running = true;

        InfiniteSource(String key) {
            this.key = key;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
                if (i == 1) {
                    started(key).countDown();
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Ignores cancel() and blocks until interrupted: only the task's interrupt can stop it. */
    static final class StubbornSource implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final String key;

        StubbornSource(String key) {
            this.key = key;
        }

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            started(key).countDown();
            new CountDownLatch(1).await();
        }

        @Override
        public void cancel() {}
    }

    /** Adds every value to {@code SINKS.get(key)}. */
    static final class CollectingSink<T> implements SinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final String key;

        CollectingSink(String key) {
            this.key = key;
        }

        @Override
        public void invoke(T value) {
            sink(key).add(value);
        }
    }

    /** Counts values in {@code COUNTERS.get(key)}, adding once per task at close (no contention per record). */
    static final class CountingSink<T> extends io.eddy.streaming.api.functions.sink.RichSinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final String key;
        private transient long count;

        CountingSink(String key) {
            this.key = key;
        }

        @Override
        public void invoke(T value) {
            count++;
        }

        @Override
        public void close() {
            COUNTERS.computeIfAbsent(key, k -> new LongAdder()).add(count);
        }
    }
}
