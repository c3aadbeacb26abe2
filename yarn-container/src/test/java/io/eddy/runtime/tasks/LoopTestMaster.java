package io.eddy.runtime.tasks;

import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A plain in-process stand-in for the master's superstep coordinator (which lives in another
 * module): collects the superstep reports of a loop's tasks, sums their aggregates by name (the
 * tests register long sums only), and once every task reported a superstep hands the decision to
 * the head tasks: terminate after {@code maxIterations}, else continue. Any thread.
 */
final class LoopTestMaster implements IterationGateway {

    private final int tasks;
    private final int maxIterations;
    private final List<Task> heads = new ArrayList<>();
    private final Map<Integer, List<TaskId>> reports = new HashMap<>();
    private final Map<Integer, HashMap<String, Serializable>> combined = new HashMap<>();

    LoopTestMaster(int tasks, int maxIterations) {
        this.tasks = tasks;
        this.maxIterations = maxIterations;
    }

    synchronized void addHead(Task head) {
        heads.add(head);
    }

    @Override
    public void superstepDone(TaskId task, int superstep, byte[] aggregatesBytes) {
        SuperstepDecision decision;
        List<Task> to;
        synchronized (this) {
            Map<String, Serializable> aggregates = InstantiationUtil.deserialize(aggregatesBytes, getClass().getClassLoader(), "aggregates");
            HashMap<String, Serializable> sums = combined.computeIfAbsent(superstep, s -> new HashMap<>());
            aggregates.forEach((name, value) -> sums.merge(name, value, (a, b) -> (Long) a + (Long) b));
            List<TaskId> reported = reports.computeIfAbsent(superstep, s -> new ArrayList<>());
            reported.add(task);
            if (reported.size() < tasks) {
                return;
            }
            boolean last = superstep >= maxIterations;
            decision = new SuperstepDecision(superstep, last, last ? "maximum of " + maxIterations + " supersteps" : "go on",
                    InstantiationUtil.serialize(sums, "combined aggregates"));
            to = List.copyOf(heads);
        }
        to.forEach(head -> head.superstepDecision(decision));
    }

    /** The tasks that reported each superstep. */
    synchronized Map<Integer, List<TaskId>> reports() {
        return Map.copyOf(reports);
    }
}
