package io.eddy.api.common.typeutils;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;

/**
 * Reads and writes one (possibly nested) field of a record, resolved once at plan time; never
 * looks the field up by reflection per record. Create with {@link FieldAccessors}.
 *
 * <p>Stateless after creation and safe to share between threads.
 *
 * @param <T> the type of the record
 * @param <F> the type of the field
 */
public interface FieldAccessor<T, F> extends Serializable {

    /** The field's value in {@code record}. */
    F get(T record);

    /**
     * Sets the field of {@code record} to {@code value} and returns the record: the same object for
     * mutable types (tuples, POJOs), a new one for immutable types (records, and the value itself for
     * basic types).
     */
    T set(T record, F value);

    /** The type of the field. */
    TypeInfo<F> getFieldType();
}
