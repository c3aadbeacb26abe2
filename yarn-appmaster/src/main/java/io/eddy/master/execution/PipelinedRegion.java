package io.eddy.master.execution;

import io.eddy.runtime.tasks.TaskExecutionState;
import java.util.List;

/**
 * A unit of scheduling: tasks connected by pipelined exchanges, which must run at the same time,
 * and the producer tasks outside the region whose blocking results the region reads. The region
 * is deployed once all those producers have FINISHED (a region without blocking inputs at once).
 *
 * <p>The region knows its tasks and its blocking inputs so that region failover ({@link
 * RegionFailover}) can restart it alone and have it read the surviving blocking results again.
 *
 * <p>Owned by the master's main thread.
 */
public final class PipelinedRegion {

    private final int index;
    private final List<ExecutionVertex> tasks;
    private final List<ExecutionVertex> blockingProducers;
    /** Owned by the master's main thread. */
    private boolean deployed;

    public PipelinedRegion(int index, List<ExecutionVertex> tasks, List<ExecutionVertex> blockingProducers) {
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException("Bug: pipelined region " + index + " has no tasks");
        }
        this.index = index;
        this.tasks = List.copyOf(tasks);
        this.blockingProducers = List.copyOf(blockingProducers);
    }

    public int index() {
        return index;
    }

    public List<ExecutionVertex> tasks() {
        return tasks;
    }

    /** The tasks outside this region whose blocking result partitions it reads. */
    public List<ExecutionVertex> blockingProducers() {
        return blockingProducers;
    }

    public boolean isDeployed() {
        return deployed;
    }

    public void markDeployed() {
        deployed = true;
    }

    /** Makes the region wait for deployment again (its tasks start new attempts, see {@link ExecutionVertex#resetForRestart}). */
    public void resetForRestart() {
        deployed = false;
    }

    /**
     * Whether the region waits for deployment and every producer of its blocking inputs has finished
     * on a worker that is still there (so its result can be read).
     */
    public boolean isReadyToDeploy() {
        return !deployed && blockingProducers.stream().allMatch(PipelinedRegion::resultAvailable);
    }

    /** Whether every task of the region has FINISHED. */
    public boolean isFinished() {
        return tasks.stream().allMatch(t -> t.state() == TaskExecutionState.FINISHED);
    }

    /** Whether {@code producer}'s current attempt finished and its worker is alive, so its blocking results can be read. */
    public static boolean resultAvailable(ExecutionVertex producer) {
        return producer.state() == TaskExecutionState.FINISHED && !producer.worker().isLost();
    }

    @Override
    public String toString() {
        return "region " + index + " (" + tasks.size() + " task(s), " + blockingProducers.size() + " blocking producer(s))";
    }
}
