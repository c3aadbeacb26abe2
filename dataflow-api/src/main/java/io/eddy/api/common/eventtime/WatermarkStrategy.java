package io.eddy.api.common.eventtime;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * How a stream gets event time: a {@link TimestampAssigner} that gives each record its timestamp
 * and a {@link WatermarkGenerator} that says how far event time has progressed. Given to {@code
 * DataStream.assignTimestampsAndWatermarks}; the strategy travels with the job (it is
 * serializable) and each parallel subtask creates its own generator and assigner.
 *
 * <pre>{@code
 * WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5))
 *         .withTimestampAssigner((event, ts) -> event.time())
 *         .withIdleness(Duration.ofMinutes(1));
 * }</pre>
 */
@FunctionalInterface
public interface WatermarkStrategy<T> extends Serializable {

    /** A new generator, for one parallel subtask. */
    WatermarkGenerator<T> createWatermarkGenerator();

    /** A new assigner, for one parallel subtask; by default the record's existing timestamp is kept. */
    default TimestampAssigner<T> createTimestampAssigner() {
        return new RecordTimestampAssigner<>();
    }

    /** This strategy with timestamps taken from {@code assigner}. */
    default WatermarkStrategy<T> withTimestampAssigner(TimestampAssigner<T> assigner) {
        Objects.requireNonNull(assigner, "withTimestampAssigner: the assigner must not be null");
        return new DerivedWatermarkStrategy<>(this, assigner, null);
    }

    /**
     * This strategy, marking the stream idle after {@code idleTimeout} without records (so it does
     * not hold back downstream event time), active again with the next record.
     *
     * @throws IllegalArgumentException if {@code idleTimeout} is not positive
     */
    default WatermarkStrategy<T> withIdleness(Duration idleTimeout) {
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("withIdleness: " + idleTimeout + " (expected: a positive duration)");
        }
        return new DerivedWatermarkStrategy<>(this, null, idleTimeout);
    }

    /**
     * Watermarks for records at most {@code maxOutOfOrderness} out of order: periodically, the
     * highest timestamp seen minus {@code maxOutOfOrderness} minus 1 ms.
     *
     * @throws IllegalArgumentException if {@code maxOutOfOrderness} is negative
     */
    static <T> WatermarkStrategy<T> forBoundedOutOfOrderness(Duration maxOutOfOrderness) {
        if (maxOutOfOrderness == null || maxOutOfOrderness.isNegative()) {
            throw new IllegalArgumentException("forBoundedOutOfOrderness: " + maxOutOfOrderness + " (expected: zero or a positive duration)");
        }
        return () -> new BoundedOutOfOrdernessWatermarks<>(maxOutOfOrderness);
    }

    /** Watermarks for timestamps that never decrease: the highest timestamp seen minus 1 ms. */
    static <T> WatermarkStrategy<T> forMonotonousTimestamps() {
        return () -> new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO);
    }

    /** No watermarks: event-time timers and windows fire only at the end of the input. */
    static <T> WatermarkStrategy<T> noWatermarks() {
        return NoWatermarksGenerator::new;
    }
}
