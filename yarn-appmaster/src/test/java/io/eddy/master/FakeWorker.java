package io.eddy.master;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.tasks.TaskId;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A worker gateway that records what the master asks and runs nothing: tests play the tasks' part. Thread-safe. */
public final class FakeWorker implements WorkerGateway {

    public final WorkerRegistration registration;
    public final BlockingQueue<JobId> prepared = new LinkedBlockingQueue<>();
    public final BlockingQueue<TaskDeploymentSpec> deployed = new LinkedBlockingQueue<>();
    public final BlockingQueue<TaskId> cancelled = new LinkedBlockingQueue<>();
    public final BlockingQueue<JobId> released = new LinkedBlockingQueue<>();
    public final BlockingQueue<Decision> decisions = new LinkedBlockingQueue<>();

    /** A superstep decision the master sent to head task {@code head}. */
    public record Decision(TaskId head, SuperstepDecision decision) {}

    public FakeWorker(String id, int slots, int port) {
        this.registration = new WorkerRegistration(new WorkerId(id), slots, new InetSocketAddress("127.0.0.1", port), "127.0.0.1", 42);
    }

    @Override
    public CompletableFuture<Void> prepareJob(JobArtifacts artifacts) {
        prepared.add(artifacts.job());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> deployTask(TaskDeploymentSpec spec) {
        deployed.add(spec);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void cancelTask(TaskId task) {
        cancelled.add(task);
    }

    @Override
    public void releaseJob(JobId job) {
        released.add(job);
    }

    @Override
    public void superstepDecision(TaskId headTask, SuperstepDecision decision) {
        decisions.add(new Decision(headTask, decision));
    }

    /** Waits for {@code n} superstep decisions. */
    public List<Decision> awaitDecisions(int n) throws InterruptedException {
        return take(decisions, n);
    }

    /** Waits for {@code n} deployments. */
    public List<TaskDeploymentSpec> awaitDeployments(int n) throws InterruptedException {
        return take(deployed, n);
    }

    public List<TaskId> awaitCancellations(int n) throws InterruptedException {
        return take(cancelled, n);
    }

    static <T> List<T> take(BlockingQueue<T> queue, int n) throws InterruptedException {
        List<T> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            T item = queue.poll(10, TimeUnit.SECONDS);
            if (item == null) {
                throw new AssertionError("expected " + n + " items, got " + items);
            }
            items.add(item);
        }
        return items;
    }
}
