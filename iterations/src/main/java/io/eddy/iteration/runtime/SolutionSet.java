package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeComparator;
import java.io.IOException;

/**
 * The solution set of one lane of a delta iteration (docs/iterations.md): the records of the
 * lane's hash partition, at most one per key of the iteration. The lane's head fills it from the
 * initial solution set and emits it as the loop's result; solution-set joins look records up by
 * the key of their probe records; the delta tail replaces records (or adds them).
 *
 * <p><b>Keys.</b> A record's key is what the set's key comparator compares; records are hashed
 * with its {@link TypeComparator#hash}, and probes with the probe comparator's, which hashes equal
 * key values of equal field types equally (as the hash exchange that partitions both sides does).
 *
 * <p><b>Copies.</b> The set keeps no reference to a record passed in, and a record it returns is
 * the caller's to keep and change.
 *
 * <p><b>Threads.</b> Head, join and delta tail of one lane are tasks of their own unless chained:
 * every method may be called from any of their threads, and implementations serialize the calls.
 * A superstep's lookups may see records replaced earlier in the same superstep; the protocol puts
 * every replacement of superstep <i>s</i> before every lookup of <i>s + 1</i>.
 *
 * @param <T> the type of the solution set's records
 */
public interface SolutionSet<T> extends AutoCloseable {

    /** Adds {@code record}, replacing the record with the same key if there is one. */
    void upsert(T record) throws IOException;

    /**
     * A lookup by the key of records of another type, whose key fields {@code probeComparator}
     * compares (the same number and types of fields as the set's key). One lookup per probing
     * thread.
     */
    <P> Lookup<P, T> lookup(TypeComparator<P> probeComparator);

    /** The number of records. */
    long size();

    /** Calls {@code consumer} once per record, in no particular order; the set must not change meanwhile. */
    void forEach(RecordConsumer<T> consumer) throws Exception;

    /** Releases the set's memory and files; the set is unusable afterwards. Idempotent. */
    @Override
    void close() throws IOException;

    /** Finds records by the key of a probe record. */
    interface Lookup<P, T> {
        /** The record whose key equals {@code probe}'s, or null. */
        T find(P probe) throws IOException;
    }

    /** Receives records. */
    @FunctionalInterface
    interface RecordConsumer<T> {
        void accept(T record) throws Exception;
    }
}
