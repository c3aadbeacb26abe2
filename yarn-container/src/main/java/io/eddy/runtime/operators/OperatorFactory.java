package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Creates the runtime operator for a descriptor by its kind, from the {@link OperatorProvider}s on the class path. */
public final class OperatorFactory {

    private final Map<String, OperatorProvider.Creator> creators;

    private OperatorFactory(Map<String, OperatorProvider.Creator> creators) {
        this.creators = Map.copyOf(creators);
    }

    /**
     * A factory with the providers {@link ServiceLoader} finds through {@code classLoader} (the
     * job's user-code class loader, so job jars may add kinds).
     *
     * @throws IllegalStateException if two providers claim the same kind
     */
    public static OperatorFactory load(ClassLoader classLoader) {
        Map<String, OperatorProvider.Creator> creators = new HashMap<>();
        Map<String, String> providerOfKind = new HashMap<>();
        for (OperatorProvider provider : ServiceLoader.load(OperatorProvider.class, classLoader)) {
            for (Map.Entry<String, OperatorProvider.Creator> e : provider.operators().entrySet()) {
                String previous = providerOfKind.putIfAbsent(e.getKey(), provider.getClass().getName());
                if (previous != null && !previous.equals(provider.getClass().getName())) {
                    throw new IllegalStateException("Operator kind '" + e.getKey() + "' is provided by both " + previous + " and "
                            + provider.getClass().getName() + ": remove one of them from the class path");
                }
                creators.put(e.getKey(), e.getValue());
            }
        }
        return new OperatorFactory(creators);
    }

    /** A factory with exactly the given providers (for tests). */
    public static OperatorFactory of(OperatorProvider... providers) {
        Map<String, OperatorProvider.Creator> creators = new HashMap<>();
        for (OperatorProvider provider : providers) {
            creators.putAll(provider.operators());
        }
        return new OperatorFactory(creators);
    }

    /**
     * The runtime operator of {@code descriptor}, not yet set up.
     *
     * @param operatorName the operator's name, for the error message
     * @throws IllegalArgumentException if no provider implements the descriptor's kind
     */
    public StreamOperator<?> create(OperatorDescriptor descriptor, String operatorName) {
        OperatorProvider.Creator creator = creators.get(descriptor.kind());
        if (creator == null) {
            throw new IllegalArgumentException("No runtime operator for kind '" + descriptor.kind() + "' of operator '" + operatorName
                    + "' (known kinds: " + new TreeSet<>(creators.keySet()) + "). Is the module that implements it (an "
                    + OperatorProvider.class.getName() + " listed in META-INF/services) on the worker's class path?");
        }
        return creator.create(descriptor);
    }

    /** Whether some provider implements {@code kind}. */
    public boolean supports(String kind) {
        return creators.containsKey(kind);
    }
}
