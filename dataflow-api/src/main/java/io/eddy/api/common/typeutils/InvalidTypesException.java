package io.eddy.api.common.typeutils;

/**
 * The type of a value cannot be determined or is not supported, found at plan time. The message
 * names the operator or place and says what to do, usually to add {@code .returns(...)}.
 */
public class InvalidTypesException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InvalidTypesException(String message) {
        super(message);
    }

    public InvalidTypesException(String message, Throwable cause) {
        super(message, cause);
    }
}
