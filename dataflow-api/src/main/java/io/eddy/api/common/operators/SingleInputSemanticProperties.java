package io.eddy.api.common.operators;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** The forwarded fields of an operator with one input (input index 0). Immutable. */
public final class SingleInputSemanticProperties implements SemanticProperties {

    private static final long serialVersionUID = 1L;

    private static final SingleInputSemanticProperties EMPTY = new SingleInputSemanticProperties(Map.of());

    private final Map<Integer, Set<Integer>> forwarded;

    /** @param forwarded input flat field to the output flat fields holding it */
    public SingleInputSemanticProperties(Map<Integer, Set<Integer>> forwarded) {
        this.forwarded = copy(forwarded);
    }

    /** Nothing forwarded. */
    public static SingleInputSemanticProperties empty() {
        return EMPTY;
    }

    /** Every flat field of {@code type} forwarded to itself (a filter, a partitioning, a sort, a distinct). */
    public static SingleInputSemanticProperties identity(TypeInfo<?> type) {
        Map<Integer, Set<Integer>> all = new TreeMap<>();
        for (int i = 0; i < type.getTotalFields(); i++) {
            all.put(i, Set.of(i));
        }
        return new SingleInputSemanticProperties(all);
    }

    static Map<Integer, Set<Integer>> copy(Map<Integer, Set<Integer>> map) {
        Map<Integer, Set<Integer>> copy = new TreeMap<>();
        map.forEach((k, v) -> copy.put(k, Collections.unmodifiableSet(new TreeSet<>(v))));
        return Collections.unmodifiableMap(copy);
    }

    @Override
    public Set<Integer> getForwardingTargetFields(int input, int sourceField) {
        checkInput(input);
        return forwarded.getOrDefault(sourceField, Set.of());
    }

    @Override
    public int getForwardingSourceField(int input, int targetField) {
        checkInput(input);
        return sourceOf(forwarded, targetField);
    }

    static int sourceOf(Map<Integer, Set<Integer>> forwarded, int targetField) {
        for (Map.Entry<Integer, Set<Integer>> e : forwarded.entrySet()) {
            if (e.getValue().contains(targetField)) {
                return e.getKey();
            }
        }
        return -1;
    }

    private static void checkInput(int input) {
        if (input != 0) {
            throw new IndexOutOfBoundsException("input " + input + " of a single-input operator (expected: 0)");
        }
    }

    /** The whole mapping: input flat field to output flat fields. */
    public Map<Integer, Set<Integer>> getForwardedFields() {
        return forwarded;
    }

    public boolean isEmpty() {
        return forwarded.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SingleInputSemanticProperties other && forwarded.equals(other.forwarded);
    }

    @Override
    public int hashCode() {
        return forwarded.hashCode();
    }

    /** {@code {0->[0], 1->[2]}}. */
    @Override
    public String toString() {
        return format(forwarded);
    }

    static String format(Map<Integer, Set<Integer>> forwarded) {
        StringBuilder sb = new StringBuilder("{");
        forwarded.forEach((k, v) -> sb.append(sb.length() > 1 ? ", " : "").append(k).append("->").append(v));
        return sb.append('}').toString();
    }
}
