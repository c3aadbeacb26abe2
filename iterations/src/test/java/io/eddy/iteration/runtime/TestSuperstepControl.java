package io.eddy.iteration.runtime;

import io.eddy.runtime.iteration.TaskIterationContext;
import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.operators.SuperstepAware;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link SuperstepControl} for tests, standing in for the head task's: {@link #endSuperstep()}
 * ends the superstep in the chain's operators (head first) and returns a future the test completes
 * with {@link #decide}, on the test thread, which plays the task thread; {@link
 * #startNextSuperstep} checks the decision as the real control does, moves the task's context on
 * and starts the superstep in the operators (tail first). It sends no events and reports nothing.
 */
final class TestSuperstepControl implements SuperstepControl {

    private final TaskIterationContext context;
    private List<StreamOperator<?>> operators = List.of();
    private CompletableFuture<SuperstepDecision> pending;
    /** The supersteps ended, in order. */
    final List<Integer> ended = new ArrayList<>();
    /** The supersteps started (from 2), in order. */
    final List<Integer> started = new ArrayList<>();

    TestSuperstepControl(TaskIterationContext context) {
        this.context = context;
    }

    /** The operators of the head's chain, head first. */
    void chain(List<StreamOperator<?>> operators) {
        this.operators = List.copyOf(operators);
    }

    @Override
    public CompletableFuture<SuperstepDecision> endSuperstep() {
        if (pending != null && !pending.isDone()) {
            throw new IllegalStateException("endSuperstep() called while the decision after superstep " + context.superstep() + " is pending");
        }
        try {
            for (StreamOperator<?> operator : operators) {
                if (operator instanceof SuperstepAware aware) {
                    aware.endSuperstep();
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("ending superstep " + context.superstep() + " failed", e);
        }
        ended.add(context.superstep());
        pending = new CompletableFuture<>();
        return pending;
    }

    @Override
    public void startNextSuperstep(SuperstepDecision decision) {
        if (decision.terminate() || decision.superstep() != context.superstep()) {
            throw new IllegalArgumentException("cannot start a superstep after " + decision + " (current: " + context.superstep() + ")");
        }
        int next = decision.superstep() + 1;
        LoopContexts.startSuperstep(context, next);
        try {
            for (int i = operators.size() - 1; i >= 0; i--) {
                if (operators.get(i) instanceof SuperstepAware aware) {
                    aware.startSuperstep(next);
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("starting superstep " + next + " failed", e);
        }
        started.add(next);
    }

    /** Whether a decision is awaited. */
    boolean awaitsDecision() {
        return pending != null && !pending.isDone();
    }

    /** Delivers the master's decision, as the task's mail would. */
    void decide(SuperstepDecision decision) {
        if (!awaitsDecision()) {
            throw new IllegalStateException("no decision is awaited (ended: " + ended + ")");
        }
        pending.complete(decision);
    }

    /** Fails the awaited decision, as a cancelled loop does. */
    void fail(Throwable cause) {
        if (!awaitsDecision()) {
            throw new IllegalStateException("no decision is awaited (ended: " + ended + ")");
        }
        pending.completeExceptionally(cause);
    }

    static SuperstepDecision proceed(int after) {
        return new SuperstepDecision(after, false, "test: continue", new byte[0]);
    }

    static SuperstepDecision terminate(int after) {
        return new SuperstepDecision(after, true, "test: terminate", new byte[0]);
    }
}
