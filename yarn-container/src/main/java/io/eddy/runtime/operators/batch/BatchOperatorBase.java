package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.FinishingFunction;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The base of the single-input batch drivers: reads the batch parameters of the descriptor
 * ({@link BatchKinds}), gives the drivers their managed memory and releases it, and emits through
 * a {@link BatchCollector}.
 *
 * <p>Life cycle (see {@code docs/batch-drivers.md}):
 * <pre>
 *   open():    allocate pages (owner: this operator) -> openDriver() -> open the user function
 *   processElement()*: fill a sorter / hash table / buffer
 *   finish():  produce the output (finishDriver()), then, for a {@link FinishingFunction}, its
 *              finish(collector): the output is still open
 *   close():   close the user function, then closeDriver() (deletes spill files), then release
 *              every page this operator holds -- also after a failure in any phase
 * </pre>
 *
 * <p>In a loop (docs/iterations.md) {@code finish()} is not called; instead, per superstep:
 * <pre>
 *   endSuperstep():      finish() (produce the superstep's output, then the finishing function's), close the user function
 *   startSuperstep(s):   closeDriver(), release the pages, openDriver(), open the user function
 *   close():             as above; the user function is not closed twice
 * </pre>
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public abstract class BatchOperatorBase<IN, OUT> extends OneInputOperator<IN, OUT> implements SuperstepAware {

    /** The descriptor this driver was created from. */
    protected final OperatorDescriptor descriptor;
    /** The collector the user function emits to; set in {@link #open()}. */
    protected BatchCollector<OUT> collector;
    private MemoryManager memoryManager;
    /** The user function if it is a {@link FinishingFunction}, else null. */
    private final FinishingFunction<OUT> finishing;

    @SuppressWarnings("unchecked")
    protected BatchOperatorBase(OperatorDescriptor descriptor, Function userFunction) {
        super(userFunction);
        this.descriptor = descriptor;
        this.finishing = userFunction instanceof FinishingFunction<?> f ? (FinishingFunction<OUT>) f : null;
        if (descriptor.inputTypes().size() != 1) {
            throw new IllegalArgumentException("Bug: a batch operator of kind '" + descriptor.kind().name() + "' needs one input type, its"
                    + " descriptor has " + descriptor.inputTypes().size());
        }
    }

    @Override
    public final void open() throws Exception {
        collector = new BatchCollector<>(output);
        memoryManager = context.environment().memoryManager();
        openDriver();
        super.open();
    }

    /** The superstep's input was all processed: produce its output, then close the user function. */
    @Override
    public final void endSuperstep() throws Exception {
        finish();
        closeFunctionAtSuperstepEnd();
    }

    /** A new superstep: a fresh driver (its memory released and allocated again), then the user function opened again. */
    @Override
    public final void startSuperstep(int superstep) throws Exception {
        closeDriver();
        memoryManager.releaseAll(this);
        openDriver();
        reopenFunctionForSuperstep();
    }

    /**
     * All input was processed: the driver's output ({@link #finishDriver()}), then the user
     * function's last records if it is a {@link FinishingFunction}.
     */
    @Override
    public final void finish() throws Exception {
        finishDriver();
        if (finishing != null && !combinesForAnotherOperator()) {
            callUserCode(() -> finishing.finish(collector));
        }
    }

    /**
     * Whether this driver runs its function's combine step in front of the operator the function
     * belongs to (a combiner the optimizer inserted): then {@link FinishingFunction#finish} is left
     * to that operator, whose output type it has.
     */
    protected boolean combinesForAnotherOperator() {
        return false;
    }

    /** Produces the driver's output once all input was processed (per superstep in a loop). */
    protected abstract void finishDriver() throws Exception;

    /** Allocates the driver's memory and creates its sorter, table or buffer; called before the user function opens. */
    protected abstract void openDriver() throws Exception;

    /** Releases what {@link #openDriver()} created (closes sorters, deletes spill files); must tolerate a half-open state. */
    protected abstract void closeDriver() throws Exception;

    @Override
    public final void close() throws Exception {
        Exception failure = null;
        try {
            super.close();
        } catch (Exception e) {
            failure = e;
        }
        try {
            closeDriver();
        } catch (Exception e) {
            failure = addSuppressed(failure, e);
        }
        if (memoryManager != null) {
            memoryManager.releaseAll(this);
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static Exception addSuppressed(Exception first, Exception next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    /**
     * Allocates this driver's share of managed memory (the descriptor's {@code memoryFraction}), at
     * least {@code minPages}, owned by this operator; released in {@link #close()}.
     */
    protected final List<MemorySegment> allocateMemory(int minPages) throws MemoryAllocationException {
        return memoryManager.allocatePages(this, memoryShareInPages(minPages));
    }

    /**
     * Reserves the operator's share of managed memory without allocating pages, for a driver that
     * keeps heap objects within that many bytes; returned to the budget when the operator closes.
     *
     * @return the reserved bytes
     */
    protected final long reserveMemory(int minPages) throws MemoryAllocationException {
        return memoryManager.reserve(this, memoryShareInPages(minPages));
    }

    private int memoryShareInPages(int minPages) {
        double fraction = descriptor.memoryFraction();
        if (fraction == 0) {
            throw new IllegalArgumentException("Bug: operator '" + context.nameWithSubtask() + "' (kind '" + descriptor.kind().name()
                    + "') needs a share of managed memory, but its descriptor's memory fraction is 0"
                    + " (the optimizer sets it for every memory-consuming driver)");
        }
        return Math.max(minPages, memoryManager.computeNumberOfPages(fraction));
    }

    /** Names the operator in errors, e.g. as the owner of its memory pages. */
    @Override
    public String toString() {
        return "batch operator '" + (context == null ? descriptor.kind().name() : context.nameWithSubtask()) + "'";
    }

    /** The operator's name with its subtask, e.g. {@code "GroupReduce (2/4)"}. */
    protected final String nameWithSubtask() {
        return context.nameWithSubtask();
    }

    /** The task's I/O manager, for spilling. */
    protected final IOManager ioManager() {
        return context.environment().ioManager();
    }

    /** The type of the input records. */
    @SuppressWarnings("unchecked")
    protected final TypeInfo<IN> inputType() {
        return (TypeInfo<IN>) descriptor.inputTypes().get(0);
    }

    /** A new serializer of the input records. */
    protected final TypeSerializer<IN> inputSerializer() {
        return inputType().createSerializer(context.environment().serializerConfig());
    }

    /** A new comparator of {@code key} over the input records. */
    protected final TypeComparator<IN> comparator(KeySpec key) {
        try {
            return key.createComparator(inputType(), context.environment().serializerConfig());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Operator '" + context.nameWithSubtask() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Runs a call into user code that reads a spill-backed iterator, turning the iterator's
     * {@link UncheckedIOException} back into its {@link java.io.IOException}.
     */
    protected static void callUserCode(UserCall call) throws Exception {
        try {
            call.run();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Like {@link #callUserCode(UserCall)}, for a call that returns a value. */
    protected static <R> R callUserFunction(Callable<R> call) throws Exception {
        try {
            return call.call();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** A call into the user function. */
    @FunctionalInterface
    protected interface UserCall {
        void run() throws Exception;
    }
}
