package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;

/**
 * Creates the type information of a class annotated with {@link TypeInfoFrom @TypeInfoFrom}.
 *
 * <p>Contract: a public class with a public no-argument constructor (an instance is created for
 * each analysis). {@link #createTypeInfo} returns a non-null {@link TypeInfo} whose {@link
 * TypeInfo#getTypeClass()} is {@code type} or a superclass of it. It throws {@link
 * InvalidTypesException} when a type argument it needs cannot be determined ({@link
 * TypeArguments#get}); any other exception is a failure of the factory and fails the analysis
 * with a {@link TypeInfoFactoryException}.
 *
 * @param <T> the annotated class
 */
public interface TypeInfoFactory<T> {

    /**
     * The type information of {@code type}.
     *
     * @param typeArguments the type information of {@code type}'s type parameters as bound where
     *     the class is used (e.g. {@code Long} for a field {@code GraphId<Long>}); empty for a class
     *     without type parameters
     */
    TypeInfo<? extends T> createTypeInfo(Class<T> type, TypeArguments typeArguments);
}
