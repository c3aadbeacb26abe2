package io.eddy.runtime.tasks;

import static io.eddy.runtime.tasks.TaskTestSupport.JOB;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichMapPartitionFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.iteration.LaneResourceMap;
import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.operators.DrivesAfterInput;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.tasks.TaskTestSupport.RangeSource;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import io.eddy.streaming.api.functions.ProcessFunction;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real tasks of a bulk loop over local channels of one {@link NetworkEnvironment}, with a test head
 * operator that replays its initial input each superstep (shifted by 100 per superstep) through
 * {@link SuperstepControl}, and a {@link LoopTestMaster} for the master's decisions:
 *
 * <pre>
 *   Initial (2) -forward-> Head (2) --rebalance: dynamic data, input 0----> Body (1): Cross -> MapPartition --> Sink (1)
 *                                  \--broadcast: dynamic variable "dyn"--^      ^ static input 1     ^ static variable "static"
 *                                                                  StaticData (1)          StaticSet (1)
 * </pre>
 */
class SuperstepTaskITCase {

    private static final int SUPERSTEPS = 3;
    private static final String SUMMARY = "summary";

    /** The test head's kind, registered by {@link Provider} in this module's test resources. */
    record LoopHeadKind() implements OperatorKind {
        @Override
        public String name() {
            return "test.loopHead";
        }
    }

    private NetworkEnvironment network;
    private IOManager ioManager;
    private ResultDirectory results;
    private final List<Task> tasks = new ArrayList<>();

