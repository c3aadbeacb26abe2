package io.eddy.runtime.operators.hash;

/**
 * Receives the results of a hash join on the task thread: each matching pair, and for outer joins
 * each unmatched record with null on the other side. The records are fresh objects that the
 * collector may keep.
 */
@FunctionalInterface
public interface MatchCollector<BT, PT> {

    /**
     * @param build the build record, or null for an unmatched probe record of a probe-side outer join
     * @param probe the probe record, or null for an unmatched build record of a build-side outer join
     * @throws Exception what the join function throws; it fails the join, which must then be closed
     */
    void collect(BT build, PT probe) throws Exception;
}
