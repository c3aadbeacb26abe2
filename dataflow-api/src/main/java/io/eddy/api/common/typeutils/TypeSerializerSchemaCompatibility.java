package io.eddy.api.common.typeutils;

/** Whether a new serializer can read what an old one wrote. */
public enum TypeSerializerSchemaCompatibility {
    /** The new serializer reads the old data as it is. */
    COMPATIBLE_AS_IS,
    /** The old data must be read with the restored serializer and rewritten with the new one. */
    COMPATIBLE_AFTER_MIGRATION,
    /** The data cannot be carried over; restoring must fail with a clear error. */
    INCOMPATIBLE
}
