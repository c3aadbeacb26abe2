package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import java.util.List;
import java.util.Objects;

/**
 * Configures an {@link ExternalSorter}. Required: memory ({@link #memory(MemoryManager, int)} or
 * {@link #memory(List)}) and {@link #ioManager(IOManager)}.
 *
 * <pre>
 *   ExternalSorter&lt;T&gt; sorter = ExternalSorter.builder(serializer, comparator)
 *           .memory(memoryManager, memoryManager.computeNumberOfPages(0.25))
 *           .ioManager(ioManager)
 *           .owner("GroupReduce (2/4)")
 *           .build();
 * </pre>
 */
public final class ExternalSorterBuilder<T> {

    /** The default of {@link #maxFanIn(int)}. */
    public static final int DEFAULT_MAX_FAN_IN = 128;

    final TypeSerializer<T> serializer;
    final TypeComparator<T> comparator;
    MemoryManager memoryManager;
    int numPages;
    List<MemorySegment> pages;
    IOManager ioManager;
    int maxFanIn = DEFAULT_MAX_FAN_IN;
    RecordCombiner<T> combiner;
    String owner = "external sorter";

    ExternalSorterBuilder(TypeSerializer<T> serializer, TypeComparator<T> comparator) {
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.comparator = Objects.requireNonNull(comparator, "comparator");
    }

    /** The sorter allocates {@code numPages} pages from {@code memoryManager} in {@link #build()} and releases them in {@code close()}. */
    public ExternalSorterBuilder<T> memory(MemoryManager memoryManager, int numPages) {
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager");
        this.numPages = numPages;
        this.pages = null;
        return this;
    }

    /** The sorter works in {@code pages}, which stay the caller's: it stops using them in {@code close()}, and the caller frees them. */
    public ExternalSorterBuilder<T> memory(List<MemorySegment> pages) {
        this.pages = List.copyOf(pages);
        this.memoryManager = null;
        return this;
    }

    /** Where runs are spilled. */
    public ExternalSorterBuilder<T> ioManager(IOManager ioManager) {
        this.ioManager = Objects.requireNonNull(ioManager, "ioManager");
        return this;
    }

    /** The largest number of runs merged at once (default {@value #DEFAULT_MAX_FAN_IN}); more runs need intermediate merge passes. */
    public ExternalSorterBuilder<T> maxFanIn(int maxFanIn) {
        if (maxFanIn < 2) {
            throw new IllegalArgumentException("maxFanIn: " + maxFanIn + " (expected: >= 2)");
        }
        this.maxFanIn = maxFanIn;
        return this;
    }

    /** Combines the groups of equal keys of each sorted buffer before it spills (see {@link RecordCombiner}). */
    public ExternalSorterBuilder<T> combiner(RecordCombiner<T> combiner) {
        this.combiner = Objects.requireNonNull(combiner, "combiner");
        return this;
    }

    /** The operator (and subtask) the sorter works for, named in its errors and used as the owner of its pages. */
    public ExternalSorterBuilder<T> owner(String owner) {
        this.owner = Objects.requireNonNull(owner, "owner");
        return this;
    }

    /**
     * Creates the sorter (allocating its pages if a memory manager was given).
     *
     * @throws MemoryAllocationException if the memory manager has fewer pages available than asked for
     */
    public ExternalSorter<T> build() throws MemoryAllocationException {
        if (ioManager == null) {
            throw new IllegalStateException("ExternalSorter of " + owner + ": no I/O manager (call ioManager(...) on the builder)");
        }
        if (pages == null && memoryManager == null) {
            throw new IllegalStateException("ExternalSorter of " + owner + ": no memory (call memory(memoryManager, numPages) on the builder)");
        }
        int count = pages != null ? pages.size() : numPages;
        if (count < ExternalSorter.MIN_PAGES) {
            throw new IllegalArgumentException("ExternalSorter of " + owner + ": " + count + " memory pages (expected: at least "
                    + ExternalSorter.MIN_PAGES + "; give the operator a larger share of managed memory)");
        }
        return new ExternalSorter<>(this);
    }
}
