package io.eddy.api.common.operators;

/** Which unmatched records a join keeps; the missing side is passed to the join function as null. */
public enum JoinType {
    /** Only pairs of matching records. */
    INNER,
    /** Also records of the first input without a match. */
    LEFT_OUTER,
    /** Also records of the second input without a match. */
    RIGHT_OUTER,
    /** Also unmatched records of either input. */
    FULL_OUTER;

    /** Whether records without a match are kept on at least one side. */
    public boolean isOuter() {
        return this != INNER;
    }

    /** Whether records of input {@code input} (0: the first, left; 1: the second, right) without a match are kept. */
    public boolean keepsUnmatched(int input) {
        if (input != 0 && input != 1) {
            throw new IllegalArgumentException("join input: " + input + " (expected: 0 or 1)");
        }
        return this == FULL_OUTER || (input == 0 ? this == LEFT_OUTER : this == RIGHT_OUTER);
    }
}
