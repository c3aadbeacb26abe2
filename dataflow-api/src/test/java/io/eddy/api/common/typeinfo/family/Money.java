package io.eddy.api.common.typeinfo.family;

import java.util.Objects;

/**
 * A test value of the {@link MoneyFamily}: an amount in cents of a currency (three upper-case
 * ASCII letters). Immutable and not a POJO, so without its family it would be serialized with Kryo.
 *
 * <p>Its natural order ({@link Comparable}) is by amount first, then currency; the family's
 * comparator orders by currency first, then amount. A sorted result in currency order therefore
 * shows that the family's comparator, not the natural order, was used.
 */
public final class Money implements Comparable<Money> {

    private final String currency;
    private final long cents;

    public Money(String currency, long cents) {
        if (currency.length() != 3 || !currency.chars().allMatch(ch -> ch >= 'A' && ch <= 'Z')) {
            throw new IllegalArgumentException("currency: " + currency + " (expected: three upper-case ASCII letters)");
        }
        this.currency = currency;
        this.cents = cents;
    }

    public static Money of(String currency, long cents) {
        return new Money(currency, cents);
    }

    public String currency() {
        return currency;
    }

    public long cents() {
        return cents;
    }

    @Override
    public int compareTo(Money other) {
        int c = Long.compare(cents, other.cents);
        return c != 0 ? c : currency.compareTo(other.currency);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Money m && m.cents == cents && m.currency.equals(currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(currency, cents);
    }

    @Override
    public String toString() {
        return currency + " " + cents;
    }
}
