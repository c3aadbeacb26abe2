package io.eddy.runtime.operators;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.RichFunction;
import io.eddy.api.common.functions.RuntimeContext;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * The base of the built-in operators: keeps the context and output, creates the keyed state
 * backend when the descriptor has key selectors, and drives the life cycle of a {@link
 * RichFunction} user function ({@code setRuntimeContext}, {@code open}, {@code close}).
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public abstract class AbstractStreamOperator<OUT> implements StreamOperator<OUT> {

    private final Function userFunction;

    protected OperatorContext<OUT> context;
    protected Output<OUT> output;
    private HeapKeyedStateBackend keyedState;
    private StreamingRuntimeContext runtimeContext;
    private boolean functionOpened;

    /** @param userFunction the user function, or null for an operator without one */
    protected AbstractStreamOperator(Function userFunction) {
        this.userFunction = userFunction;
    }

    @Override
    public void setup(OperatorContext<OUT> context) {
        if (this.context != null) {
            throw new IllegalStateException("Bug: operator '" + context.nameWithSubtask() + "' was set up twice");
        }
        this.context = context;
        this.output = context.output();
        OperatorDescriptor descriptor = context.descriptor();
        TaskEnvironment env = context.environment();
        if (!descriptor.keySelectors().isEmpty()) {
            keyedState = HeapKeyedStateBackend.forSubtask(context.nameWithSubtask(), descriptor.keyType(), env.serializerConfig(),
                    env.maxParallelism(), env.subtaskIndex(), env.parallelism());
        }
        runtimeContext = new StreamingRuntimeContext(env, context.name(), keyedState);
    }

    @Override
    public void open() throws Exception {
        if (userFunction instanceof RichFunction rich) {
            rich.setRuntimeContext(runtimeContext);
            functionOpened = true;
            rich.open();
        }
    }

    @Override
    public void finish() throws Exception {}

    @Override
    public void close() throws Exception {
        if (functionOpened) {
            functionOpened = false;
            ((RichFunction) userFunction).close();
        }
    }

    /** The runtime context given to the user function. */
    public RuntimeContext getRuntimeContext() {
        return runtimeContext;
    }

    /** The keyed state of this operator, or null if it does not run on a keyed stream. */
    public HeapKeyedStateBackend getKeyedStateBackend() {
        return keyedState;
    }

    /** The key selector of logical input {@code input}. */
    @SuppressWarnings("unchecked")
    protected <T> KeySelector<T, Object> keySelector(int input) {
        return (KeySelector<T, Object>) context.descriptor().keySelectors().get(input);
    }

    /** Makes {@code key} the current key of the keyed state. */
    /**
     * The key of {@code record}: the one its producer computed for partitioning when the record came
     * over a local object channel of this input's hash edge (whose key selector is {@code selector}),
     * else {@code selector}'s result.
     */
    protected static <T> Object keyOf(StreamRecord<T> record, KeySelector<T, ?> selector) throws Exception {
        Object key = record.getPartitionKey();
        return key != null ? key : selector.getKey(record.getValue());
    }

    protected void setCurrentKey(Object key) {
        keyedState.setCurrentKey(key);
    }

    /**
     * Runs {@code callback} on the task thread after {@code delayMillis}; an exception it throws
     * fails the task with a message naming this operator.
     */
    protected TimerService.Timer scheduleTimer(long delayMillis, ThrowingRunnable callback) {
        String name = context.nameWithSubtask();
        return context.environment().timerService().schedule(delayMillis, () -> {
            try {
                callback.run();
            } catch (Exception e) {
                throw OperatorFailureException.wrap(name, OperatorFailureException.Phase.TIMER, e);
            }
        });
    }

    /** Fails set-up with a message naming the operator when a descriptor does not fit its kind. */
    protected static <F> F requireFunction(OperatorDescriptor descriptor, Class<F> type) {
        Function function = descriptor.userFunction();
        if (!type.isInstance(function)) {
            throw new IllegalArgumentException("Bug: an operator of kind '" + descriptor.kind() + "' needs a " + type.getSimpleName()
                    + " but its descriptor holds " + (function == null ? "no function" : "a " + function.getClass().getName()));
        }
        return type.cast(function);
    }
}
