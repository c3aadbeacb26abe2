package io.eddy.testkit.deployment;

import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts a deployment once for the test class that registers it and stops it after that class,
 * also when {@code @Nested} suite classes inherit the registration (JUnit calls {@code beforeAll}
 * and {@code afterAll} of inherited extensions for every nested class too): all of them share the
 * one cluster, whose start is what costs.
 */
abstract class ClassScopedDeployment implements TestDeployment {

    /** The class whose {@code beforeAll} started the deployment; the test thread only. */
    private Class<?> owner;

    @Override
    public final void beforeAll(ExtensionContext context) throws Exception {
        if (owner != null) {
            return;
        }
        owner = context.getRequiredTestClass();
        start(context);
    }

    @Override
    public final void afterAll(ExtensionContext context) throws Exception {
        if (context.getRequiredTestClass() != owner) {
            return;
        }
        owner = null;
        stop(context);
    }

    /** Starts the deployment for the test class of {@code context}; on failure leaves nothing running. */
    abstract void start(ExtensionContext context) throws Exception;

    /** Stops everything {@link #start} started. */
    abstract void stop(ExtensionContext context) throws Exception;
}
