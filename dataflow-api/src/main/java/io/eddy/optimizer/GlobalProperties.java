package io.eddy.optimizer;

import io.eddy.api.common.operators.SemanticProperties;
import java.util.Arrays;
import java.util.Set;

/**
 * How a node's output is distributed over its subtasks: hash-partitioned on flat fields (in this
 * order, hashed as a {@code FieldsKeySelector} hashes them) at a parallelism, or nothing known.
 * Immutable. See {@code docs/optimizer.md}, "Property model".
 */
final class GlobalProperties {

    private static final GlobalProperties ANY = new GlobalProperties(null, 0);

    /** The partition fields, or null for "nothing known". */
    private final int[] hashFields;
    private final int parallelism;

    private GlobalProperties(int[] hashFields, int parallelism) {
        this.hashFields = hashFields;
        this.parallelism = parallelism;
    }

    static GlobalProperties any() {
        return ANY;
    }

    static GlobalProperties hashPartitioned(int[] fields, int parallelism) {
        return new GlobalProperties(fields.clone(), parallelism);
    }

    boolean isHashPartitioned() {
        return hashFields != null;
    }

    /** Whether records with equal values of {@code keys} are in one subtask of {@code p} subtasks: partitioned on a subset of them. */
    boolean groupsOn(int[] keys, int p) {
        if (hashFields == null || parallelism != p) {
            return false;
        }
        for (int f : hashFields) {
            if (Arrays.stream(keys).noneMatch(k -> k == f)) {
                return false;
            }
        }
        return true;
    }

    /** Whether partitioned on exactly {@code keys}, in this order, at parallelism {@code p}. */
    boolean partitionedExactlyOn(int[] keys, int p) {
        return hashFields != null && parallelism == p && Arrays.equals(hashFields, keys);
    }

    /** These properties after a node that forwards fields of input {@code input} as {@code props} says. */
    GlobalProperties forwardedThrough(SemanticProperties props, int input) {
        if (hashFields == null) {
            return this;
        }
        int[] mapped = new int[hashFields.length];
        for (int i = 0; i < hashFields.length; i++) {
            Set<Integer> targets = props.getForwardingTargetFields(input, hashFields[i]);
            if (targets == null || targets.isEmpty()) {
                return ANY;
            }
            mapped[i] = targets.stream().mapToInt(Integer::intValue).min().getAsInt();
        }
        return new GlobalProperties(mapped, parallelism);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GlobalProperties g && parallelism == g.parallelism && Arrays.equals(hashFields, g.hashFields);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(hashFields) + parallelism;
    }

    @Override
    public String toString() {
        return hashFields == null ? "any" : "hash" + Arrays.toString(hashFields) + "@" + parallelism;
    }
}
