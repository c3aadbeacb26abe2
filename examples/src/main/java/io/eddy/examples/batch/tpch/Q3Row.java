package io.eddy.examples.batch.tpch;

import java.util.Comparator;
import java.util.Locale;

/**
 * One row of query 3's answer. {@code revenue} is exact, in ten-thousandths of the currency (see
 * {@link #revenue(double, double)}), so that sums do not depend on the order of additions.
 */
public record Q3Row(long orderKey, String orderDate, int shipPriority, long revenue) {

    /** The answer's order: revenue descending, then order date, then order key (so ties are deterministic). */
    public static final Comparator<Q3Row> BEST_FIRST = Comparator.comparingLong((Q3Row r) -> r.revenue()).reversed()
            .thenComparing(Q3Row::orderDate).thenComparingLong(Q3Row::orderKey);

    /**
     * One line item's {@code l_extendedprice * (1 - l_discount)} in ten-thousandths: prices have two
     * decimals and discounts are whole percent, so this is the integer {@code cents * (100 - percent)}.
     */
    public static long revenue(double extendedPrice, double discount) {
        return Math.round(extendedPrice * 100) * (100 - Math.round(discount * 100));
    }

    /** {@code orderkey|revenue|orderdate|shippriority}, revenue with four decimals. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d|%d.%04d|%s|%d", orderKey, revenue / 10_000, revenue % 10_000, orderDate, shipPriority);
    }
}
