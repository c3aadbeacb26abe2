package io.eddy.streaming.api.windowing.time;

import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A length of time for window sizes, slides, gaps and lateness: {@code Time.seconds(5)}. Window
 * assigners also accept a {@link Duration}; both mean milliseconds at run time.
 */
public final class Time implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final TimeUnit unit;

    private Time(long size, TimeUnit unit) {
        this.size = size;
        this.unit = java.util.Objects.requireNonNull(unit, "unit");
    }

    public static Time of(long size, TimeUnit unit) {
        return new Time(size, unit);
    }

    public static Time milliseconds(long milliseconds) {
        return of(milliseconds, TimeUnit.MILLISECONDS);
    }

    public static Time seconds(long seconds) {
        return of(seconds, TimeUnit.SECONDS);
    }

    public static Time minutes(long minutes) {
        return of(minutes, TimeUnit.MINUTES);
    }

    public static Time hours(long hours) {
        return of(hours, TimeUnit.HOURS);
    }

    public static Time days(long days) {
        return of(days, TimeUnit.DAYS);
    }

    public long toMilliseconds() {
        return unit.toMillis(size);
    }

    public Duration toDuration() {
        return Duration.ofMillis(toMilliseconds());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Time other && other.toMilliseconds() == toMilliseconds();
    }

    @Override
    public int hashCode() {
        return Long.hashCode(toMilliseconds());
    }

    @Override
    public String toString() {
        return toMilliseconds() + " ms";
    }
}
