package io.eddy.runtime.tasks;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.iteration.TaskIterationContext;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.operators.DrivesAfterInput;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.TaskEnvironment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Runs a task of a loop (a member of an {@code ITERATION} vertex group, docs/iterations.md) from
 * its opened chain to the loop's end; the task then closes the chain without {@code finish()}.
 *
 * <ul>
 *   <li><b>Body task</b>: a {@link SuperstepInputProcessor} reads its gates superstep after
 *       superstep; the chain is opened once the broadcast variables of the run's first superstep
 *       (1, or the one a resumed loop starts with) are read.
 *   <li><b>Head task</b> (its vertex is the spec's head vertex): reads its gates once (broadcast
 *       gates first, then data gates, as any task, nothing cached), then runs mails until the head
 *       operator's {@link DrivesAfterInput#afterInput()} completes; the head drives the supersteps
 *       through a {@link HeadSuperstepControl}.
 * </ul>
 *
 * Every operator must be {@code SuperstepAware} (checked before anything runs). Task thread only.
 */
final class IterationTaskRunner implements AutoCloseable {

    private final TaskDeployment deployment;
    private final SuperstepCycle cycle;
    /** The head task's control; null in body tasks. */
    private final HeadSuperstepControl headControl;
    private final MailboxProcessor mailboxProcessor;
    private final TaskMailbox mailbox;
    private final List<StaticInputCache> caches = new ArrayList<>();

    private IterationTaskRunner(TaskDeployment deployment, SuperstepCycle cycle, MailboxProcessor mailboxProcessor, TaskMailbox mailbox) {
        this.deployment = deployment;
        this.cycle = cycle;
        this.headControl = deployment.isIterationHead() ? new HeadSuperstepControl(cycle, deployment.taskNameWithSubtask()) : null;
        this.mailboxProcessor = mailboxProcessor;
        this.mailbox = mailbox;
    }

    /** The runner of a task of {@code deployment}'s loop, in the first superstep of its run (1, or where it resumes). */
    static IterationTaskRunner create(TaskDeployment deployment, IterationServices services, MailboxProcessor mailboxProcessor,
            TaskMailbox mailbox) {
        VertexGroup group = deployment.iterationOrNull();
        if (deployment.restoreOrNull() != null) {
            throw new IllegalArgumentException("Task '" + deployment.taskNameWithSubtask() + "' of iteration '" + group.name()
                    + "' was deployed with state to restore, but loops do not restore from checkpoints: restart the job without a"
                    + " savepoint or checkpoint to restore");
        }
        TaskIterationContext context = TaskIterationContext.create(group.iteration(), deployment.taskNameWithSubtask(),
                deployment.userCodeClassLoader(), deployment.iterationResumeOrNull());
        SuperstepCycle cycle = new SuperstepCycle(deployment.taskId(), context, services.gateway());
        return new IterationTaskRunner(deployment, cycle, mailboxProcessor, mailbox);
    }

    TaskIterationContext context() {
        return cycle.context();
    }

    /** The head task's superstep control, or null in a body task. */
    SuperstepControl superstepControl() {
        return headControl;
    }

    /** The master's decision after the superstep that ended (a mail on the task thread). */
    void decided(SuperstepDecision decision) {
        if (headControl == null) {
            throw new IllegalStateException("Bug: task '" + deployment.taskNameWithSubtask() + "' got " + decision
                    + " but is not the head task of iteration '" + deployment.iterationOrNull().name() + "'");
        }
        headControl.decided(decision);
    }

    /**
     * Runs the task until its loop terminated.
     *
     * @return false if the mailbox loop was stopped (the task is cancelled)
     */
    boolean run(OperatorChain chain, TaskInputs inputs, TaskNetworkIo io, TaskEnvironment environment, SerializerConfig serializerConfig)
            throws Exception {
        cycle.bind(chain, io::broadcastEvent);
        return headControl != null ? runHead(chain, inputs, environment) : runBody(chain, io, environment, serializerConfig);
    }

