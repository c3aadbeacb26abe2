package io.eddy.optimizer;

/**
 * Size estimates of a node's output: records and bytes, each {@link #UNKNOWN} (-1) when nothing
 * is known. Immutable.
 *
 * @param records the number of records, or {@link #UNKNOWN}
 * @param bytes the number of bytes, or {@link #UNKNOWN}
 */
record Estimates(long records, long bytes) {

    static final long UNKNOWN = -1;

    /** What costs assume for an unknown size: large, so an unknown input is never broadcast. */
    static final long UNKNOWN_BYTES_FOR_COSTS = 1L << 30;

    static Estimates unknown() {
        return new Estimates(UNKNOWN, UNKNOWN);
    }

    boolean bytesKnown() {
        return bytes >= 0;
    }

    /** The bytes, or {@link #UNKNOWN_BYTES_FOR_COSTS} if unknown. */
    long bytesForCosts() {
        return bytes >= 0 ? bytes : UNKNOWN_BYTES_FOR_COSTS;
    }

    /** Both values multiplied by {@code factor}; unknown stays unknown. */
    Estimates scaled(double factor) {
        return new Estimates(records < 0 ? UNKNOWN : (long) Math.ceil(records * factor), bytes < 0 ? UNKNOWN : (long) Math.ceil(bytes * factor));
    }

    @Override
    public String toString() {
        return "records=" + (records < 0 ? "?" : records) + ", bytes=" + (bytes < 0 ? "?" : bytes);
    }
}
