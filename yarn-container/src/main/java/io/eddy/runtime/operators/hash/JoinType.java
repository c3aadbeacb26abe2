package io.eddy.runtime.operators.hash;

/** Which unmatched records a hash join emits besides the matching pairs. */
public enum JoinType {
    /** Only matching pairs. */
    INNER(false, false),
    /** Also each probe record without a match, paired with a null build record. */
    PROBE_OUTER(true, false),
    /** Also each build record without a match, paired with a null probe record. */
    BUILD_OUTER(false, true),
    /** Both of the above. */
    FULL_OUTER(true, true);

    private final boolean probeOuter;
    private final boolean buildOuter;

    JoinType(boolean probeOuter, boolean buildOuter) {
        this.probeOuter = probeOuter;
        this.buildOuter = buildOuter;
    }

    public boolean emitsUnmatchedProbe() {
        return probeOuter;
    }

    public boolean emitsUnmatchedBuild() {
        return buildOuter;
    }
}
