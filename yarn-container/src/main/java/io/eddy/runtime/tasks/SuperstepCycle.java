package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.event.EndOfSuperstep;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import io.eddy.runtime.io.network.event.SuperstepStart;
import io.eddy.runtime.iteration.TaskIterationContext;
import java.io.IOException;

/**
 * The end and start of supersteps in one task of a loop (docs/iterations.md), shared by the body's
 * input processor and the head's {@link io.eddy.runtime.iteration.SuperstepControl}:
 *
 * <pre>
 *   end(s):    chain.endSuperstep() head first -> EndOfSuperstep(s) on every network output
 *              -> superstepDone(task, s, aggregates) to the master
 *   begin(n, aggregates):  the task's iteration context moves to superstep n (aggregators reset)
 *   startOperators():      chain.startSuperstep(n) tail first -> SuperstepStart(n, aggregates) on every output
 * </pre>
 *
 * The chain and the outputs are bound once the task built them. Task thread only.
 */
final class SuperstepCycle {

    private final TaskId taskId;
    private final TaskIterationContext context;
    private final IterationGateway gateway;
    private OperatorChain chain;
    private TaskCheckpointer.EventBroadcaster outputs;
    /** The aggregates the current superstep started with; forwarded in its SuperstepStart. */
    private byte[] startAggregates;

    SuperstepCycle(TaskId taskId, TaskIterationContext context, IterationGateway gateway) {
        this.taskId = taskId;
        this.context = context;
        this.gateway = gateway;
    }

    /** Binds the task's chain and network outputs; refuses operators that cannot run in a loop. */
    void bind(OperatorChain chain, TaskCheckpointer.EventBroadcaster outputs) {
        chain.requireSuperstepAware(context.spec().name());
        this.chain = chain;
        this.outputs = outputs;
    }

    TaskIterationContext context() {
        return context;
    }

    int superstep() {
        return context.superstep();
    }

    /** Whether the task computes the first superstep of its run (1, or the superstep a resumed loop starts with). */
    boolean isFirstSuperstep() {
        return context.isFirstSuperstep();
    }

    /** Ends the current superstep: operators head first, the event on every output, then the report to the master. */
    void end() {
        int superstep = context.superstep();
        chain.endSuperstep();
        broadcast(new EndOfSuperstep(superstep));
        gateway.superstepDone(taskId, superstep, context.aggregatesBytes());
    }

    /** Moves the task's context to superstep {@code next}, with the combined aggregates of the previous one. */
    void begin(int next, byte[] previousAggregates) {
        context.startSuperstep(next, previousAggregates);
        startAggregates = previousAggregates;
    }

    /** Starts the current superstep in the operators, tail first, then forwards its start on every network output. */
    void startOperators() {
        int superstep = context.superstep();
        chain.startSuperstep(superstep);
        broadcast(new SuperstepStart(superstep, startAggregates));
    }

    private void broadcast(RuntimeEvent event) {
        try {
            outputs.broadcast(event);
        } catch (IOException e) {
            throw new IllegalStateException("Task " + taskId + " could not send " + event + " to its consumers: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TaskInterruptedException("Task " + taskId + " was interrupted while sending " + event, e);
        }
    }
}
