package io.eddy.runtime.operators;

/**
 * A two-input operator that needs one input completely before the first record of the other
 * (a hash join's build side, a cross operator's buffered side). The task's input processor reads
 * only the gates of {@link #firstInput()} until they have all ended, then the others; the
 * producers of the waiting input are back-pressured meanwhile. Asked once, after {@code open()}.
 */
public interface InputOrdered {

    /** The logical input (0 or 1) to read to its end first. */
    int firstInput();
}