    private boolean runHead(OperatorChain chain, TaskInputs inputs, TaskEnvironment environment) throws Exception {
        for (JobEdge edge : deployment.inputEdges()) {
            if (deployment.isDynamic(edge)) {
                throw new IllegalArgumentException("The head task '" + deployment.taskNameWithSubtask() + "' of iteration '"
                        + deployment.iterationOrNull().name() + "' reads edge " + edge + " from inside its loop: a loop's head reads its"
                        + " initial input and its back channel only");
            }
        }
        if (!(chain.head() instanceof DrivesAfterInput drives)) {
            throw new IllegalArgumentException("Operator '" + chain.headName() + "' (kind '" + chain.headDescriptor().kind().name()
                    + "') heads iteration '" + deployment.iterationOrNull().name() + "' but does not implement DrivesAfterInput: a loop's"
                    + " head operator must drive the supersteps after its initial input");
        }
        if (inputs.hasBroadcastInputs() && !mailboxProcessor.runMailboxLoop(inputs.broadcastReader(environment, mailbox))) {
            return false;
        }
        chain.initializeState(null);
        chain.open();
        if (inputs.hasDataInputs() && !mailboxProcessor.runMailboxLoop(inputs.dataReader(mailbox))) {
            return false;
        }
        CompletableFuture<Void> done;
        try {
            done = drives.afterInput();
        } catch (Exception e) {
            throw OperatorFailureException.wrap(chain.headName(), OperatorFailureException.Phase.RUN, e);
        }
        boolean completed = mailboxProcessor.runMailboxLoop(controller -> {
            if (done.isDone()) {
                controller.allActionsCompleted();
            } else {
                controller.suspendUntil(done);
            }
        });
        if (completed) {
            awaitDone(done, chain.headName());
        }
        return completed;
    }

    private static void awaitDone(CompletableFuture<Void> done, String headName) throws InterruptedException {
        try {
            done.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException c && c.getCause() != null ? c.getCause() : e.getCause();
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.RUN, cause);
        }
    }

    private boolean runBody(OperatorChain chain, TaskNetworkIo io, TaskEnvironment environment, SerializerConfig serializerConfig)
            throws Exception {
        List<LoopGate> gates = loopGates(chain, io, environment, serializerConfig);
        if (gates.stream().noneMatch(g -> g.dynamic)) {
            throw new IllegalArgumentException("Task '" + deployment.taskNameWithSubtask() + "' is a member of iteration '"
                    + deployment.iterationOrNull().name() + "' but reads nothing from inside the loop: the compiler must leave the static"
                    + " parts of a loop body out of the iteration group");
        }
        SuperstepInputProcessor processor = new SuperstepInputProcessor(gates, SuperstepInputs.of(gates, chain), cycle, superstep -> {
            if (cycle.isFirstSuperstep()) {
                chain.initializeState(null);
                chain.open();
            } else {
                cycle.startOperators();
            }
        }, environment.broadcastVariables(), chain.headName(), mailbox).countingIn(io.counters());
        return mailboxProcessor.runMailboxLoop(processor);
    }

    @SuppressWarnings("unchecked")
    private List<LoopGate> loopGates(OperatorChain chain, TaskNetworkIo io, TaskEnvironment environment, SerializerConfig serializerConfig)
            throws MemoryAllocationException {
        List<LoopGate> gates = new ArrayList<>();
        for (int g = 0; g < deployment.inputEdges().size(); g++) {
            JobEdge edge = deployment.inputEdges().get(g);
            boolean dynamic = deployment.isDynamic(edge);
            boolean broadcast = edge.role() == EdgeRole.BROADCAST;
            Input<Object> target = broadcast ? null : (Input<Object>) chain.head().input(edge.targetInput());
            StaticInputCache cache = null;
            if (!dynamic && !broadcast) {
                cache = StaticInputCache.create(edge.recordType(deployment.userCodeClassLoader()).createSerializer(serializerConfig),
                        environment.memoryManager(), environment.ioManager(), StaticInputCache.PAGES,
                        "static gate " + g + " (input " + edge.targetInput() + ") of '" + deployment.taskNameWithSubtask() + "'");
                caches.add(cache);
            }
            StaticInputCache superstepBuffer = null;
            if (edge.superstepBuffered()) {
                superstepBuffer = StaticInputCache.create(edge.recordType(deployment.userCodeClassLoader()).createSerializer(serializerConfig),
                        environment.memoryManager(), environment.ioManager(), StaticInputCache.PAGES,
                        "superstep-buffered gate " + g + " (input " + edge.targetInput() + ") of '" + deployment.taskNameWithSubtask() + "'");
                caches.add(superstepBuffer);
            }
            gates.add(new LoopGate(g, GateInput.of(io.inputs().get(g)), dynamic, broadcast, edge.targetInput(), target, cache, superstepBuffer));
        }
        return gates;
    }

    /** Deletes the static inputs' caches and returns their memory. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (StaticInputCache cache : caches) {
            try {
                cache.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        caches.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
