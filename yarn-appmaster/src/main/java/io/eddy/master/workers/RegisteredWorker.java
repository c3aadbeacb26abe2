package io.eddy.master.workers;

import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;

/**
 * A worker as the master knows it: its registration, how to reach it, and its free slots. Owned by
 * the master's main thread.
 */
public final class RegisteredWorker {

    private final WorkerRegistration registration;
    private final WorkerGateway gateway;
    /** Owned by the master's main thread. */
    private int freeSlots;
    /** Owned by the master's main thread. */
    private boolean lost;

    RegisteredWorker(WorkerRegistration registration, WorkerGateway gateway) {
        this.registration = registration;
        this.gateway = gateway;
        this.freeSlots = registration.slots();
    }

    public WorkerId id() {
        return registration.id();
    }

    public WorkerRegistration registration() {
        return registration;
    }

    public WorkerGateway gateway() {
        return gateway;
    }

    public int freeSlots() {
        return freeSlots;
    }

    public boolean isLost() {
        return lost;
    }

    void markLost() {
        lost = true;
    }

    void take(int slots) {
        if (slots > freeSlots) {
            throw new IllegalStateException("Bug: taking " + slots + " slots of worker " + id() + ", which has " + freeSlots + " free");
        }
        freeSlots -= slots;
    }

    void give(int slots) {
        freeSlots = Math.min(registration.slots(), freeSlots + slots);
    }

    /** {@code worker-1 (127.0.0.1)}: how failure summaries name the worker. */
    public String describeShort() {
        return registration.id() + " (" + registration.host() + ")";
    }

    @Override
    public String toString() {
        return registration.describe();
    }
}
