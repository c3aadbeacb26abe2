package io.eddy.api.common.operators;

/**
 * Size estimates a program may give for an operator's output ({@code withOutputSize(...)} and the
 * like), used by the optimizer's cost model where its own estimates are missing. Each value is
 * {@link #UNKNOWN} (-1) unless given.
 *
 * @param outputSize bytes of output, or {@link #UNKNOWN}
 * @param outputCardinality number of records of output, or {@link #UNKNOWN}
 * @param avgOutputRecordSize bytes per record, or {@link #UNKNOWN}
 * @param filterFactor output records per input record, or {@link #UNKNOWN}
 */
public record CompilerHints(long outputSize, long outputCardinality, float avgOutputRecordSize, float filterFactor) {

    public static final long UNKNOWN = -1;

    private static final CompilerHints NONE = new CompilerHints(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN);

    public CompilerHints {
        checkEstimate("outputSize", outputSize);
        checkEstimate("outputCardinality", outputCardinality);
        checkEstimate("avgOutputRecordSize", avgOutputRecordSize);
        checkEstimate("filterFactor", filterFactor);
    }

    private static void checkEstimate(String what, double value) {
        if (value < 0 && value != UNKNOWN) {
            throw new IllegalArgumentException(what + ": " + value + " (expected: >= 0, or -1 for unknown)");
        }
    }

    /** No estimates. */
    public static CompilerHints none() {
        return NONE;
    }

    public CompilerHints withOutputSize(long bytes) {
        return new CompilerHints(bytes, outputCardinality, avgOutputRecordSize, filterFactor);
    }

    public CompilerHints withOutputCardinality(long records) {
        return new CompilerHints(outputSize, records, avgOutputRecordSize, filterFactor);
    }

    public CompilerHints withAvgOutputRecordSize(float bytes) {
        return new CompilerHints(outputSize, outputCardinality, bytes, filterFactor);
    }

    public CompilerHints withFilterFactor(float factor) {
        return new CompilerHints(outputSize, outputCardinality, avgOutputRecordSize, factor);
    }

    /** Whether no estimate is given. */
    public boolean isEmpty() {
        return equals(NONE);
    }
}
