package io.eddy.jobgraph;

import java.io.Serializable;

/**
 * Which runtime operator implements an operator, with that operator's typed parameters: one record
 * type per operator kind ({@link OperatorKinds} for the streaming kinds, {@link BatchKinds} for the
 * batch drivers; a module adds its own). The compiler writes the record into the {@link
 * OperatorDescriptor}; a worker finds the runtime operator by the record's class in the operator
 * registry, which hands the creator the record as its own type.
 *
 * <p>Implementations are immutable, serializable values; their parameters may hold user objects
 * (formats, watermark strategies), so they are deserialized only with the job's class loader.
 */
public interface OperatorKind extends Serializable {

    /**
     * The kind's stable short name ({@code "map"}, {@code "join"}): shown in plans, vertex names and
     * errors, and part of derived operator uids, so it must not change between versions.
     */
    String name();
}
