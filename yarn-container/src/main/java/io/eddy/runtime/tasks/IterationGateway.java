package io.eddy.runtime.tasks;

/**
 * Where the tasks of a loop report the end of each superstep (docs/iterations.md): the worker
 * implements it over {@code MasterGateway.superstepDone}. Called from task threads.
 */
@FunctionalInterface
public interface IterationGateway {

    /**
     * Task {@code task} finished superstep {@code superstep}.
     *
     * @param aggregatesBytes the Java-serialized {@code HashMap<String, Serializable>} of the task's
     *     aggregator values of the superstep, by name
     */
    void superstepDone(TaskId task, int superstep, byte[] aggregatesBytes);
}
