package io.eddy.runtime.state;

/**
 * The entry key of a state with namespaces (e.g. windows): the key and the namespace together.
 * States in the {@link VoidNamespace} use the key alone.
 */
record NamespacedKey(Object key, Object namespace) {}
