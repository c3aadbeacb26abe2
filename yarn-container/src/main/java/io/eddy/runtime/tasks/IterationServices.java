package io.eddy.runtime.tasks;

import io.eddy.runtime.iteration.LaneResourceMap;
import io.eddy.runtime.iteration.LaneResources;
import java.util.Objects;

/**
 * What the tasks of loops get from their worker (docs/iterations.md).
 *
 * @param gateway where the task reports the end of each superstep
 * @param laneResources the objects the tasks of the job's lane (subtask index) share on the worker:
 *     a loop's back channel
 */
public record IterationServices(IterationGateway gateway, LaneResources laneResources) {

    public IterationServices {
        Objects.requireNonNull(gateway, "gateway");
        Objects.requireNonNull(laneResources, "laneResources");
    }

    /**
     * For a task outside a worker: lane resources of its own and no master (a loop's task fails
     * at its first superstep's end, saying so). Tests of loops pass their own services.
     */
    public static IterationServices standalone() {
        return new IterationServices((task, superstep, aggregates) -> {
            throw new IllegalStateException("Task " + task + " finished superstep " + superstep + " but runs without a master: pass "
                    + "IterationServices with an IterationGateway in its TaskServices");
        }, new LaneResourceMap("a task outside a worker"));
    }
}
