package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;

/** The {@link SolutionSet} contract on the heap implementation. */
class HeapSolutionSetTest extends SolutionSetContractTest {

    @Override
    protected <T> SolutionSet<T> create(String name, TypeSerializer<T> serializer, TypeComparator<T> keys) {
        return new HeapSolutionSet<>(name, serializer, keys);
    }
}
