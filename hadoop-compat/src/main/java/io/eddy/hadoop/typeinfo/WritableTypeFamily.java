package io.eddy.hadoop.typeinfo;

import io.eddy.api.common.typeinfo.TypeArguments;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.TypeInfoFamily;
import java.lang.reflect.Modifier;
import org.apache.hadoop.io.Writable;

/**
 * Teaches Eddy's type analysis Hadoop's {@link Writable}s (a {@code TypeInfoFamily} service of
 * this module's jar; docs/types.md, "Type extension point"): every concrete class implementing
 * {@code Writable} gets a {@link WritableTypeInfo}, wherever it is used (a record type, a tuple or
 * POJO field, a key). Without this module on the class path such a class would be analysed as a
 * POJO or fall back to Kryo.
 */
public final class WritableTypeFamily implements TypeInfoFamily {

    @Override
    public boolean accepts(Class<?> type) {
        return Writable.class.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> TypeInfo<? extends T> createTypeInfo(Class<T> type, TypeArguments typeArguments) {
        return (TypeInfo<? extends T>) new WritableTypeInfo(type.asSubclass(Writable.class));
    }
}
