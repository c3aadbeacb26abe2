package io.eddy.runtime.tasks;

import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.OperatorContext;
import io.eddy.runtime.operators.OperatorFactory;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.OperatorFailureException.Phase;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.operators.SourceHead;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.TaskEnvironment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operators of one task, built from its vertex's chain: each operator's outputs are wired to
 * the inputs of the operators after it (records pass by reference) or to the task's network
 * outputs. Records are not copied between chained operators: a user function must not change a
 * value after emitting it, nor keep and change a value it received.
 *
 * <p>Life cycle, driven by the task thread: {@link #initializeState} (restored state or none),
 * {@link #open()} (tail first, so that consumers are
 * ready before their producers emit), then input, then either {@link #finish()} (head first,
 * flushing each operator into the next) and {@link #close()}, or {@link #closeAfterFailure}.
 */
public final class OperatorChain {

    private final List<StreamOperator<?>> operators;
    private final List<String> names;
    /** Per operator, its uid ({@code OperatorSpec.uid()}): the name of its state in checkpoints. */
    private final List<String> uids;
    private final OperatorDescriptor headDescriptor;
    /** Per operator, the name of its kind ({@code OperatorKind.name()}), for errors. */
    private final List<String> kinds;
    // How many operators from the tail had open() entered; those (only) are closed.
    private int openedFromTail;
    private boolean closed;

    private OperatorChain(List<StreamOperator<?>> operators, List<String> names, List<String> uids, OperatorDescriptor headDescriptor,
            List<String> kinds) {
        this.operators = operators;
        this.kinds = kinds;
        this.names = names;
        this.uids = uids;
        this.headDescriptor = headDescriptor;
    }

    /**
     * Instantiates and sets up the operators of {@code vertex}.
     *
     * @param networkOutputs the task's network outputs, by the index of the vertex's output edge
     * @throws IllegalArgumentException if an operator's output points outside the chain or the edges
     */
    public static OperatorChain build(JobVertex vertex, TaskEnvironment environment, OperatorFactory factory,
            List<? extends Output<?>> networkOutputs) {
        return build(vertex, environment, factory, networkOutputs, new TaskIoCounters());
    }

    /** {@link #build(JobVertex, TaskEnvironment, OperatorFactory, List)}, counting the records each operator is handed in {@code counters}. */
    static OperatorChain build(JobVertex vertex, TaskEnvironment environment, OperatorFactory factory,
            List<? extends Output<?>> networkOutputs, TaskIoCounters counters) {
        List<OperatorSpec> specs = vertex.chain();
        int length = specs.size();
        counters.chainOf(length);
        List<OperatorDescriptor> descriptors = new ArrayList<>(length);
        List<StreamOperator<?>> operators = new ArrayList<>(length);
        List<String> names = new ArrayList<>(length);
        for (OperatorSpec spec : specs) {
            OperatorDescriptor descriptor = spec.descriptor(environment.userCodeClassLoader());
            descriptors.add(descriptor);
            operators.add(factory.create(descriptor, spec.name()));
            names.add(environment.withSubtask(spec.name()));
        }
        // Wire outputs tail first: an operator's chained targets come after it.
        for (int i = length - 1; i >= 0; i--) {
            Output<Object> output = outputOf(vertex, i, operators, names, networkOutputs, counters);
            setup(operators.get(i), new OperatorContext<>(specs.get(i).name(), descriptors.get(i), environment, output));
        }
        List<String> uids = specs.stream().map(OperatorSpec::uid).toList();
        List<String> kinds = descriptors.stream().map(d -> d.kind().name()).toList();
        return new OperatorChain(List.copyOf(operators), List.copyOf(names), uids, descriptors.get(0), kinds);
    }

    @SuppressWarnings("unchecked")
    private static <T> void setup(StreamOperator<T> operator, OperatorContext<?> context) {
        operator.setup((OperatorContext<T>) context);
    }

    @SuppressWarnings("unchecked")
    private static Output<Object> outputOf(JobVertex vertex, int index, List<StreamOperator<?>> operators, List<String> names,
            List<? extends Output<?>> networkOutputs, TaskIoCounters counters) {
        List<Output<Object>> main = new ArrayList<>();
        Map<String, List<Output<Object>>> side = new LinkedHashMap<>();
        for (OperatorOutput out : vertex.chain().get(index).outputs()) {
            Output<Object> target;
            if (out.target() == OperatorOutput.Target.CHAINED) {
                if (out.index() <= index || out.index() >= operators.size()) {
                    throw new IllegalArgumentException("Bug: operator " + index + " of '" + vertex.name() + "' has a chained output to operator "
                            + out.index() + " (expected: an operator after it, below " + operators.size() + ")");
                }
                Input<Object> input = (Input<Object>) operators.get(out.index()).input(out.targetInput());
                target = new ChainedOutput<>(input, names.get(out.index()), counters.operatorInput(out.index()));
            } else {
                if (out.index() < 0 || out.index() >= networkOutputs.size()) {
                    throw new IllegalArgumentException("Bug: operator " + index + " of '" + vertex.name() + "' writes to output edge "
                            + out.index() + " but the task has " + networkOutputs.size() + " output edges");
                }
                target = (Output<Object>) networkOutputs.get(out.index());
            }
            if (out.sideOutputTag() == null) {
                main.add(target);
            } else {
                side.computeIfAbsent(out.sideOutputTag(), tag -> new ArrayList<>()).add(target);
            }
        }
        return RoutingOutput.of(main, side);
    }

    public StreamOperator<?> head() {
        return operators.get(0);
    }

    /** The head as a source (a {@code SourceFunction} or a batch source), or null if the head reads input gates. */
    public SourceHead sourceHead() {
        return head() instanceof SourceHead source ? source : null;
    }

    /** The head operator's descriptor. */
    public OperatorDescriptor headDescriptor() {
        return headDescriptor;
    }

    /** The head's name with the subtask, e.g. {@code "Map (1/2)"}. */
    public String headName() {
        return names.get(0);
    }

    public List<StreamOperator<?>> operators() {
        return operators;
    }

    /**
     * Gives every operator its state, tail first: from {@code restore} (by the operator's uid; empty
     * for an operator the checkpoint holds nothing of for this subtask) or null on a fresh start.
     * Before {@link #open()}. A restored task's operators all see {@code isRestored()}: a source
     * subtask that finished before the checkpoint, or that got none of the redistributed splits, must
     * emit nothing rather than start over.
     */
    public void initializeState(TaskRestore restore) {
        for (int i = operators.size() - 1; i >= 0; i--) {
            OperatorSubtaskState state = restore == null ? null : restore.state().operatorStates().getOrDefault(uids.get(i), OperatorSubtaskState.EMPTY);
            try {
                operators.get(i).initializeState(state);
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.INITIALIZE_STATE, e);
            }
        }
    }

    /** Lets every operator emit what belongs before barrier {@code checkpointId}, head first. */
    public void prepareSnapshotPreBarrier(long checkpointId) {
        for (int i = 0; i < operators.size(); i++) {
            try {
                operators.get(i).prepareSnapshotPreBarrier(checkpointId);
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.SNAPSHOT, e);
            }
        }
    }

    /** The synchronous snapshot of every operator, by uid (chain order). */
    public Map<String, OperatorSnapshot> snapshotState(long checkpointId, long timestamp, CheckpointOptions options,
            CheckpointStreamFactory streams) {
        Map<String, OperatorSnapshot> snapshots = new LinkedHashMap<>();
        for (int i = 0; i < operators.size(); i++) {
            try {
                snapshots.put(uids.get(i), operators.get(i).snapshotState(checkpointId, timestamp, options, streams));
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.SNAPSHOT, e);
            }
        }
        return snapshots;
    }

    /** Tells every operator, head first, that checkpoint {@code checkpointId} completed ({@code true}) or was aborted. */
    public void notifyCheckpoint(long checkpointId, boolean completed) {
        for (int i = 0; i < operators.size(); i++) {
            try {
                if (completed) {
                    operators.get(i).notifyCheckpointComplete(checkpointId);
                } else {
                    operators.get(i).notifyCheckpointAborted(checkpointId);
                }
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.CHECKPOINT_NOTIFICATION, e);
            }
        }
    }

    /** The uids of the operators, in chain order. */
    public List<String> uids() {
        return uids;
    }

    /** Opens the operators, tail first. */
    public void open() {
        for (int i = operators.size() - 1; i >= 0; i--) {
            openedFromTail++;
            try {
                operators.get(i).open();
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.OPEN, e);
            }
        }
    }

    /** All input has been processed: finishes the operators head first, so each flushes into the next. */
    public void finish() {
        for (int i = 0; i < operators.size(); i++) {
            try {
                operators.get(i).finish();
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.FINISH, e);
            }
        }
    }

    // Loops (docs/iterations.md).

    /**
     * Checks that every operator can run superstep after superstep.
     *
     * @throws IllegalArgumentException naming the first operator that does not implement {@link SuperstepAware}, and its kind
     */
    public void requireSuperstepAware(String iterationName) {
        for (int i = 0; i < operators.size(); i++) {
            if (!(operators.get(i) instanceof SuperstepAware)) {
                throw new IllegalArgumentException("Operator '" + names.get(i) + "' (kind '" + kinds.get(i) + "', "
                        + operators.get(i).getClass().getName() + ") cannot run inside iteration '" + iterationName
                        + "': its runtime operator does not implement SuperstepAware, so it cannot end and restart supersteps."
                        + " Move it out of the loop body, or make its operator SuperstepAware");
            }
        }
    }

    /** Every input delivered the current superstep: ends it in every operator, head first, so each flushes into the next. */
    public void endSuperstep() {
        for (int i = 0; i < operators.size(); i++) {
            try {
                ((SuperstepAware) operators.get(i)).endSuperstep();
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.END_SUPERSTEP, e);
            }
        }
    }

    /** Superstep {@code superstep} starts: in every operator, tail first, so consumers are ready before their producers emit. */
    public void startSuperstep(int superstep) {
        for (int i = operators.size() - 1; i >= 0; i--) {
            try {
                ((SuperstepAware) operators.get(i)).startSuperstep(superstep);
            } catch (Exception e) {
                throw OperatorFailureException.wrap(names.get(i), Phase.START_SUPERSTEP, e);
            }
        }
    }

    /**
     * Closes the operators that were opened, head first. Every operator is closed even if one
     * fails; the first failure is thrown with the others suppressed.
     */
    public void close() {
        OperatorFailureException failure = closeAll(null);
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes the operators that were opened after {@code cause} failed the task; their failures are added to {@code cause} as suppressed. */
    public void closeAfterFailure(Throwable cause) {
        closeAll(cause);
    }

    /** Closes every opened operator; failures go to {@code primary} if given, else the first is returned with the rest suppressed. */
    private OperatorFailureException closeAll(Throwable primary) {
        if (closed) {
            return null;
        }
        closed = true;
        OperatorFailureException first = null;
        int firstOpened = operators.size() - openedFromTail;
        for (int i = firstOpened; i < operators.size(); i++) {
            try {
                operators.get(i).close();
            } catch (Exception | LinkageError e) {
                OperatorFailureException wrapped = OperatorFailureException.wrap(names.get(i), Phase.CLOSE, e);
                if (primary != null) {
                    primary.addSuppressed(wrapped);
                } else if (first == null) {
                    first = wrapped;
                } else {
                    first.addSuppressed(wrapped);
                }
            }
        }
        return first;
    }
}
