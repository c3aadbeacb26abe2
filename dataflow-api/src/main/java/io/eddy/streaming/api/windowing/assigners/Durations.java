package io.eddy.streaming.api.windowing.assigners;

import java.time.Duration;
import java.util.Objects;

/** Argument checks shared by the time-based assigners. */
final class Durations {

    private Durations() {}

    static long positiveMillis(Duration duration, String what) {
        Objects.requireNonNull(duration, what);
        long millis = duration.toMillis();
        if (millis <= 0) {
            throw new IllegalArgumentException(what + ": " + duration + " (expected: at least 1 ms)");
        }
        return millis;
    }

    static long offsetMillis(Duration offset, long period, String what) {
        Objects.requireNonNull(offset, what + " offset");
        long millis = offset.toMillis();
        if (Math.abs(millis) >= period) {
            throw new IllegalArgumentException(what + " offset: " + offset + " (expected: shorter than the window's period of " + period
                    + " ms)");
        }
        return millis;
    }
}
