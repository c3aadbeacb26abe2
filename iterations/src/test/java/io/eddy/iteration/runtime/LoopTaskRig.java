package io.eddy.iteration.runtime;

import io.eddy.runtime.iteration.TaskIterationContext;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.CollectingOutput;
import io.eddy.runtime.operators.DrivesAfterInput;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.ManualTimerService;
import io.eddy.runtime.operators.OperatorFactory;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.QueueMailbox;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One task of a loop in a test, without thread or network: a one-operator chain built by the real
 * {@code OperatorChain} from the operator factory that {@code ServiceLoader} fills (so the module's
 * provider is used), in a task environment with an iteration context, the lane's resources and,
 * for a head task, a superstep control. The test thread plays the task thread. A head's main
 * output is output 0 and its {@link IterationKinds#RESULT_TAG} side output is output 1.
 */
final class LoopTaskRig implements AutoCloseable {

    private final io.eddy.runtime.tasks.OperatorChain chain;
    private final List<CollectingOutput<Object>> outputs = new ArrayList<>();
    final TaskIterationContext iteration;
    final TestSuperstepControl control;

    private LoopTaskRig(OperatorDescriptor descriptor, List<OperatorOutput> operatorOutputs, TaskIterationContext iteration,
            TestSuperstepControl control, TaskEnvironment.Builder env) {
        this.iteration = iteration;
        this.control = control;
        for (int i = 0; i < operatorOutputs.size(); i++) {
            outputs.add(new CollectingOutput<>());
        }
        String name = descriptor.kind().name();
        JobVertex vertex = new JobVertex(new JobVertexId(0), name, 1, KeyGroups.DEFAULT_MAX_PARALLELISM,
                List.of(OperatorTestHarness.spec(name, descriptor, operatorOutputs)));
        TaskEnvironment environment = env.taskName(name).iteration(iteration).superstepControl(control).build();
        this.chain = io.eddy.runtime.tasks.OperatorChain.build(vertex, environment, OperatorFactory.load(getClass().getClassLoader()),
                outputs);
        if (control != null) {
            control.chain(chain.operators());
        }
    }

    /** A task environment builder with the given memory, I/O and lane, subtask 0 of 1. */
    static TaskEnvironment.Builder environment(MemoryManager memory, IOManager io, TestLaneResources lane) {
        return TaskEnvironment.builder()
                .timerService(new ManualTimerService(0))
                .mailbox(new QueueMailbox())
                .memoryManager(memory)
                .ioManager(io)
                .laneResources(lane);
    }

    /** The head task of a bulk loop: a superstep control, the main output and the result output. */
    static LoopTaskRig head(OperatorDescriptor descriptor, TaskIterationContext iteration, TaskEnvironment.Builder env) {
        List<OperatorOutput> outs = List.of(OperatorOutput.network(0),
                new OperatorOutput(OperatorOutput.Target.NETWORK, 1, 0, IterationKinds.RESULT_TAG));
        return new LoopTaskRig(descriptor, outs, iteration, new TestSuperstepControl(iteration), env);
    }

    /** A body task whose chain is one operator with one output (output 0). */
    static LoopTaskRig body(OperatorDescriptor descriptor, TaskIterationContext iteration, TaskEnvironment.Builder env) {
        return new LoopTaskRig(descriptor, List.of(OperatorOutput.network(0)), iteration, null, env);
    }

    /** A body task whose chain is one tail operator, without outputs. */
    static LoopTaskRig tail(OperatorDescriptor descriptor, TaskIterationContext iteration, TaskEnvironment.Builder env) {
        return new LoopTaskRig(descriptor, List.of(), iteration, null, env);
    }

    LoopTaskRig open() {
        chain.initializeState(null);
        chain.open();
        return this;
    }

    LoopTaskRig process(Object... values) throws Exception {
        return processInput(0, values);
    }

    /** Records of logical input {@code index} of the head operator. */
    @SuppressWarnings("unchecked")
    LoopTaskRig processInput(int index, Object... values) throws Exception {
        Input<Object> input = (Input<Object>) chain.head().input(index);
        for (Object value : values) {
            input.processElement(new StreamRecord<>(value));
        }
        return this;
    }

    /** Input 0 ended, as the task's input processor says it. */
    LoopTaskRig endInput() throws Exception {
        return endInput(0);
    }

    /** Input {@code index} ended. */
    LoopTaskRig endInput(int index) throws Exception {
        ((BoundedMultiInput) chain.head()).endInput(index);
        return this;
    }

    /** The head's {@link DrivesAfterInput#afterInput()}, as the task asks for it once every input ended. */
    CompletableFuture<Void> afterInput() throws Exception {
        return ((DrivesAfterInput) chain.head()).afterInput();
    }

    /** A body task ends the superstep of its chain (head first). */
    LoopTaskRig endSuperstep() throws Exception {
        for (StreamOperator<?> operator : chain.operators()) {
            ((SuperstepAware) operator).endSuperstep();
        }
        return this;
    }

    /** A body task starts superstep {@code next}: its context moves on (aggregators reset), then its operators, tail first. */
    LoopTaskRig startSuperstep(int next) throws Exception {
        LoopContexts.startSuperstep(iteration, next);
        List<StreamOperator<?>> operators = chain.operators();
        for (int i = operators.size() - 1; i >= 0; i--) {
            ((SuperstepAware) operators.get(i)).startSuperstep(next);
        }
        return this;
    }

    /** The values output {@code index} received. */
    @SuppressWarnings("unchecked")
    <T> List<T> output(int index) {
        return (List<T>) outputs.get(index).values();
    }

    void clearOutputs() {
        outputs.forEach(CollectingOutput::clear);
    }

    StreamOperator<?> operator() {
        return chain.head();
    }

    @Override
    public void close() {
        chain.close();
    }
}
