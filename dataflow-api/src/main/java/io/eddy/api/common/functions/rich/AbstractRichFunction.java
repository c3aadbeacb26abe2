package io.eddy.api.common.functions.rich;

/** A base for rich functions that keeps the runtime context; {@code open} and {@code close} do nothing. */
public abstract class AbstractRichFunction implements RichFunction {

    private static final long serialVersionUID = 1L;

    private transient RuntimeContext runtimeContext;

    @Override
    public void open() throws Exception {}

    @Override
    public void close() throws Exception {}

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
    }

    @Override
    public RuntimeContext getRuntimeContext() {
        if (runtimeContext == null) {
            throw new IllegalStateException(
                    "The runtime context of " + getClass().getName() + " is not set yet: it is available from open() on, not in the constructor");
        }
        return runtimeContext;
    }

    /**
     * The runtime context as an iteration's: superstep number and aggregators.
     *
     * @throws IllegalStateException if the function does not run inside an iteration's loop body
     */
    public IterationRuntimeContext getIterationRuntimeContext() {
        RuntimeContext context = getRuntimeContext();
        if (context instanceof IterationRuntimeContext iteration) {
            return iteration;
        }
        throw new IllegalStateException("Function " + getClass().getName() + " (in '" + context.getTaskName()
                + "') does not run inside an iteration, so it has no iteration runtime context: call"
                + " getIterationRuntimeContext() only from functions of a loop body (between iterate() and closeWith())");
    }
}
