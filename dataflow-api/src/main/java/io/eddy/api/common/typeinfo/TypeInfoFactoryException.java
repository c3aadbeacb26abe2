package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;

/**
 * A {@link TypeInfoFactory} or {@link TypeInfoFamily} failed, or two families claim one class.
 * Unlike other {@link InvalidTypesException}s it is never answered by falling back to generic
 * (Kryo) serialization: the message names the class, the factory and what to do.
 */
public class TypeInfoFactoryException extends InvalidTypesException {

    private static final long serialVersionUID = 1L;

    public TypeInfoFactoryException(String message) {
        super(message);
    }

    public TypeInfoFactoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
