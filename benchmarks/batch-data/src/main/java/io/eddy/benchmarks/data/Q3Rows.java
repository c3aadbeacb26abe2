package io.eddy.benchmarks.data;

import java.util.Collection;
import java.util.Locale;

/**
 * The result rows of the TPC-H-like query 3 as every system of the benchmark reports them, and
 * their checksum. Revenue is computed exactly, in ten-thousandths of the currency: prices have two
 * decimals and discounts are whole percent, so {@code price * (1 - discount)} is the integer {@code
 * cents(price) * (100 - percent(discount))}; sums then do not depend on the order of additions.
 */
public final class Q3Rows {

    /** The query's market segment. */
    public static final String SEGMENT = "BUILDING";

    /** The query's date: orders before it, line items shipped after it. */
    public static final String DATE = "1995-03-15";

    /** Rows in the answer. */
    public static final int LIMIT = 10;

    private Q3Rows() {}

    /** One line item's revenue, in ten-thousandths. */
    public static long revenue(double extendedPrice, double discount) {
        return Math.round(extendedPrice * 100) * (100 - Math.round(discount * 100));
    }

    /** A result row as text: {@code orderkey|revenue|orderdate|shippriority}, revenue with four decimals. */
    public static String format(long orderKey, long revenue, String orderDate, int shipPriority) {
        return String.format(Locale.ROOT, "%d|%d.%04d|%s|%d", orderKey, revenue / 10_000, revenue % 10_000, orderDate, shipPriority);
    }

    /** The checksum of formatted rows: independent of their order. */
    public static long checksum(Collection<String> rows) {
        long sum = 0;
        for (String row : rows) {
            sum += row.hashCode() & 0xffffffffL;
        }
        return sum;
    }
}
