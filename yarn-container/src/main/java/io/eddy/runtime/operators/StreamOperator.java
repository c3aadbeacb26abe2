package io.eddy.runtime.operators;

/**
 * A runtime operator: one operator of a task's chain. All methods are called on the task thread.
 *
 * <p>Life cycle:
 * <pre>
 *   setup(context) -> open() -> input(i).processElement(..)* / timers* -> finish() -> close()
 *                       \________________ failure or cancel ________________________/-> close()
 * </pre>
 * {@link #finish()} is called only when all input was processed (it flushes buffered output and
 * may still emit); {@link #close()} releases resources and calls the user function's {@code
 * close()}; it is called exactly once after {@link #open()} was entered, also when the task fails
 * or is cancelled.
 */
public interface StreamOperator<OUT> {

    /** Gives the operator its context; called once, before {@link #open()}. */
    void setup(OperatorContext<OUT> context);

    void open() throws Exception;

    /** All input has been processed: emit what is buffered. */
    void finish() throws Exception;

    void close() throws Exception;

    /** The number of logical inputs: 0 for a source, 1, or 2 for a co-operator. */
    int numberOfInputs();

    /**
     * The logical input {@code index} (0 or 1); the same object on every call.
     *
     * @throws IllegalArgumentException if the operator has no such input
     */
    Input<?> input(int index);
}
