package io.eddy.runtime.operators.hash;

import io.eddy.api.common.operators.JoinType;

/**
 * Which unmatched records a hash join emits besides the matching pairs, by side of the hash table:
 * the build side (the table) or the probe side (the records looked up). A join's {@link JoinType}
 * names sides by input; {@link #of} maps it for the input that is built.
 */
public enum UnmatchedSides {
    /** Only matching pairs (an inner join). */
    NONE(false, false),
    /** Also each probe record without a match, paired with a null build record. */
    PROBE(true, false),
    /** Also each build record without a match, paired with a null probe record. */
    BUILD(false, true),
    /** Both of the above (a full outer join). */
    BOTH(true, true);

    private final boolean probe;
    private final boolean build;

    UnmatchedSides(boolean probe, boolean build) {
        this.probe = probe;
        this.build = build;
    }

    /** The sides of {@code type} when input {@code buildInput} (0 or 1) is built. */
    public static UnmatchedSides of(JoinType type, int buildInput) {
        boolean build = type.keepsUnmatched(buildInput);
        boolean probe = type.keepsUnmatched(1 - buildInput);
        return build ? (probe ? BOTH : BUILD) : (probe ? PROBE : NONE);
    }

    public boolean emitsUnmatchedProbe() {
        return probe;
    }

    public boolean emitsUnmatchedBuild() {
        return build;
    }
}
