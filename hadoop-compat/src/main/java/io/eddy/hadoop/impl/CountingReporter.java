package io.eddy.hadoop.impl;

import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.StatusReporter;

/**
 * The {@link Reporter} (mapred) and {@link StatusReporter} (mapreduce, behind a task context) a
 * wrapped Hadoop function gets: counters go to a task-local {@link
 * Counters} (added to Eddy accumulators when the function is done, {@link HadoopCounters}); status
 * and progress are accepted and not shown (Eddy tracks a task's progress itself). There is no input
 * split: records reach the function through the Eddy program, not from a Hadoop input format.
 * Used by the task's thread only.
 */
public final class CountingReporter extends StatusReporter implements Reporter {

    private final Counters counters = new Counters();
    private final String function;

    private InputSplit split;

    public CountingReporter(String function) {
        this.function = function;
    }

    public Counters counters() {
        return counters;
    }

    @Override
    public void setStatus(String status) {
        // Eddy shows no per-task status line; the status is accepted as Hadoop's tasks accept it.
    }

    @Override
    public Counters.Counter getCounter(Enum<?> name) {
        return counters.findCounter(name);
    }

    @Override
    public Counters.Counter getCounter(String group, String name) {
        return counters.findCounter(group, name);
    }

    @Override
    public void incrCounter(Enum<?> key, long amount) {
        counters.incrCounter(key, amount);
    }

    @Override
    public void incrCounter(String group, String counter, long amount) {
        counters.incrCounter(group, counter, amount);
    }

    /** Gives {@link #getInputSplit()} the split a map task reads. */
    public CountingReporter withSplit(InputSplit split) {
        this.split = split;
        return this;
    }

    @Override
    public InputSplit getInputSplit() {
        if (split == null) {
            throw new UnsupportedOperationException(function + " asked its Reporter for the input split: its records come from an Eddy"
                    + " data set, not from a Hadoop InputFormat's split");
        }
        return split;
    }

    @Override
    public float getProgress() {
        return 0;
    }

    @Override
    public void progress() {
        // Progress is Eddy's to track; nothing to report.
    }
}
