package io.eddy.runtime.state;

import java.util.Collection;

/**
 * A keyed state whose values of several namespaces can be merged into one (list, reducing and
 * aggregating state), as merging (session) windows need.
 */
public interface InternalMergingState<N> extends InternalKvState<N> {

    /**
     * Merges the current key's values in {@code sources} into {@code target} (adding to what
     * {@code target} holds) and clears them in {@code sources}.
     */
    void mergeNamespaces(N target, Collection<N> sources) throws Exception;
}
