package io.eddy.master;

import java.util.ArrayList;
import java.util.List;

/**
 * A job's recent record counts over time, for the dashboard's throughput plot and its rates and
 * back pressure (docs/dashboard.md): per sample time, per vertex the sums over its
 * subtasks of records in, records out and back-pressured time. Holds the latest {@code capacity}
 * samples (a ring); the master samples every running job once a second. Main thread only.
 */
final class JobHistory {

    private final int vertices;
    private final long[] times;
    /** Per slot: {@code vertices} triples (records in, records out, back-pressured nanos). */
    private final long[][] values;
    private int next;
    private int size;

    JobHistory(int vertices, int capacity) {
        this.vertices = vertices;
        this.times = new long[capacity];
        this.values = new long[capacity][];
    }

    /** Adds a sample taken at {@code timeMillis}: per vertex {@code [in, out, backPressuredNanos]}, flattened; the history keeps the array. */
    void add(long timeMillis, long[] sample) {
        if (sample.length != vertices * 3) {
            throw new IllegalArgumentException("Bug: a history sample of " + sample.length + " values for " + vertices + " vertices");
        }
        times[next] = timeMillis;
        values[next] = sample;
        next = (next + 1) % times.length;
        size = Math.min(size + 1, times.length);
    }

    /** The samples held, oldest first. */
    JobDashboard.History view() {
        List<Long> t = new ArrayList<>(size);
        List<List<Long>> in = new ArrayList<>();
        List<List<Long>> out = new ArrayList<>();
        List<List<Long>> waited = new ArrayList<>();
        for (int v = 0; v < vertices; v++) {
            in.add(new ArrayList<>(size));
            out.add(new ArrayList<>(size));
            waited.add(new ArrayList<>(size));
        }
        for (int i = 0; i < size; i++) {
            int slot = (next - size + i + times.length) % times.length;
            t.add(times[slot]);
            for (int v = 0; v < vertices; v++) {
                in.get(v).add(values[slot][3 * v]);
                out.get(v).add(values[slot][3 * v + 1]);
                waited.get(v).add(values[slot][3 * v + 2] / 1_000_000);
            }
        }
        List<JobDashboard.Series> series = new ArrayList<>(vertices);
        for (int v = 0; v < vertices; v++) {
            series.add(new JobDashboard.Series(in.get(v), out.get(v), waited.get(v)));
        }
        return new JobDashboard.History(t, series);
    }
}
