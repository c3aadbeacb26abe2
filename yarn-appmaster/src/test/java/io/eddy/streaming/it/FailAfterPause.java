package io.eddy.streaming.it;

import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.testkit.results.ResultDirectory;

/**
 * Passes values through; throws once (of all subtasks and attempts: the mark {@value #FAILED}), in
 * a first attempt, at the first record after a {@link PausingSource} passed its pause (its mark).
 */
public final class FailAfterPause<T> extends RichMapFunction<T, T> {

    private static final long serialVersionUID = 1L;
    /** The mark of the planned failure. */
    public static final String FAILED = "failed";
    /** How many records pass between two looks for the pause mark (a file check). */
    private static final int LOOK_EVERY = 64;

    private final ResultDirectory results;
    /** Task thread only. */
    private transient long seen;
    private transient boolean done;

    public FailAfterPause(ResultDirectory results) {
        this.results = results;
    }

    @Override
    public T map(T value) {
        if (!done && ++seen % LOOK_EVERY == 0 && getRuntimeContext().getAttemptNumber() == 0 && results.marked(PausingSource.PAUSE_PASSED)) {
            done = true;
            if (results.mark(FAILED)) {
                throw new IllegalStateException("planned failure at " + value);
            }
        }
        return value;
    }
}
