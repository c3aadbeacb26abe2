package io.eddy.api.common.io;

/**
 * Split {@code splitNumber} of {@code totalNumberOfSplits}, for sources that are not files (a
 * generator, a collection, a number range): the format decides what each number reads. Immutable.
 */
public final class GenericInputSplit implements InputSplit {

    private static final long serialVersionUID = 1L;

    private final int splitNumber;
    private final int totalNumberOfSplits;

    public GenericInputSplit(int splitNumber, int totalNumberOfSplits) {
        if (totalNumberOfSplits < 1 || splitNumber < 0 || splitNumber >= totalNumberOfSplits) {
            throw new IllegalArgumentException("GenericInputSplit: split " + splitNumber + " of " + totalNumberOfSplits
                    + " (expected: 0 <= split < total, total >= 1)");
        }
        this.splitNumber = splitNumber;
        this.totalNumberOfSplits = totalNumberOfSplits;
    }

    @Override
    public int getSplitNumber() {
        return splitNumber;
    }

    public int getTotalNumberOfSplits() {
        return totalNumberOfSplits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenericInputSplit other && other.splitNumber == splitNumber
                && other.totalNumberOfSplits == totalNumberOfSplits;
    }

    @Override
    public int hashCode() {
        return 31 * splitNumber + totalNumberOfSplits;
    }

    @Override
    public String toString() {
        return "GenericInputSplit " + splitNumber + "/" + totalNumberOfSplits;
    }
}
