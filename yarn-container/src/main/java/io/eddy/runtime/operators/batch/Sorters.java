package io.eddy.runtime.operators.batch;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.operators.sort.ExternalSorterBuilder;
import io.eddy.runtime.operators.sort.RecordCombiner;
import java.util.List;

/** Creates the {@link ExternalSorter}s of the batch drivers over pages the driver owns. */
public final class Sorters {

    /** The fewest pages an external sorter accepts. */
    public static final int MIN_PAGES = 4;

    private Sorters() {}

    /**
     * An external sorter over {@code pages} (lent: the driver releases them), spilling through the
     * task's I/O manager.
     *
     * @param combiner pre-aggregates each sorted run before it spills, or null
     */
    public static <T> ExternalSorter<T> create(BatchOperatorBase<?, ?> driver, TypeSerializer<T> serializer, TypeComparator<T> comparator,
            List<MemorySegment> pages, RecordCombiner<T> combiner) throws MemoryAllocationException {
        ExternalSorterBuilder<T> builder = ExternalSorter.builder(serializer, comparator)
                .memory(pages)
                .ioManager(driver.ioManager())
                .owner(driver.nameWithSubtask());
        if (combiner != null) {
            builder.combiner(combiner);
        }
        return builder.build();
    }
}
