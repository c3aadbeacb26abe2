package io.eddy.master.batch;

import io.eddy.api.common.io.InputSplit;
import io.eddy.api.common.io.InputSplitAssigner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The splits of one batch source in the master: its assigner, and per subtask the attempt that
 * asked last and the splits that attempt took, so that they can go back to the assigner when the
 * subtask is restarted. Master main thread only.
 */
final class SourceSplits {

    private final String sourceName;
    private final InputSplitAssigner assigner;
    private final int totalSplits;
    /** Per subtask: the latest attempt that asked, and what it took. */
    private final Map<Integer, Taken> taken = new HashMap<>();

    private static final class Taken {
        int attempt;
        final List<InputSplit> splits = new ArrayList<>();
        /** Whether this attempt asked for a split after its last one and got none: it has read all it took. */
        boolean exhausted;

        Taken(int attempt) {
            this.attempt = attempt;
        }
    }

    SourceSplits(String sourceName, InputSplitAssigner assigner, int totalSplits) {
        this.sourceName = sourceName;
        this.assigner = assigner;
        this.totalSplits = totalSplits;
    }

    String sourceName() {
        return sourceName;
    }

    int totalSplits() {
        return totalSplits;
    }

    /**
     * The next split for {@code subtask}'s {@code attempt}, or null when none is left. The first
     * request of a newer attempt first returns what the older attempt had taken.
     *
     * @throws IllegalStateException if {@code attempt} is older than one that asked before
     */
    InputSplit next(int subtask, int attempt, String host) {
        Taken t = taken.computeIfAbsent(subtask, s -> new Taken(attempt));
        if (attempt < t.attempt) {
            throw new IllegalStateException("Source '" + sourceName + "': subtask " + subtask + " attempt " + attempt
                    + " asked for a split, but attempt " + t.attempt + " has replaced it");
        }
        if (attempt > t.attempt) {
            giveBack(subtask, t);
            t.attempt = attempt;
        }
        InputSplit split = assigner.getNextInputSplit(host, subtask);
        if (split != null) {
            t.splits.add(split);
        } else {
            t.exhausted = true;
        }
        return split;
    }

    /**
     * How many splits were read to their end: of the splits a subtask's attempt took, all but the
     * one it reads now, or all of them once it asked past its last one or {@code finished} says it
     * finished. Splits given back for a restart count as not read.
     */
    int splitsDone(IntPredicate finished) {
        int done = 0;
        for (Map.Entry<Integer, Taken> e : taken.entrySet()) {
            Taken t = e.getValue();
            done += t.exhausted || finished.test(e.getKey()) ? t.splits.size() : Math.max(0, t.splits.size() - 1);
        }
        return done;
    }

    /** Gives the splits {@code subtask} took back to the assigner (the subtask failed and will be restarted). */
    void returnSplits(int subtask) {
        Taken t = taken.get(subtask);
        if (t != null) {
            giveBack(subtask, t);
        }
    }

    private void giveBack(int subtask, Taken t) {
        t.exhausted = false;
        if (!t.splits.isEmpty()) {
            assigner.returnInputSplits(new ArrayList<>(t.splits), subtask);
            t.splits.clear();
        }
    }

    /** How many splits {@code subtask} holds now (for tests). */
    int heldBy(int subtask) {
        Taken t = taken.get(subtask);
        return t == null ? 0 : t.splits.size();
    }
}
