package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.MemberAccessor;

/**
 * Reads and writes one (possibly nested) field of a record and knows the field's type, resolved
 * once at plan time; never looks the field up by reflection per record. Create with {@link
 * FieldAccessors}.
 *
 * <p>Stateless after creation and safe to share between threads.
 *
 * @param <T> the type of the record
 * @param <F> the type of the field
 */
public interface FieldAccessor<T, F> extends MemberAccessor<T, F> {

    /** The type of the field. */
    TypeInfo<F> getFieldType();
}
