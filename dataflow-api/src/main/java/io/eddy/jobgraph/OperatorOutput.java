package io.eddy.jobgraph;

/**
 * Where one output of a chained operator goes: to another operator of the same chain (records pass
 * as objects, no serialization) or to one of the vertex's produced edges (the network).
 *
 * @param target whether the output stays in the chain or leaves it
 * @param index for {@link Target#CHAINED}, the index of the receiving operator in the chain; for
 *     {@link Target#NETWORK}, the index of the edge in {@link JobGraph#outputsOf}
 * @param targetInput for {@link Target#CHAINED}, the logical input (0 or 1) of the receiving operator
 * @param sideOutputTag null for the main output; otherwise the tag of the side output this output carries
 */
public record OperatorOutput(Target target, int index, int targetInput, String sideOutputTag) {

    /** Where an operator output goes. */
    public enum Target {
        CHAINED,
        NETWORK
    }

    public static OperatorOutput chained(int operatorIndex, int targetInput) {
        return new OperatorOutput(Target.CHAINED, operatorIndex, targetInput, null);
    }

    public static OperatorOutput network(int edgeIndex) {
        return new OperatorOutput(Target.NETWORK, edgeIndex, 0, null);
    }
}
