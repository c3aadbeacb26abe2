package io.eddy.api.common.operators;

/** What the program knows about the sizes of the two inputs of a cross product ({@code crossWithTiny}, {@code crossWithHuge}). */
public enum CrossHint {
    /** The optimizer decides which input to broadcast from its size estimates. */
    OPTIMIZER_CHOOSES,
    /** The first input is small: broadcast it ({@code crossWithHuge}). */
    FIRST_IS_SMALL,
    /** The second input is small: broadcast it ({@code crossWithTiny}). */
    SECOND_IS_SMALL
}