    @BeforeEach
    void start(@TempDir Path dir) throws Exception {
        network = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(256).build());
        ioManager = new IOManager(dir.resolve("spill").toFile());
        results = ResultDirectory.create(dir.resolve("results"));
    }

    @AfterEach
    void stop() throws Exception {
        for (Task task : tasks) {
            task.cancel();
            task.terminationFuture().get(30, TimeUnit.SECONDS);
        }
        network.close();
        ioManager.close();
        results.close();
    }

    @Test
    void bodyComputesEverySuperstepWithReplayedStaticInputFreshBroadcastAndPreviousAggregatesThenEndsWithoutFinish() throws Exception {
        JobVertex initial = source(0, "Initial", 2, 10);
        JobVertex head = new JobVertex(new JobVertexId(1), "Head", 2, 128, List.of(OperatorTestHarness.spec("Head",
                OperatorDescriptor.builder(new LoopHeadKind()).inputType(Types.LONG).outputType(Types.LONG).build(),
                List.of(OperatorOutput.network(0), OperatorOutput.network(1)))));
        JobVertex staticData = source(2, "StaticData", 1, 5);
        JobVertex body = bodyVertex(3);
        JobVertex staticSet = source(4, "StaticSet", 1, 5);
        JobVertex sink = new JobVertex(new JobVertexId(5), "Sink", 1, 128, List.of(OperatorTestHarness.spec("Sink",
                OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(results.recordingSink(SUMMARY)).inputType(Types.STRING).build(),
                List.of())));
        VertexGroup loop = VertexGroup.iteration(new IterationSpec("loop", IterationSpec.Kind.BULK, head.id(), SUPERSTEPS,
                aggregators(), false), List.of(head.id(), body.id()));

        JobEdge toHead = edge(initial, 0, head, 0, 0, EdgeRole.DATA, ShipStrategy.FORWARD, Types.LONG);
        JobEdge headData = edge(head, 0, body, 0, 0, EdgeRole.DATA, ShipStrategy.REBALANCE, Types.LONG);
        JobEdge headBroadcast = edge(head, 1, body, 1, 0, EdgeRole.BROADCAST, ShipStrategy.BROADCAST, Types.LONG);
        JobEdge staticEdge = edge(staticData, 0, body, 2, 1, EdgeRole.DATA, ShipStrategy.FORWARD, Types.LONG);
        JobEdge staticBroadcast = edge(staticSet, 0, body, 3, 1, EdgeRole.BROADCAST, ShipStrategy.BROADCAST, Types.LONG);
        JobEdge toSink = edge(body, 0, sink, 0, 0, EdgeRole.DATA, ShipStrategy.FORWARD, Types.STRING);

        LoopTestMaster master = new LoopTestMaster(3, SUPERSTEPS);
        List<RecordingListener> listeners = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            listeners.add(create(deployment(initial, s, List.of(), List.of(), List.of(toHead), List.of(out(initial, s, 1)), null), null));
            Task headTask = task(deployment(head, s, List.of(toHead), List.of(List.of(channel(initial, s, 0))), List.of(headData, headBroadcast),
                    List.of(out(head, s, 1, 0), out(head, s, 1, 1)), loop), master, listeners);
            master.addHead(headTask);
        }
        listeners.add(create(deployment(staticData, 0, List.of(), List.of(), List.of(staticEdge), List.of(out(staticData, 0, 1)), null), null));
        listeners.add(create(deployment(staticSet, 0, List.of(), List.of(), List.of(staticBroadcast), List.of(out(staticSet, 0, 1)), null), null));
        task(deployment(body, 0, List.of(headData, headBroadcast, staticEdge, staticBroadcast),
                List.of(List.of(channel(head, 0, 0, 0), channel(head, 1, 0, 0)), List.of(channel(head, 0, 1, 0), channel(head, 1, 1, 0)),
                        List.of(channel(staticData, 0, 0)), List.of(channel(staticSet, 0, 0))),
                List.of(toSink), List.of(out(body, 0, 1)), loop), master, listeners);
        listeners.add(create(deployment(sink, 0, List.of(toSink), List.of(List.of(channel(body, 0, 0))), List.of(), List.of(), null), null));

        tasks.forEach(Task::start);
        for (Task task : tasks) {
            assertThat(task.terminationFuture().get(60, TimeUnit.SECONDS)).as(task.toString()).isEqualTo(TaskExecutionState.FINISHED);
        }
        for (RecordingListener listener : listeners) {
            assertThat(listener.failed).isNotDone();
        }
        List<String> expected = new ArrayList<>();
        long previous = -1;
        for (int s = 1; s <= SUPERSTEPS; s++) {
            long dynamicSum = 45 + 1000L * (s - 1);
            long pairSum = 5 * dynamicSum + 100;
            expected.add("s=" + s + " opens=" + s + " pairs=50 sum=" + pairSum + " prev=" + (s == 1 ? "null" : previous)
                    + " dyn=10/" + dynamicSum + " static=5");
            previous = pairSum * s;
        }
        assertThat(results.lines(SUMMARY)).as("one summary per superstep, none from a finish() after the loop").containsExactlyElementsOf(expected);
        assertThat(master.reports()).hasSize(SUPERSTEPS).allSatisfy((superstep, reported) -> assertThat(reported).hasSize(3));
    }

    @Test
    void refusesAnOperatorThatIsNotSuperstepAwareNamingItAndItsKind() throws Exception {
        JobVertex head = source(1, "Head", 1, 1);
        JobVertex body = new JobVertex(new JobVertexId(2), "Body", 1, 128, List.of(OperatorTestHarness.spec("Process",
                OperatorDescriptor.builder(OperatorKinds.PROCESS).userFunction(new Forward()).inputType(Types.LONG).outputType(Types.LONG)
                        .build(), List.of())));
        VertexGroup loop = VertexGroup.iteration(new IterationSpec("loop", IterationSpec.Kind.BULK, head.id(), 2, aggregators(), false),
                List.of(head.id(), body.id()));
        RecordingListener listener = create(deployment(body, 0, List.of(), List.of(), List.of(), List.of(), loop), new LoopTestMaster(1, 2));
        tasks.forEach(Task::start);
        assertThat(tasks.get(0).terminationFuture().get(30, TimeUnit.SECONDS)).isEqualTo(TaskExecutionState.FAILED);
        assertThat(listener.failed.get()).hasMessageContainingAll("Operator 'Process (1/1)'", "kind 'process'", "iteration 'loop'",
                "does not implement SuperstepAware");
    }

    private Task task(TaskDeployment deployment, LoopTestMaster master, List<RecordingListener> listeners) {
        RecordingListener listener = create(deployment, master);
        listeners.add(listener);
        return tasks.get(tasks.size() - 1);
    }

    private RecordingListener create(TaskDeployment deployment, LoopTestMaster master) {
        RecordingListener listener = new RecordingListener();
        IterationServices iterations = master == null ? IterationServices.standalone()
                : new IterationServices(master, new LaneResourceMap("lane " + deployment.subtaskIndex()));
        tasks.add(new Task(deployment, new TaskServices(network, listener, null, "worker-1", null, ioManager, null, CheckpointServices.NONE,
                iterations)));
        return listener;
    }

    private static TaskDeployment deployment(JobVertex vertex, int subtask, List<JobEdge> inputs, List<List<InputChannelSpec>> channels,
            List<JobEdge> outputs, List<OutputPartitionSpec> partitions, VertexGroup loop) {
        return new TaskDeployment(JOB, "loop test", vertex, subtask, 0, inputs, channels, outputs, partitions, 0L,
                TaskTestSupport.serializerConfigBytes(), SuperstepTaskITCase.class.getClassLoader(), java.util.Map.of(), null, loop, null);
    }

    private static byte[] aggregators() {
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.register("sum", new LongSumAggregator());
        return InstantiationUtil.serialize(registry, "aggregators");
    }

    private static JobVertex source(int id, String name, int parallelism, long count) {
        return new JobVertex(new JobVertexId(id), name, parallelism, 128, List.of(OperatorTestHarness.spec(name,
                OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new RangeSource(count)).outputType(Types.LONG).build(),
                List.of(OperatorOutput.network(0)))));
    }

    /** Cross (buffers the static input 1, so it is read first in every superstep) chained into a MapPartition that summarizes. */
    private static JobVertex bodyVertex(int id) {
        OperatorDescriptor cross = OperatorDescriptor.builder(new BatchKinds.Cross(1)).userFunction((CrossFunction<Long, Long, Long>) Long::sum)
                .inputType(Types.LONG).inputType(Types.LONG).outputType(Types.LONG).broadcastNames(List.of("dyn", "static")).build();
        OperatorDescriptor summary = OperatorDescriptor.builder(BatchKinds.MAP_PARTITION).userFunction(new Summary())
                .inputType(Types.LONG).outputType(Types.STRING).memoryFraction(0.05).build();
        return new JobVertex(new JobVertexId(id), "Body", 1, 128, List.of(
                OperatorTestHarness.spec("Cross", cross, List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Summary", summary, List.of(OperatorOutput.network(0)))));
    }

    private static JobEdge edge(JobVertex from, int output, JobVertex to, int gate, int input, EdgeRole role, ShipStrategy ship,
            io.eddy.api.common.typeinfo.TypeInfo<?> type) {
        return new JobEdge(from.id(), output, to.id(), gate, input, role, ship, ExchangeMode.PIPELINED, null,
                InstantiationUtil.serialize(type, "type"));
    }

    private static ResultPartitionId partition(JobVertex vertex, int subtask, int output) {
        return new ResultPartitionId(JOB, vertex.id().index(), output, subtask, 0);
    }

    private static OutputPartitionSpec out(JobVertex vertex, int subtask, int subpartitions) {
        return out(vertex, subtask, subpartitions, 0);
    }

    private static OutputPartitionSpec out(JobVertex vertex, int subtask, int subpartitions, int output) {
        return new OutputPartitionSpec(partition(vertex, subtask, output), subpartitions, 128);
    }

    private InputChannelSpec channel(JobVertex producer, int subtask, int subpartition) {
        return channel(producer, subtask, 0, subpartition);
    }

    private InputChannelSpec channel(JobVertex producer, int subtask, int output, int subpartition) {
        return new InputChannelSpec(partition(producer, subtask, output), subpartition, network.dataAddress());
    }

    /**
     * Summarizes a superstep of the body: its number, how often the function was opened, the cross's
     * pairs and their sum, the previous superstep's combined aggregate, and both broadcast variables;
     * adds {@code sum * superstep} to the aggregator "sum".
     */
    static final class Summary extends RichMapPartitionFunction<Long, String> {
        private static final long serialVersionUID = 1L;
        private transient int opens;

        @Override
        public void open() {
            opens++;
        }

        @Override
        public void mapPartition(Iterable<Long> values, Collector<String> out) {
            long pairs = 0;
            long sum = 0;
            for (long value : values) {
                pairs++;
                sum += value;
            }
            int superstep = getIterationRuntimeContext().getSuperstepNumber();
            Serializable previous = getIterationRuntimeContext().getPreviousIterationAggregate("sum");
            LongSumAggregator aggregator = getIterationRuntimeContext().getIterationAggregator("sum");
            aggregator.aggregate(sum * superstep);
            List<Long> dynamic = getRuntimeContext().getBroadcastVariable("dyn");
            List<Long> fixed = getRuntimeContext().getBroadcastVariable("static");
            out.collect("s=" + superstep + " opens=" + opens + " pairs=" + pairs + " sum=" + sum + " prev=" + previous + " dyn="
                    + dynamic.size() + "/" + dynamic.stream().mapToLong(Long::longValue).sum() + " static=" + fixed.size());
        }
    }

    /** Forwards its input: an operator kind that is not SuperstepAware. */
    static final class Forward extends ProcessFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(Long value, Context ctx, io.eddy.api.common.functions.Collector<Long> out) {
            out.collect(value);
        }
    }

    /** Provides {@link LoopHeadKind}. */
    public static final class Provider implements OperatorProvider {
        @Override
        public void register(OperatorRegistry registry) {
            registry.add(LoopHeadKind.class, (descriptor, kind) -> new ReplayingHead());
        }
    }

    /**
     * A loop head for tests: emits its initial input in superstep 1 and keeps it; in each later
     * superstep emits the kept values plus {@code 100 * (superstep - 1)}; drives the supersteps
     * through the task's {@link SuperstepControl} until the master terminates the loop.
     */
    static final class ReplayingHead extends OneInputOperator<Long, Long> implements DrivesAfterInput, SuperstepAware {
        private final List<Long> kept = new ArrayList<>();
        private final StreamRecord<Long> reuse = new StreamRecord<>(null);

        ReplayingHead() {
            super(null);
        }

        @Override
        public void processElement(StreamRecord<Long> record) {
            kept.add(record.getValue());
            output.collect(reuse.replace(record.getValue()));
        }

        @Override
        public CompletableFuture<Void> afterInput() {
            CompletableFuture<Void> done = new CompletableFuture<>();
            step(context.environment().superstepControl(), done);
            return done;
        }

        private void step(SuperstepControl control, CompletableFuture<Void> done) {
            control.endSuperstep().whenComplete((decision, failure) -> {
                if (failure != null) {
                    done.completeExceptionally(failure);
                    return;
                }
                try {
                    if (decision.terminate()) {
                        done.complete(null);
                        return;
                    }
                    control.startNextSuperstep(decision);
                    long shift = 100L * (context.environment().iteration().superstep() - 1);
                    kept.forEach(value -> output.collect(reuse.replace(value + shift)));
                    step(control, done);
                } catch (RuntimeException e) {
                    done.completeExceptionally(e);
                }
            });
        }

        @Override
        public void endSuperstep() {}

        @Override
        public void startSuperstep(int superstep) {}
    }
}
