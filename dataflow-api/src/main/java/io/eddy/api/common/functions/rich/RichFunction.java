package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.Function;

/**
 * A function with a life cycle and access to its runtime context. On a worker, the runtime
 * calls {@link #setRuntimeContext}, then {@link #open()} once before the first value, and {@link
 * #close()} once after the last (also when the task fails, so that resources are released).
 */
public interface RichFunction extends Function {

    void open() throws Exception;

    void close() throws Exception;

    RuntimeContext getRuntimeContext();

    void setRuntimeContext(RuntimeContext context);
}
