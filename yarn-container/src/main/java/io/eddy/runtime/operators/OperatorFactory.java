package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * Creates the runtime operator of a descriptor by the class of its kind, from the {@link
 * OperatorProvider}s registered with it. Immutable once built; shared by the tasks of a worker.
 */
public final class OperatorFactory {

    /** One registration: the kind class, its creator, and the provider that registered it (for errors). */
    private record Registration<K extends OperatorKind>(Class<K> kind, OperatorRegistry.Creator<? super K> creator, String provider) {
        StreamOperator<?> create(OperatorDescriptor descriptor) {
            return creator.create(descriptor, kind.cast(descriptor.kind()));
        }
    }

    private final Map<Class<?>, Registration<?>> registrations;

    private OperatorFactory(Map<Class<?>, Registration<?>> registrations) {
        this.registrations = Map.copyOf(registrations);
    }

    /**
     * A factory with the providers {@link ServiceLoader} finds through {@code classLoader} (the
     * job's user-code class loader, so job jars may add kinds).
     *
     * @throws IllegalStateException if two providers register the same kind
     */
    public static OperatorFactory load(ClassLoader classLoader) {
        Collector collector = new Collector();
        for (OperatorProvider provider : ServiceLoader.load(OperatorProvider.class, classLoader)) {
            collector.collect(provider);
        }
        return new OperatorFactory(collector.registrations);
    }

    /** A factory with exactly the given providers. */
    public static OperatorFactory of(OperatorProvider... providers) {
        Collector collector = new Collector();
        for (OperatorProvider provider : providers) {
            collector.collect(provider);
        }
        return new OperatorFactory(collector.registrations);
    }

    /**
     * The runtime operator of {@code descriptor}, not yet set up.
     *
     * @param operatorName the operator's name, for the error message
     * @throws IllegalArgumentException if no provider implements the descriptor's kind
     */
    public StreamOperator<?> create(OperatorDescriptor descriptor, String operatorName) {
        Registration<?> registration = registrations.get(descriptor.kind().getClass());
        if (registration == null) {
            TreeSet<String> known = new TreeSet<>();
            registrations.keySet().forEach(c -> known.add(c.getName()));
            throw new IllegalArgumentException("No runtime operator for the kind '" + descriptor.kind().name() + "' ("
                    + descriptor.kind().getClass().getName() + ") of operator '" + operatorName + "' (known kinds: " + known
                    + "). Is the module that implements it (an " + OperatorProvider.class.getName()
                    + " listed in META-INF/services) on the worker's class path?");
        }
        return registration.create(descriptor);
    }

    /** Whether some provider implements kinds of class {@code kind}. */
    public boolean supports(Class<? extends OperatorKind> kind) {
        return registrations.containsKey(kind);
    }

    /** Gathers the registrations of providers, refusing a kind registered twice. */
    private static final class Collector implements OperatorRegistry {
        private final Map<Class<?>, Registration<?>> registrations = new HashMap<>();
        private String provider;

        void collect(OperatorProvider next) {
            provider = next.getClass().getName();
            next.register(this);
        }

        @Override
        public <K extends OperatorKind> void add(Class<K> kind, Creator<? super K> creator) {
            Registration<?> previous = registrations.putIfAbsent(kind, new Registration<>(kind, creator, provider));
            if (previous != null) {
                throw new IllegalStateException("The operator kind " + kind.getName() + " is provided by both " + previous.provider() + " and "
                        + provider + ": remove one of them from the class path");
            }
        }
    }
}
