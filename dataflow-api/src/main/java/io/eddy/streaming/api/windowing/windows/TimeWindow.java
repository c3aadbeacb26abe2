package io.eddy.streaming.api.windowing.windows;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The time interval {@code [start, end)} in milliseconds: start inclusive, end exclusive, so {@link
 * #maxTimestamp()} is {@code end - 1}. Immutable.
 */
public final class TimeWindow extends Window {

    /** The type of time windows, for state and timers. */
    public static final TypeInfo<TimeWindow> TYPE = new WindowTypeInfo<>(TimeWindow.class, TimeWindowSerializer.INSTANCE);

    private final long start;
    private final long end;

    /**
     * @throws IllegalArgumentException if {@code end <= start}
     */
    public TimeWindow(long start, long end) {
        if (end <= start) {
            throw new IllegalArgumentException("TimeWindow [" + start + ", " + end + "): end must be greater than start");
        }
        this.start = start;
        this.end = end;
    }

    public long getStart() {
        return start;
    }

    /** The first timestamp after the window (exclusive end). */
    public long getEnd() {
        return end;
    }

    @Override
    public long maxTimestamp() {
        return end - 1;
    }

    /** Whether this window and {@code other} overlap or touch (so that a session covering both has no gap). */
    public boolean intersects(TimeWindow other) {
        return start <= other.end && end >= other.start;
    }

    /** The smallest window that contains this one and {@code other}. */
    public TimeWindow cover(TimeWindow other) {
        return new TimeWindow(Math.min(start, other.start), Math.max(end, other.end));
    }

    /**
     * The start of the window of length {@code windowSize} that contains {@code timestamp}, where
     * windows start at {@code offset + k * windowSize} for every integer k. Correct for negative
     * timestamps and offsets (floor, not truncation).
     *
     * @throws IllegalArgumentException if {@code windowSize <= 0}
     */
    public static long getWindowStartWithOffset(long timestamp, long offset, long windowSize) {
        if (windowSize <= 0) {
            throw new IllegalArgumentException("windowSize: " + windowSize + " (expected: > 0)");
        }
        return timestamp - Math.floorMod(timestamp - offset, windowSize);
    }

    /**
     * Merges overlapping (or touching) windows: for each group of more than one window that
     * overlap transitively, calls {@code callback} with the group and the window covering it.
     */
    public static void mergeWindows(Collection<TimeWindow> windows, MergeCallback callback) {
        List<TimeWindow> sorted = new ArrayList<>(windows);
        sorted.sort(Comparator.comparingLong(TimeWindow::getStart));
        TimeWindow cover = null;
        Set<TimeWindow> group = new LinkedHashSet<>();
        for (TimeWindow window : sorted) {
            if (cover != null && cover.intersects(window)) {
                cover = cover.cover(window);
                group.add(window);
                continue;
            }
            if (group.size() > 1) {
                callback.merge(group, cover);
            }
            cover = window;
            group = new LinkedHashSet<>();
            group.add(window);
        }
        if (group.size() > 1) {
            callback.merge(group, cover);
        }
    }

    /** Receives one group of windows to merge and the window that replaces them. */
    @FunctionalInterface
    public interface MergeCallback {
        void merge(Collection<TimeWindow> toBeMerged, TimeWindow mergeResult);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimeWindow other && other.start == start && other.end == end;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(start) * 31 + Long.hashCode(end);
    }

    @Override
    public String toString() {
        return "TimeWindow[" + start + ", " + end + ")";
    }
}
