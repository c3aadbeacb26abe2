package io.eddy.api.common.state;

/**
 * Operator state: lists of values per parallel instance, not scoped to a key. On restore with a
 * different parallelism, {@link #getListState} lists are split: the elements of all old instances'
 * lists are dealt out round-robin over the new instances; {@link #getUnionListState} lists are
 * unioned: every new instance gets all elements of all old instances.
 */
public interface OperatorStateStore {

    /** A list state that is split among instances on rescaling. The same name twice gives the same state. */
    <S> ListState<S> getListState(ListStateDescriptor<S> descriptor) throws Exception;

    /** A list state that every instance gets whole (all instances' elements) on restore. */
    <S> ListState<S> getUnionListState(ListStateDescriptor<S> descriptor) throws Exception;
}
