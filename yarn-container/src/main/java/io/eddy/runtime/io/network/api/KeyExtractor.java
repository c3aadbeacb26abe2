package io.eddy.runtime.io.network.api;

/** Extracts the key a record is partitioned by (typically wraps the edge's {@code KeySelector}). */
@FunctionalInterface
public interface KeyExtractor<T> {

    Object keyOf(T record) throws Exception;
}
