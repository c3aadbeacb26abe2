package io.eddy.api.common.operators;

import java.util.Map;
import java.util.Set;

/** The forwarded fields of an operator with two inputs (input 0 and input 1) into its output. Immutable. */
public final class DualInputSemanticProperties implements SemanticProperties {

    private static final long serialVersionUID = 1L;

    private static final DualInputSemanticProperties EMPTY = new DualInputSemanticProperties(Map.of(), Map.of());

    private final Map<Integer, Set<Integer>> first;
    private final Map<Integer, Set<Integer>> second;

    /** @param first flat fields of the first input to output flat fields; {@code second} likewise */
    public DualInputSemanticProperties(Map<Integer, Set<Integer>> first, Map<Integer, Set<Integer>> second) {
        this.first = SingleInputSemanticProperties.copy(first);
        this.second = SingleInputSemanticProperties.copy(second);
    }

    /** Nothing forwarded. */
    public static DualInputSemanticProperties empty() {
        return EMPTY;
    }

    @Override
    public Set<Integer> getForwardingTargetFields(int input, int sourceField) {
        return map(input).getOrDefault(sourceField, Set.of());
    }

    @Override
    public int getForwardingSourceField(int input, int targetField) {
        return SingleInputSemanticProperties.sourceOf(map(input), targetField);
    }

    /** The mapping of input {@code input} (0 or 1): input flat field to output flat fields. */
    public Map<Integer, Set<Integer>> getForwardedFields(int input) {
        return map(input);
    }

    private Map<Integer, Set<Integer>> map(int input) {
        return switch (input) {
            case 0 -> first;
            case 1 -> second;
            default -> throw new IndexOutOfBoundsException("input " + input + " of a two-input operator (expected: 0 or 1)");
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DualInputSemanticProperties other && first.equals(other.first) && second.equals(other.second);
    }

    @Override
    public int hashCode() {
        return 31 * first.hashCode() + second.hashCode();
    }

    /** {@code first {0->[0]}, second {1->[2]}}. */
    @Override
    public String toString() {
        return "first " + SingleInputSemanticProperties.format(first) + ", second " + SingleInputSemanticProperties.format(second);
    }
}
