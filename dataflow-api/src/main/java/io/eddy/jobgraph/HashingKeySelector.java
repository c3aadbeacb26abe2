package io.eddy.jobgraph;

import io.eddy.api.common.functions.KeySelector;

/**
 * A key selector that can also hash a record's key directly, without making a key object. A
 * {@link ShipStrategy#HASH} edge whose selector implements this routes by {@link
 * KeyGroups#keyGroupForHash(int, int) keyGroupForHash(hashKey(record))}, which equals {@link
 * KeyGroups#keyGroupFor(Object, int) keyGroupFor(getKey(record))} by contract: {@code getKey}
 * must return an object whose {@code hashCode()} is {@code hashKey(record)}.
 */
public interface HashingKeySelector<T> extends KeySelector<T, Object> {

    /** The hash of the record's key; equal keys give equal hashes on every input of the exchange. */
    int hashKey(T record);
}
