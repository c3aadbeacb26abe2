package io.eddy.api.common.typeutils;

import java.io.Serializable;

/**
 * Reads and writes one field of a value, resolved once when created; never looks the field up by
 * reflection per record. Serializers and comparators use it; the typed {@code FieldAccessor} of
 * {@code io.eddy.api.common.typeinfo} adds the field's type for the API.
 *
 * <p>Stateless after creation and safe to share between threads.
 *
 * @param <T> the type of the value holding the field
 * @param <F> the type of the field
 */
public interface MemberAccessor<T, F> extends Serializable {

    /** The field's value in {@code record}. */
    F get(T record);

    /**
     * Sets the field of {@code record} to {@code value} and returns the record: the same object for
     * mutable types (tuples, POJOs), a new one for immutable types (records, and the value itself for
     * basic types).
     */
    T set(T record, F value);
}
