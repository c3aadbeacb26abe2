package io.eddy.api.common.functions;

/**
 * Extracts the key of a value. The key must be deterministic (the same value always has the same
 * key) and hashed by value ({@code hashCode} and {@code equals} of the key type).
 */
@FunctionalInterface
public interface KeySelector<IN, KEY> extends Function {
    KEY getKey(IN value) throws Exception;
}
