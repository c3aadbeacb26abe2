package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.TwoInputOperator;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.MutableObjectIterator;
import java.util.ArrayList;
import java.util.List;

/**
 * The base of the two-input batch drivers (join, co-group, cross): reads the descriptor (input
 * types, keys, memory share), owns the driver's managed memory and hands the user function a
 * {@link Collector} onto the operator's output.
 *
 * <p>Life cycle: {@code open()} opens the user function, then {@link #openDriver()}; records arrive
 * in {@code processElement1/2}; {@code finish()} produces what is left; {@code close()} runs {@link
 * #closeDriver()} (closing sorters, hash tables and spill files, also after a failure at any
 * point), then releases every page this operator allocated, then closes the user function, and
 * throws the first error of these steps after running all of them.
 *
 * <p>In a loop (docs/iterations.md): {@link #endSuperstep()} runs {@code finish()} and closes the
 * user function; {@link #startSuperstep} closes the driver, releases its pages, opens a fresh
 * driver ({@link #openDriver()} resets every per-run field) and opens the function again, unless
 * the driver kept what it built from a static input ({@link #resetForNextSuperstep}). Both inputs
 * are fed again in every superstep (an input from outside the loop by the task's replay) except a
 * retained static input and one the driver keeps itself ({@link #keepsStaticInput}): the sorting
 * drivers keep a static input sorted ({@link #sortedInput}, a {@link KeptSortedInput}) and merge
 * the kept records in later supersteps instead of sorting the input again.
 *
 * <p>Memory: {@link #allocateMemory(int)} takes {@code computeNumberOfPages(memoryFraction)} pages
 * of the worker's {@link MemoryManager} (at least the driver's minimum) with this operator as owner.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
abstract class TwoInputDriver<IN1, IN2, OUT> extends TwoInputOperator<IN1, IN2, OUT> implements SuperstepAware {

    private final OperatorDescriptor descriptor;
    private MemoryManager memoryManager;
    private List<MemorySegment> memory;
    /** The user function's collector onto the operator's output. */
    protected Collector<OUT> collector;
    /** Per input: kept sorted across supersteps ({@link #keepsStaticInput}). */
    private final boolean[] keepSorted = new boolean[2];
    /** Per input: its kept sorted records, created by the first superstep's merge; they outlive the driver. */
    private final KeptSortedInput<?>[] keptSorted = new KeptSortedInput<?>[2];

    protected TwoInputDriver(OperatorDescriptor descriptor, Function function) {
        super(function);
        this.descriptor = descriptor;
    }

    @Override
    public final void open() throws Exception {
        super.open();
        collector = new OutputCollector<>(output);
        openDriver();
    }

    /** The superstep's inputs were all processed: produce its output, then close the user function. */
    @Override
    public final void endSuperstep() throws Exception {
        finish();
        closeFunctionAtSuperstepEnd();
    }

    /** A new superstep: a fresh driver (its memory released and allocated again), then the user function opened again. */
    @Override
    public final void startSuperstep(int superstep) throws Exception {
        if (!resetForNextSuperstep()) {
            closeDriver();
            if (memoryManager != null) {
                memoryManager.releaseAll(this);
                memory = null;
            }
            openDriver();
        }
        reopenFunctionForSuperstep();
    }

    /**
     * A new superstep starts: returns true if the driver reset its per-superstep state itself and
     * keeps its memory and what it retained ({@link #retainStaticInput}); false (the default) has
     * the driver closed and opened afresh.
     */
    protected boolean resetForNextSuperstep() throws Exception {
        return false;
    }

    /** Allocates memory and creates the driver's sorters, tables or buffers, resetting every per-run field (called again per superstep in a loop). */
    protected abstract void openDriver() throws Exception;

    /** Closes what {@link #openDriver()} created; must tolerate a partly opened or failed driver. */
    protected abstract void closeDriver() throws Exception;

    /**
     * Closes what the driver keeps across supersteps besides its share of memory (a kept static
     * input, {@link #keepsStaticInput}), releasing its pages; called once, by {@link #close()}.
     * This closes the kept sorted inputs; an override must call it too.
     */
    protected void closeKeptInputs() throws Exception {
        Exception error = null;
        for (int i = 0; i < keptSorted.length; i++) {
            error = closeQuietly(keptSorted[i], error);
            keptSorted[i] = null;
        }
        if (error != null) {
            throw error;
        }
    }

    /**
     * Whether this driver merges sorted inputs ({@link #sortedInput}) and so keeps a static input
     * sorted across supersteps; false (the default) for drivers that do not sort.
     */
    protected boolean mergesSortedInputs() {
        return false;
    }

    /** A sorting driver keeps every static input sorted ({@link KeptSortedInput}); others keep none. */
    @Override
    public boolean keepsStaticInput(int input) throws Exception {
        keepSorted[input] = mergesSortedInputs();
        return keepSorted[input];
    }

    /**
     * The sorted records of input {@code input} for this superstep's merge: the sorter's (after
     * {@code finishInput}); for a static input in a loop, kept while the first superstep's merge
     * reads them, and from the kept records in every later superstep, whose sorter stays empty.
     * After the merge, {@link #mergeDone()}.
     */
    protected final <T> MutableObjectIterator<T> sortedInput(int input, ExternalSorter<T> sorter) throws Exception {
        if (!keepSorted[input]) {
            sorter.finishInput();
            return sorter.getIterator();
        }
        @SuppressWarnings("unchecked")
        KeptSortedInput<T> kept = (KeptSortedInput<T>) keptSorted[input];
        if (kept == null) {
            kept = new KeptSortedInput<>(serializer(input), context.environment().memoryManager(), context.environment().ioManager(),
                    "'" + name() + "' input " + input);
            keptSorted[input] = kept;
        }
        if (kept.isComplete()) {
            return kept.sorted();
        }
        sorter.finishInput();
        return kept.keep(sorter.getIterator());
    }

    /** This superstep's merge is done: a static input kept in its first superstep keeps what the merge left unread. */
    protected final void mergeDone() throws Exception {
        for (KeptSortedInput<?> kept : keptSorted) {
            if (kept != null && !kept.isComplete()) {
                kept.complete();
            }
        }
    }

    /**
     * How many of {@code sorterPages} the sorter of input 0 gets, the other sorter taking the rest:
     * half each, but a sorter whose input is kept sorted in full stays empty and keeps only {@code
     * minimum}, leaving the rest to the sorter that sorts.
     */
    protected final int firstSorterPages(int sorterPages, int minimum) {
        if (isKeptInFull(0)) {
            return minimum;
        }
        return isKeptInFull(1) ? sorterPages - minimum : sorterPages / 2;
    }

    private boolean isKeptInFull(int input) {
        return keptSorted[input] != null && keptSorted[input].isComplete();
    }

    /** Fails if input {@code input} is kept sorted in full: the task must not feed it again. */
    protected final void expectNotKept(int input) {
        if (isKeptInFull(input)) {
            throw new IllegalStateException("Bug: operator '" + name() + "' got a record of its kept static input " + input
                    + " after the loop's first superstep (the task must not replay a kept input)");
        }
    }

    /** The kept sorted input {@code input}, or null; for tests. */
    final KeptSortedInput<?> keptSorted(int input) {
        return keptSorted[input];
    }

    @Override
    public final void close() throws Exception {
        Exception error = null;
        try {
            closeDriver();
        } catch (Exception e) {
            error = e;
        }
        try {
            closeKeptInputs();
        } catch (Exception e) {
            error = addSuppressed(error, e);
        }
        if (memoryManager != null) {
            memoryManager.releaseAll(this);
            memory = null;
        }
        try {
            super.close();
        } catch (Exception e) {
            error = addSuppressed(error, e);
        }
        if (error != null) {
            throw error;
        }
    }

    /** The operator's name with the subtask, for errors and as the owner name of sorters. */
    protected final String name() {
        return context.nameWithSubtask();
    }

    /** The serializer of logical input {@code input}. */
    @SuppressWarnings("unchecked")
    protected final <T> TypeSerializer<T> serializer(int input) {
        return ((TypeInfo<T>) inputType(input)).createSerializer(context.environment().serializerConfig());
    }

    /** The comparator of the key {@code keys} (a {@link KeySpec} parameter) over input {@code input}. */
    @SuppressWarnings("unchecked")
    protected final <T> TypeComparator<T> comparator(int input, KeySpec keys) {
        return keys.createComparator((TypeInfo<T>) inputType(input), context.environment().serializerConfig());
    }

    /**
     * Allocates the driver's share of managed memory: {@code computeNumberOfPages(memoryFraction)}
     * pages, or {@code minimum} if that is more (also when no fraction is set).
     *
     * @throws MemoryAllocationException if the worker has fewer pages available
     */
    protected final List<MemorySegment> allocateMemory(int minimum) throws MemoryAllocationException {
        if (memory != null) {
            throw new IllegalStateException("Bug: operator '" + name() + "' allocated its memory twice");
        }
        memoryManager = context.environment().memoryManager();
        double fraction = descriptor.memoryFraction();
        int pages = fraction == 0 ? minimum : Math.max(minimum, memoryManager.computeNumberOfPages(fraction));
        memory = memoryManager.allocatePages(this, pages);
        return memory;
    }

    /** Splits {@code pages} into consecutive parts of the given sizes (the last part takes the rest). */
    protected static List<List<MemorySegment>> split(List<MemorySegment> pages, int... sizes) {
        List<List<MemorySegment>> parts = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < sizes.length; i++) {
            int to = i == sizes.length - 1 ? pages.size() : from + sizes[i];
            parts.add(new ArrayList<>(pages.subList(from, to)));
            from = to;
        }
        return parts;
    }

    /** Closes {@code resource} if not null, adding its failure to {@code error}. */
    protected static Exception closeQuietly(AutoCloseable resource, Exception error) {
        if (resource == null) {
            return error;
        }
        try {
            resource.close();
            return error;
        } catch (Exception e) {
            return addSuppressed(error, e);
        }
    }

    protected static Exception addSuppressed(Exception first, Exception next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    private TypeInfo<?> inputType(int input) {
        List<TypeInfo<?>> types = descriptor.inputTypes();
        if (types.size() != 2) {
            throw new IllegalArgumentException("Bug: operator '" + name() + "' of kind '" + descriptor.kind().name() + "' has " + types.size()
                    + " input types (expected: 2)");
        }
        return types.get(input);
    }

    /** Emits the user function's records to the operator's output, with one reused {@link StreamRecord}. */
    private static final class OutputCollector<OUT> implements Collector<OUT> {
        private final io.eddy.runtime.operators.Output<OUT> output;
        private final StreamRecord<OUT> reuse = new StreamRecord<>(null);

        OutputCollector(io.eddy.runtime.operators.Output<OUT> output) {
            this.output = output;
        }

        @Override
        public void collect(OUT record) {
            output.collect(reuse.replace(record));
        }

        @Override
        public void close() {}
    }
}
