package io.eddy.runtime.tasks;

import static io.eddy.runtime.tasks.TaskTestSupport.JOB;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.base.TwoInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.tasks.TaskTestSupport.RangeSource;
import io.eddy.runtime.tasks.TaskTestSupport.RecordingListener;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task whose two-input head wants input 1 first, is told the end of each input and reads a
 * broadcast variable in open(), with three producer tasks over local channels of one {@link
 * NetworkEnvironment}: broadcast gates first, then the first input's gate to its end, then the other.
 * The operator records what reaches it through a recording sink of a {@link ResultDirectory}, its
 * user function.
 */
class BatchInputsITCase {

    /** A kind the runtime does not know, registered by {@link Provider} in this module's test resources. */
    record OrderRecorderKind() implements OperatorKind {
        @Override
        public String name() {
            return "test.orderRecorder";
        }
    }

    /** The recording sink of what reached the operator, in order. */
    private static final String EVENTS = "events";

    private NetworkEnvironment network;
    private ResultDirectory results;
    private final List<Task> tasks = new ArrayList<>();

    @BeforeEach
    void startNetwork(@TempDir Path dir) throws Exception {
        network = NetworkEnvironment.start(NetworkConfig.builder().bindHost("127.0.0.1").totalBuffers(256).build());
        results = ResultDirectory.create(dir);
    }

    @AfterEach
    void stop() throws Exception {
        for (Task task : tasks) {
            task.cancel();
            task.terminationFuture().get(30, TimeUnit.SECONDS);
        }
        network.close();
        results.close();
    }

    @Test
    void broadcastFirstThenTheFirstInputToItsEndThenTheOtherWithEndInputBeforeFinish() throws Exception {
        JobVertex probe = source(0, 2_000);
        JobVertex build = source(1, 1_000);
        JobVertex dict = source(2, 30);
        JobVertex consumer = new JobVertex(new JobVertexId(3), "Ordered", 1, 128, List.of(OperatorTestHarness.spec("Ordered",
                OperatorDescriptor.builder(new OrderRecorderKind()).userFunction(results.recordingSink(EVENTS)).inputType(Types.LONG)
                        .inputType(Types.LONG).broadcastNames(List.of("dict")).build(), List.of())));
        byte[] longType = InstantiationUtil.serialize(Types.LONG, "type");
        JobEdge e0 = new JobEdge(probe.id(), 0, consumer.id(), 0, 0, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, longType);
        JobEdge e1 = new JobEdge(build.id(), 0, consumer.id(), 1, 1, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, longType);
        JobEdge eb = new JobEdge(dict.id(), 0, consumer.id(), 2, 0, EdgeRole.BROADCAST, ShipStrategy.BROADCAST,
                ExchangeMode.PIPELINED, null, longType);
        // The producers start first, the probe side first: the order comes from the consumer alone.
        int i = 0;
        for (JobVertex producer : List.of(probe, build, dict)) {
            JobEdge edge = List.of(e0, e1, eb).get(i++);
            start(TaskTestSupport.deployment(producer, 0, List.of(), List.of(), List.of(edge),
                    List.of(new OutputPartitionSpec(partition(producer.id().index()), 1, 128))));
        }
        RecordingListener consumerListener = start(TaskTestSupport.deployment(consumer, 0, List.of(e0, e1, eb),
                List.of(channels(0), channels(1), channels(2)), List.of(), List.of()));
        for (Task task : tasks) {
            assertThat(task.terminationFuture().get(60, TimeUnit.SECONDS)).as(task.toString()).isEqualTo(TaskExecutionState.FINISHED);
        }
        assertThat(consumerListener.failed).isNotDone();

        List<String> expected = new ArrayList<>();
        expected.add("open dict=30");
        expected.addAll(Collections.nCopies(1_000, "in1"));
        expected.add("end1");
        expected.addAll(Collections.nCopies(2_000, "in0"));
        expected.add("end0");
        expected.add("finish");
        assertThat(results.records(EVENTS)).as("one attempt of the one subtask recorded them all")
                .allMatch(r -> r.attempt() == 0 && r.subtask() == 0);
        assertThat(results.lines(EVENTS)).containsExactlyElementsOf(expected);
    }

    private RecordingListener start(TaskDeployment deployment) {
        RecordingListener listener = new RecordingListener();
        Task task = new Task(deployment, new TaskServices(network, listener, null, "worker-1"));
        tasks.add(task);
        task.start();
        return listener;
    }

    private static JobVertex source(int id, long count) {
        return new JobVertex(new JobVertexId(id), "Source " + id, 1, 128, List.of(OperatorTestHarness.spec("Source " + id,
                OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new RangeSource(count)).outputType(Types.LONG).build(),
                List.of(OperatorOutput.network(0)))));
    }

    private static ResultPartitionId partition(int vertex) {
        return new ResultPartitionId(JOB, vertex, 0, 0, 0);
    }

    private List<InputChannelSpec> channels(int producerVertex) {
        return List.of(new InputChannelSpec(partition(producerVertex), 0, network.dataAddress()));
    }

    /** Provides {@link OrderRecorderKind}. */
    public static final class Provider implements OperatorProvider {
        @Override
        public void register(OperatorRegistry registry) {
            registry.add(OrderRecorderKind.class, (descriptor, kind) -> new OrderRecorder(descriptor));
        }
    }

    /**
     * Records what reaches it in its user function, a recording sink (which the base operator
     * opens before {@link #open} goes on and closes after {@link #finish}); wants input 1 first.
     */
    static final class OrderRecorder extends TwoInputOperator<Long, Long, Object> implements InputOrdered, BoundedMultiInput {
        private final SinkFunction<String> events;

        @SuppressWarnings("unchecked")
        OrderRecorder(OperatorDescriptor descriptor) {
            this((SinkFunction<String>) requireFunction(descriptor, SinkFunction.class));
        }

        private OrderRecorder(SinkFunction<String> events) {
            super(events);
            this.events = events;
        }

        @Override
        public void open() throws Exception {
            super.open();
            events.invoke("open dict=" + getRuntimeContext().getBroadcastVariable("dict").size());
        }

        @Override
        public int firstInput() {
            return 1;
        }

        @Override
        public void processElement1(StreamRecord<Long> record) throws Exception {
            events.invoke("in0");
        }

        @Override
        public void processElement2(StreamRecord<Long> record) throws Exception {
            events.invoke("in1");
        }

        @Override
        public void endInput(int inputIndex) throws Exception {
            events.invoke("end" + inputIndex);
        }

        @Override
        public void finish() throws Exception {
            events.invoke("finish");
        }
    }
}
