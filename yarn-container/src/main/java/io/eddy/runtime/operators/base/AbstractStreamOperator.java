package io.eddy.runtime.operators.base;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.operators.OperatorContext;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.operators.ThrowingRunnable;
import io.eddy.runtime.operators.TimerService;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.KeyGroupedSnapshotable;
import io.eddy.runtime.state.StreamOperatorStateHandler;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.runtime.timers.InternalTimeServiceManager;
import io.eddy.runtime.timers.InternalTimerService;
import io.eddy.runtime.timers.Triggerable;

/**
 * The base of the built-in operators: keeps the context and output, creates (and restores) the
 * keyed state backend when the descriptor has key selectors and the operator state backend, drives
 * the life cycle of a {@link RichFunction} user function ({@code setRuntimeContext}, {@code open},
 * {@code close}) and its checkpointing ({@link CheckpointedFunction}, {@link Checkpointed}, {@link
 * CheckpointListener}).
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
    // Checkpointing: set up by initializeState (or by open() when no one called it).
    private boolean stateInitialized;
    private StreamOperatorStateHandler stateHandler;
    // Event time: the last watermark processed, and the timer services (created on first use, keyed operators only).
    private long currentWatermark = Long.MIN_VALUE;
    private InternalTimeServiceManager timeServices;

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
    }

    /**
     * Creates the keyed state backend (keyed operators) and the operator state backend, restores
     * them from {@code restored}, gives the user function its runtime context, then initializes the
     * function's state: {@link CheckpointedFunction#initializeState}, or one {@link
     * Checkpointed#restoreState} call per restored element of the split list state {@value
     * StreamOperatorStateHandler#CHECKPOINTED_STATE_NAME}.
     */
    @Override
    public void initializeState(OperatorSubtaskState restored) throws Exception {
        if (stateInitialized) {
            throw new IllegalStateException("Bug: initializeState of operator '" + context.nameWithSubtask() + "' was called twice");
        }
        stateInitialized = true;
        OperatorDescriptor descriptor = context.descriptor();
        TaskEnvironment env = context.environment();
        if (!descriptor.keySelectors().isEmpty()) {
            keyedState = HeapKeyedStateBackend.forSubtask(context.nameWithSubtask(), descriptor.keyType(), env.serializerConfig(),
                    env.maxParallelism(), env.subtaskIndex(), env.parallelism());
            keyedState.setTtlTimeProvider(() -> env.timerService().currentTimeMillis());
        }
        runtimeContext = StreamingRuntimeContext.create(env, context.name(), keyedState);
        if (userFunction instanceof RichFunction rich) {
            rich.setRuntimeContext(runtimeContext);
        }
        stateHandler = new StreamOperatorStateHandler(context.nameWithSubtask(), userFunction, keyedState, env.serializerConfig(),
                env.userCodeClassLoader());
        stateHandler.initialize(restored);
    }

    @Override
    public void open() throws Exception {
        if (!stateInitialized) {
            // Set-ups that do not restore state (unit harnesses) skip initializeState: start empty.
            initializeState(null);
        }
        if (userFunction instanceof RichFunction rich) {
            functionOpened = true;
            rich.open();
        }
    }

    /**
     * Snapshots the user function's state (on this, the task thread), then takes copy-on-write
     * views of the keyed and operator state; the returned async part writes them through {@code
     * streams}. {@link OperatorSnapshot#EMPTY} for an operator without state.
     */
    @Override
    public OperatorSnapshot snapshotState(long checkpointId, long timestamp, CheckpointOptions options, CheckpointStreamFactory streams)
            throws Exception {
        return stateHandler.snapshot(checkpointId, timestamp, streams, context.name());
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        if (userFunction instanceof CheckpointListener listener) {
            listener.notifyCheckpointComplete(checkpointId);
        }
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        if (userFunction instanceof CheckpointListener listener) {
            listener.notifyCheckpointAborted(checkpointId);
        }
    }

    @Override
    public void finish() throws Exception {}

    @Override
    public void close() throws Exception {
        if (timeServices != null) {
            timeServices.close();
        }
        if (functionOpened) {
            functionOpened = false;
            ((RichFunction) userFunction).close();
        }
    }

    /**
     * Closes the user function at the end of a superstep (docs/iterations.md); {@link #close()} does
     * not close it again unless {@link #reopenFunctionForSuperstep()} opened it since.
     */
    protected final void closeFunctionAtSuperstepEnd() throws Exception {
        if (functionOpened) {
            functionOpened = false;
            ((RichFunction) userFunction).close();
        }
    }

    /** Opens the user function again when a superstep starts: it sees the new superstep and fresh broadcast variables. */
    protected final void reopenFunctionForSuperstep() throws Exception {
        if (userFunction instanceof RichFunction rich && !functionOpened) {
            functionOpened = true;
            rich.open();
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
    protected void setCurrentKey(Object key) {
        keyedState.setCurrentKey(key);
    }

    /**
     * Makes the key of {@code record} the current key of keyed state ({@link
     * HeapKeyedStateBackend#getCurrentKey()} then gives it): the key and key group its producer
     * computed when the record came over a local object channel of the operator's {@code keyBy}
     * edge (no second hashing), else what {@code selector} gives. An {@link Integer} key is handed
     * on as an int and the key object is not kept, so that the JIT can leave out the box the
     * selector made (see {@link HeapKeyedStateBackend#setCurrentIntKey}); its key group comes from
     * the producer too when the record came over a local object channel.
     */
    protected <T> void setCurrentKeyOf(StreamRecord<T> record, KeySelector<T, ?> selector) throws Exception {
        Object key = record.getPartitionKey();
        int keyGroup = record.getPartitionKeyGroup();
        if (key != null) {
            keyedState.setCurrentKey(key, keyGroup);
            return;
        }
        key = selector.getKey(record.getValue());
        // Unboxed here, not in the backend: a box passed on to another method (even one that
        // unboxes it at once) escapes, and C2 then allocates it per record.
        if (key instanceof Integer intKey) {
            // The key group a local producer's selector handed on (but not the int), or -1. One
            // call for both cases: with a call site per case C2 does not remove the box.
            keyedState.setCurrentIntKey(intKey.intValue(), keyGroup);
        } else {
            keyedState.setCurrentKey(key);
        }
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

    // ---- event time ---------------------------------------------------------------------------

    /**
     * The event time of this operator advanced to {@code watermark} (for a two-input operator: the
     * minimum of both inputs): fires the event-time timers due, in time order, then forwards the
     * watermark. Operators that hold records back until a watermark (windows) override this and
     * call it after they emitted.
     */
    public void processWatermark(Watermark watermark) throws Exception {
        currentWatermark = watermark.getTimestamp();
        if (timeServices != null) {
            timeServices.advanceWatermark(currentWatermark);
        }
        output.emitWatermark(watermark);
    }

    /** All inputs became idle, or one became active again: forwarded, so consumers stop (or resume) waiting for this operator's event time. */
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        output.emitWatermarkStatus(status);
    }

    /** The last watermark this operator processed, or {@code Long.MIN_VALUE}. */
    public long currentWatermark() {
        return currentWatermark;
    }

    /**
     * The timer service {@code name} of this keyed operator, created on the first call and
     * checkpointed with the keyed state (section {@code "_timers/<name>"}); {@code triggerable} is
     * called when its timers fire. Call it in {@code open()}, or after {@code initializeState}.
     *
     * @throws IllegalStateException if the operator is not keyed (timers are scoped to keys), or
     *     {@code name} is in use with another triggerable
     */
    public <K, N> InternalTimerService<N> getInternalTimerService(String name, TypeSerializer<N> namespaceSerializer,
            Triggerable<K, N> triggerable) {
        if (keyedState == null) {
            throw new IllegalStateException("Operator '" + context.nameWithSubtask() + "' asked for timer service '" + name
                    + "', but it does not run on a keyed stream: timers are scoped to keys; apply keyBy(...) first");
        }
        if (timeServices == null) {
            timeServices = new InternalTimeServiceManager(context.nameWithSubtask(), keyedState, context.environment().timerService(),
                    this::registerTimerSnapshots);
        }
        return timeServices.getInternalTimerService(name, namespaceSerializer, triggerable);
    }

    private void registerTimerSnapshots(KeyGroupedSnapshotable timers) {
        keyedState.registerSnapshotParticipant(timers);
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
