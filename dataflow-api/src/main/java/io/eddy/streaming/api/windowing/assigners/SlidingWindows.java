package io.eddy.streaming.api.windowing.assigners;

import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.List;

/** The window computation shared by the sliding assigners. */
final class SlidingWindows {

    private SlidingWindows() {}

    /** Every window {@code [offset + k * slide, + size)} that contains {@code t}, latest first. */
    static List<TimeWindow> assign(long t, long size, long slide, long offset) {
        List<TimeWindow> windows = new ArrayList<>((int) Math.min(1024, (size + slide - 1) / slide));
        long lastStart = TimeWindow.getWindowStartWithOffset(t, offset, slide);
        for (long start = lastStart; start > t - size; start -= slide) {
            windows.add(new TimeWindow(start, start + size));
        }
        return windows;
    }
}
