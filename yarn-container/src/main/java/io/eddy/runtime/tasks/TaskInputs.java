package io.eddy.runtime.tasks;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.JobEdge;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.LaneInput;
import io.eddy.runtime.operators.LaneInputHead;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The input gates of a task, split into broadcast gates ({@link EdgeRole#BROADCAST} edges, whose
 * {@link JobEdge#targetInput()} is the variable's index) and data gates, and the input
 * processors that read them:
 *
 * <ul>
 *   <li>{@link #broadcastReader}: reads every broadcast gate to its end, collecting the records of
 *       each variable into a list, and registers each list under its name (the head descriptor's
 *       {@code broadcastNames}) in the task's broadcast variables when its gates
 *       have ended. The task runs it before it opens the chain.
 *   <li>{@link #dataReader}: reads the data gates into the head's logical inputs, honouring the
 *       head's {@link InputOrdered#firstInput()} and telling a {@link BoundedMultiInput} head the
 *       end of each input; a {@link LaneInputHead}'s lane input is read as one more gate, the last.
 * </ul>
 *
 * <p>Task thread only.
 */
final class TaskInputs {

    private final OperatorChain chain;
    private final List<GateInput> dataGates = new ArrayList<>();
    private final List<JobEdge> dataEdges = new ArrayList<>();
    private final List<GateInput> broadcastGates = new ArrayList<>();
    private final List<JobEdge> broadcastEdges = new ArrayList<>();

    /** Where the readers count the records they hand to the chain. */
    private final TaskIoCounters counters;

    private TaskInputs(OperatorChain chain, TaskIoCounters counters) {
        this.chain = chain;
        this.counters = counters;
    }

    /**
     * Sorts the gates ({@code inputs}, in the order of {@code edges}) into broadcast and data gates;
     * a delta loop's head ({@code iterationHead}) reads its {@code SOLUTION_SET} edge as data.
     */
    static TaskInputs of(List<JobEdge> edges, List<RecordInput<StreamElement>> inputs, OperatorChain chain, boolean iterationHead,
            TaskIoCounters counters) {
        if (edges.size() != inputs.size()) {
            throw new IllegalArgumentException("Bug: " + edges.size() + " input edges but " + inputs.size() + " record inputs for '"
                    + chain.headName() + "'");
        }
        TaskInputs result = new TaskInputs(chain, counters);
        for (int i = 0; i < edges.size(); i++) {
            JobEdge edge = edges.get(i);
            boolean solutionSet = edge.role() == EdgeRole.SOLUTION_SET && iterationHead;
            if (edge.role() != EdgeRole.DATA && edge.role() != EdgeRole.BROADCAST && !solutionSet) {
                throw new IllegalArgumentException("The " + edge.role() + " edge " + edge + " into '" + chain.headName()
                        + "' needs the iterations module's task, not a plain task");
            }
            boolean broadcast = edge.role() == EdgeRole.BROADCAST;
            (broadcast ? result.broadcastGates : result.dataGates).add(GateInput.of(inputs.get(i)));
            (broadcast ? result.broadcastEdges : result.dataEdges).add(edge);
        }
        return result;
    }

    boolean hasBroadcastInputs() {
        return !broadcastGates.isEmpty();
    }

    boolean hasDataInputs() {
        return !dataGates.isEmpty();
    }

    /** The processor that reads the broadcast gates and registers the variables in {@code environment}. */
    StreamInputProcessor broadcastReader(TaskEnvironment environment, TaskMailbox mailbox) {
        List<String> names = chain.headDescriptor().broadcastNames();
        List<List<Object>> values = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            values.add(new ArrayList<>());
        }
        List<Input<Object>> targets = new ArrayList<>();
        int[] variableOfGate = new int[broadcastEdges.size()];
        for (int g = 0; g < broadcastEdges.size(); g++) {
            JobEdge edge = broadcastEdges.get(g);
            int variable = edge.targetInput();
            if (variable >= names.size()) {
                throw new IllegalArgumentException("Bug: edge " + edge + " feeds broadcast variable " + variable + " of '" + chain.headName()
                        + "', but its descriptor names only " + names);
            }
            variableOfGate[g] = variable;
            targets.add(new Collector(values.get(variable)));
        }
        StreamInputProcessor.EndOfInput register = variable -> environment.broadcastVariables().register(names.get(variable), values.get(variable));
        return new StreamInputProcessor(broadcastGates, targets, variableOfGate, names.size(), -1, register, chain.headName(), mailbox)
                .countingIn(counters);
    }

    /** The processor that reads the data gates (and the head's lane input, if it has one) into the head. Call after the chain opened. */
    StreamInputProcessor dataReader(TaskMailbox mailbox) {
        return dataReader(mailbox, () -> { });
    }

    /**
     * {@link #dataReader(TaskMailbox)}, telling {@code networkEnded} (after the head's {@code
     * endInput}) when every logical input fed by network gates ended: for a loop head, whose lane
     * input goes on.
     */
    @SuppressWarnings("unchecked")
    StreamInputProcessor dataReader(TaskMailbox mailbox, Runnable networkEnded) {
        StreamOperator<?> head = chain.head();
        List<GateInput> gates = new ArrayList<>(dataGates);
        List<Input<Object>> targets = new ArrayList<>();
        int[] inputOfGate = new int[dataEdges.size() + (head instanceof LaneInputHead ? 1 : 0)];
        for (int g = 0; g < dataEdges.size(); g++) {
            inputOfGate[g] = dataEdges.get(g).targetInput();
            targets.add((Input<Object>) head.input(inputOfGate[g]));
        }
        if (head instanceof LaneInputHead laneHead) {
            LaneInput lane = laneHead.laneInput();
            gates.add(new LaneGateInput(lane, chain.headName()));
            inputOfGate[dataEdges.size()] = lane.targetInput();
            targets.add((Input<Object>) head.input(lane.targetInput()));
        }
        for (StreamOperator<?> op : chain.operators()) {
            if (op != head && op instanceof LaneInputHead) {
                throw new IllegalArgumentException("Bug: operator " + op + " of '" + chain.headName() + "' reads a lane input but does not"
                        + " head its chain: its lane input would never be read (the compiler starts a new chain at a loop's head)");
            }
        }
        int firstInput = -1;
        if (head instanceof InputOrdered ordered) {
            firstInput = ordered.firstInput();
            if (firstInput < 0 || firstInput >= head.numberOfInputs()) {
                throw new IllegalArgumentException("Bug: operator '" + chain.headName() + "' names input " + firstInput
                        + " as its first input (expected: 0 to " + (head.numberOfInputs() - 1) + ")");
            }
        }
        StreamInputProcessor.EndOfInput headEnd = head instanceof BoundedMultiInput bounded ? bounded::endInput
                : StreamInputProcessor.EndOfInput.NONE;
        java.util.Set<Integer> networkInputs = new java.util.HashSet<>();
        for (JobEdge edge : dataEdges) {
            networkInputs.add(edge.targetInput());
        }
        StreamInputProcessor.EndOfInput endOfInput = input -> {
            headEnd.endInput(input);
            if (networkInputs.remove(input) && networkInputs.isEmpty()) {
                networkEnded.run();
            }
        };
        return new StreamInputProcessor(gates, targets, inputOfGate, head.numberOfInputs(), firstInput, endOfInput,
                chain.headName(), mailbox).countingIn(counters);
    }

    /** Keeps the values of a broadcast gate (network values are new objects per record, so keeping them is safe). */
    private record Collector(List<Object> values) implements Input<Object> {
        @Override
        public void processElement(StreamRecord<Object> record) {
            values.add(record.getValue());
        }
    }
}
