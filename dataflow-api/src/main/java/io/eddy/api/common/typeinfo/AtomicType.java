package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;

/**
 * A type whose values are keys as a whole (basic types, {@code String}, enums, some arrays): it
 * creates a comparator over the entire value.
 */
public interface AtomicType<T> {

    /**
     * A comparator over whole values.
     *
     * @throws InvalidTypesException if values of this type cannot be compared (see {@link TypeInfo#isKeyType()})
     */
    TypeComparator<T> createComparator(boolean ascending, SerializerConfig config);
}
