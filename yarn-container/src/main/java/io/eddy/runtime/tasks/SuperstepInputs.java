package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.StreamOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape of a loop body task's inputs that does not change between supersteps: the reading
 * phases of the data gates (the head's {@link InputOrdered#firstInput()} first), which logical
 * inputs are static (every gate of theirs is) and so get {@code endInput} per superstep, and the
 * broadcast variables' names. Task thread only.
 */
final class SuperstepInputs {

    private final StreamOperator<?> head;
    private final List<List<Integer>> phases;
    private final boolean[] staticInput;
    private final boolean[] keptByHead;
    private final List<String> variableNames;

    private SuperstepInputs(StreamOperator<?> head, List<List<Integer>> phases, boolean[] staticInput, List<String> variableNames) {
        this.head = head;
        this.phases = phases;
        this.staticInput = staticInput;
        this.keptByHead = new boolean[staticInput.length];
        this.variableNames = variableNames;
    }

    static SuperstepInputs of(List<LoopGate> gates, OperatorChain chain) {
        StreamOperator<?> head = chain.head();
        boolean[] staticInput = new boolean[head.numberOfInputs()];
        java.util.Arrays.fill(staticInput, true);
        int firstInput = head instanceof InputOrdered ordered ? ordered.firstInput() : -1;
        List<Integer> first = new ArrayList<>();
        List<Integer> rest = new ArrayList<>();
        List<String> names = chain.headDescriptor().broadcastNames();
        Boolean[] variableDynamic = new Boolean[names.size()];
        for (LoopGate gate : gates) {
            if (gate.broadcast) {
                if (variableDynamic[gate.index] != null && variableDynamic[gate.index] != gate.dynamic) {
                    throw new IllegalArgumentException("Broadcast variable '" + names.get(gate.index) + "' of '" + chain.headName()
                            + "' is fed from inside and from outside its loop: a broadcast set is either the loop's or a static one");
                }
                variableDynamic[gate.index] = gate.dynamic;
                continue;
            }
            staticInput[gate.index] &= !gate.dynamic;
            (gate.index == firstInput ? first : rest).add(gate.number);
        }
        List<List<Integer>> phases = new ArrayList<>();
        if (!first.isEmpty()) {
            phases.add(first);
        }
        if (!rest.isEmpty() || phases.isEmpty()) {
            phases.add(rest);
        }
        return new SuperstepInputs(head, phases, staticInput, names);
    }

    /** Per reading phase, the numbers of its data gates. */
    List<List<Integer>> phases() {
        return phases;
    }

    int numberOfInputs() {
        return staticInput.length;
    }

    int numberOfVariables() {
        return variableNames.size();
    }

    String variableName(int variable) {
        return variableNames.get(variable);
    }

    /**
     * Before a superstep starts: per logical input, whether the head operator keeps what it built
     * from that static input ({@link SuperstepAware#retainStaticInput}), so that the input is not
     * replayed. None in the run's first superstep, which reads the static inputs.
     */
    boolean[] retainedInputs(boolean firstSuperstep) throws Exception {
        boolean[] retained = new boolean[staticInput.length];
        if (head instanceof SuperstepAware aware) {
            if (firstSuperstep) {
                for (int i = 0; i < retained.length; i++) {
                    keptByHead[i] = staticInput[i] && aware.keepsStaticInput(i);
                }
            } else {
                for (int i = 0; i < retained.length; i++) {
                    retained[i] = staticInput[i] && (keptByHead[i] || aware.retainStaticInput(i));
                }
            }
        }
        return retained;
    }

    /**
     * Whether the head keeps static input {@code input}'s records itself ({@link
     * SuperstepAware#keepsStaticInput}, asked by {@link #retainedInputs} in the run's first
     * superstep): the task neither caches nor replays it.
     */
    boolean keptByHead(int input) {
        return keptByHead[input];
    }

    /** Whether logical input {@code input} is fed only by static gates. */
    boolean isStaticInput(int input) {
        return staticInput[input];
    }

    /** Tells a {@link BoundedMultiInput} head that static input {@code input} delivered all of this superstep. */
    void endInput(int input) throws Exception {
        if (head instanceof BoundedMultiInput bounded) {
            bounded.endInput(input);
        }
    }
}
