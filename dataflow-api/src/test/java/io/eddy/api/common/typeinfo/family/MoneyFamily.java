package io.eddy.api.common.typeinfo.family;

import io.eddy.api.common.typeinfo.TypeArguments;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.TypeInfoFamily;

/**
 * The test type family of {@link Money}, registered in the test resources'
 * {@code META-INF/services/io.eddy.api.common.typeinfo.TypeInfoFamily}.
 */
public final class MoneyFamily implements TypeInfoFamily {

    @Override
    public boolean accepts(Class<?> type) {
        return type == Money.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeInfo<? extends T> createTypeInfo(Class<T> type, TypeArguments typeArguments) {
        return (TypeInfo<T>) MoneyTypeInfo.INSTANCE;
    }
}
