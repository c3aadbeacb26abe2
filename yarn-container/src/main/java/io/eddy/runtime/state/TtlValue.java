package io.eddy.runtime.state;

/**
 * A value of a state with time to live, with the processing time it was last written (or read,
 * with update-on-read). Immutable; a state with TTL keeps these in its table instead of the values.
 */
record TtlValue<V>(V value, long lastAccess) {

    boolean isExpired(long ttlMillis, long now) {
        return now - lastAccess >= ttlMillis;
    }
}
