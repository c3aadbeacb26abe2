package io.eddy.runtime.operators.sort;

import java.util.Iterator;
import java.util.function.Consumer;

/**
 * Pre-aggregates a group of records with equal keys, as a combinable reduce does, so that a
 * combining {@link ExternalSorter} spills fewer bytes. The sorter calls it for every group of
 * every sorted buffer before spilling that buffer, and for every group of an intermediate merge.
 * The result is only partly combined (a key may still appear once per run, and records that
 * never spilled are not combined), so a reduce over the final sorted groups is still needed.
 *
 * <p>Called on the thread that spills (the task thread of the sorter's owner).
 */
@FunctionalInterface
public interface RecordCombiner<T> {

    /**
     * Combines the records of {@code groupOfEqualKeys} (one key, at least one record) and emits the
     * result records, all with that same key, to {@code out}.
     */
    void combine(Iterator<T> groupOfEqualKeys, Consumer<T> out) throws Exception;
}
