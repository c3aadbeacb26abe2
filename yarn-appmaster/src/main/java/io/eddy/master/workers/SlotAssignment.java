package io.eddy.master.workers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which worker hosts each lane (slot) of a job. With slot sharing, lane i runs subtask i of every
 * vertex, so a job needs as many lanes as its largest vertex parallelism. Immutable.
 */
public final class SlotAssignment {

    private final List<RegisteredWorker> lanes;

    public SlotAssignment(List<RegisteredWorker> lanes) {
        this.lanes = List.copyOf(lanes);
    }

    public int numberOfLanes() {
        return lanes.size();
    }

    /** The worker hosting subtask {@code subtask} of any vertex. */
    public RegisteredWorker workerOf(int subtask) {
        return lanes.get(subtask);
    }

    /** A copy in which lane {@code lanes.get(i)} moves to lane i of {@code replacement}. */
    public SlotAssignment withLanesReplaced(List<Integer> lanesToMove, SlotAssignment replacement) {
        if (replacement.numberOfLanes() != lanesToMove.size()) {
            throw new IllegalArgumentException("Bug: " + replacement.numberOfLanes() + " slots for " + lanesToMove.size() + " lanes");
        }
        List<RegisteredWorker> moved = new ArrayList<>(lanes);
        for (int i = 0; i < lanesToMove.size(); i++) {
            moved.set(lanesToMove.get(i), replacement.workerOf(i));
        }
        return new SlotAssignment(moved);
    }

    /** How many lanes each worker hosts. */
    public Map<RegisteredWorker, Integer> lanesPerWorker() {
        Map<RegisteredWorker, Integer> counts = new HashMap<>();
        for (RegisteredWorker w : lanes) {
            counts.merge(w, 1, Integer::sum);
        }
        return counts;
    }
}
