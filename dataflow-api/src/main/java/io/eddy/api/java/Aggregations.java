package io.eddy.api.java;

/**
 * The field aggregations of {@code aggregate(...)} on a data set or a grouping. Each changes only
 * its field; the other fields come from one record of the group.
 */
public enum Aggregations {
    /** The sum of a numeric field (byte, short, int, long, float, double, BigInteger, BigDecimal); integers wrap around on overflow. */
    SUM,
    /** The smallest value of a comparable field. */
    MIN,
    /** The largest value of a comparable field. */
    MAX
}
