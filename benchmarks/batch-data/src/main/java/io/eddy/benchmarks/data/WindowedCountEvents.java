package io.eddy.benchmarks.data;

/**
 * The input of the windowed count benchmark, the same for every system: event {@code i} (0 to
 * {@code events - 1}) has a key in {@code [0, keys)} spread by a bit mixer, and an event timestamp
 * that advances by one millisecond every {@code eventsPerMilli} events, so that a one-second
 * tumbling window holds {@code 1000 * eventsPerMilli} events. Parallel source {@code s} of {@code p}
 * emits the events {@code i ≡ s (mod p)} in increasing order, so its timestamps never decrease.
 */
public final class WindowedCountEvents {

    /** 100,000 keys, as issue 4's benchmark asks. */
    public static final int DEFAULT_KEYS = 100_000;
    /** A million events per second of event time: ten per key per window on average. */
    public static final int DEFAULT_EVENTS_PER_MILLI = 1_000;
    /** The window length of the benchmark. */
    public static final long WINDOW_MILLIS = 1_000;

    private WindowedCountEvents() {}

    /** The key of event {@code i}. */
    public static int key(long i, int keys) {
        long z = i * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 32)) * 0xD6E8FEB86659FD93L;
        z ^= z >>> 32;
        return (int) Long.remainderUnsigned(z, keys);
    }

    /** The event timestamp (ms) of event {@code i}. */
    public static long timestamp(long i, int eventsPerMilli) {
        return i / eventsPerMilli;
    }

    /** How many events source {@code subtask} of {@code parallelism} emits out of {@code events}. */
    public static long eventsOfSubtask(long events, int subtask, int parallelism) {
        return events / parallelism + (subtask < events % parallelism ? 1 : 0);
    }

    /** The number of tumbling windows the events span. */
    public static long windows(long events, int eventsPerMilli) {
        return events == 0 ? 0 : timestamp(events - 1, eventsPerMilli) / WINDOW_MILLIS + 1;
    }
}
