package io.eddy.master.workers;

import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The registered workers and their free slots, and the slot allocation policy: lanes are spread
 * over the workers, each next lane going to the worker with the most free slots (ties: the worker
 * registered first), so a job of parallelism 2 on two workers has one lane on each.
 *
 * <p>Owned by the master's main thread; not thread-safe.
 */
public final class WorkerRegistry {

    private final Map<WorkerId, RegisteredWorker> workers = new LinkedHashMap<>();

    /**
     * Adds a worker.
     *
     * @throws IllegalStateException if a worker with the same id is registered already
     */
    public RegisteredWorker register(WorkerRegistration registration, WorkerGateway gateway) {
        RegisteredWorker existing = workers.get(registration.id());
        if (existing != null) {
            throw new IllegalStateException("A worker with id " + registration.id() + " is registered already (" + existing
                    + "); worker ids must be unique within a cluster: give the new worker another id");
        }
        RegisteredWorker worker = new RegisteredWorker(registration, gateway);
        workers.put(registration.id(), worker);
        return worker;
    }

    /** Removes a worker and marks it lost; null if it was not registered. */
    public RegisteredWorker remove(WorkerId id) {
        RegisteredWorker worker = workers.remove(id);
        if (worker != null) {
            worker.markLost();
        }
        return worker;
    }

    public RegisteredWorker get(WorkerId id) {
        return workers.get(id);
    }

    public Collection<RegisteredWorker> workers() {
        return workers.values();
    }

    public int totalSlots() {
        return workers.values().stream().mapToInt(w -> w.registration().slots()).sum();
    }

    public int freeSlots() {
        return workers.values().stream().mapToInt(RegisteredWorker::freeSlots).sum();
    }

    /** Takes {@code lanes} slots, spread over the workers; null if fewer are free. */
    public SlotAssignment allocate(int lanes) {
        if (lanes > freeSlots()) {
            return null;
        }
        List<RegisteredWorker> assigned = new ArrayList<>(lanes);
        for (int i = 0; i < lanes; i++) {
            RegisteredWorker best = null;
            for (RegisteredWorker w : workers.values()) {
                if (w.freeSlots() > 0 && (best == null || w.freeSlots() > best.freeSlots())) {
                    best = w;
                }
            }
            best.take(1);
            assigned.add(best);
        }
        return new SlotAssignment(assigned);
    }

    /** Gives back the slots of an assignment; slots of workers lost meanwhile are dropped. */
    public void release(SlotAssignment assignment) {
        for (Map.Entry<RegisteredWorker, Integer> e : assignment.lanesPerWorker().entrySet()) {
            if (!e.getKey().isLost()) {
                e.getKey().give(e.getValue());
            }
        }
    }

    /**
     * Why {@code needed} slots cannot be had, followed by {@code advice} (what the cluster's {@link
     * WorkerSupply} suggests), e.g. {@code Job needs 4 slots but the cluster has 2 (2 workers x 1
     * slot): start more workers or lower the parallelism}.
     */
    public String describeShortage(int needed, String advice) {
        int total = totalSlots();
        String shape = describeShape();
        if (needed > total) {
            return "Job needs " + needed + " slots but the cluster has " + total + " " + shape + ": " + advice;
        }
        return "Job needs " + needed + " slots but only " + freeSlots() + " of the cluster's " + total + " slots " + shape
                + " are free: wait for other jobs to end, or " + advice;
    }

    private String describeShape() {
        int n = workers.size();
        if (n == 0) {
            return "(no workers registered)";
        }
        List<Integer> slots = workers.values().stream().map(w -> w.registration().slots()).distinct().toList();
        if (slots.size() == 1) {
            int s = slots.get(0);
            return "(" + n + (n == 1 ? " worker" : " workers") + " x " + s + (s == 1 ? " slot" : " slots") + ")";
        }
        return "(" + n + " workers with " + workers.values().stream().map(w -> String.valueOf(w.registration().slots()))
                .collect(Collectors.joining("+")) + " slots)";
    }
}
