package io.eddy.runtime.tasks;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.connector.source.InputStatus;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.runtime.io.disk.SpillAccount;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.partition.ProducerFailedException;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.LaneInputHead;
import io.eddy.runtime.operators.OperatorFactory;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.SourceHead;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.operators.streaming.ReaderSourceOperator;
import io.eddy.runtime.operators.streaming.SourceOperator;
import io.eddy.util.InstantiationUtil;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One subtask of a job vertex, running its operator chain on its own thread.
 *
 * <pre>
 *  CREATED --start()--> RUNNING: set up network I/O and the chain, listener.running, open (tail first)
 *                          |
 *                          v
 *                  mailbox loop: mails | input records and barriers (or wait for the source thread)
 *                          |                     \ exception / cancel()
 *          end of all input (or source returned)   \
 *                          v                         v
 *      finish operators head first, close them,    close opened operators (their failures suppressed),
 *      end partitions  --> FINISHED                fail + release partitions --> FAILED / CANCELED
 * </pre>
 *
 * <p>Exactly one of {@link TaskListener#finished} and {@link TaskListener#failed} is called, from
 * the task thread, before {@link #terminationFuture()} completes. A cancelled task reports
 * {@code failed} with a {@link CancellationException} and terminates as {@link
 * TaskExecutionState#CANCELED}; cancelling a task that was never started ends it at once, calling
 * the listener from the cancelling thread.
 *
 * <p><b>Sources.</b> A streaming source head ({@link SourceOperator}) runs on its own source thread
 * ({@link SourceThread}); the task thread runs the mailbox meanwhile, and every mail holds the
 * checkpoint lock, which the source context also takes around each emission. A batch source head
 * runs on the task thread and runs pending mails between its records.
 *
 * <p><b>Loops</b> (docs/iterations.md): a task whose vertex is in an iteration group runs through
 * an {@link IterationTaskRunner} from its set-up to the loop's end: superstep after superstep,
 * without {@code finish()} and without checkpoint barriers.
 *
 * <p><b>Checkpoints</b> (docs/checkpointing.md): {@link #triggerCheckpoint} at sources, barriers
 * from the inputs otherwise ({@link CheckpointBarrierHandler}), snapshots by {@link
 * TaskCheckpointer}; notifications as mails. Before {@code open()} every operator gets its restored
 * state ({@link TaskDeployment#restoreOrNull()}).
 *
 * <p>Thread ownership: the task thread owns the chain, the mailbox loop and the network I/O.
 * {@link #cancel()} and {@link #terminationFuture()} may be called from any thread; {@code state}
 * is guarded by {@code lock}.
 */
public final class Task {

    private static final Logger LOG = LoggerFactory.getLogger(Task.class);
    /** How long cleanup waits for a cancelled source thread to return before closing the chain anyway. */
    private static final long SOURCE_STOP_TIMEOUT_MILLIS = 30_000;

    private final TaskDeployment deployment;
    private final TaskServices services;
    private final TaskId id;
    private final TaskIoCounters counters = new TaskIoCounters();
    private final String nameWithSubtask;
    private final Thread thread;
    private final TaskMailbox mailbox;
    private final MailboxProcessor mailboxProcessor;
    private final CompletableFuture<TaskExecutionState> terminationFuture = new CompletableFuture<>();
    private final Object lock = new Object();

    // Guarded by lock.
    private TaskExecutionState state = TaskExecutionState.CREATED;
    // Guarded by lock: whether cancel() may interrupt the task thread (true while user code or network I/O runs).
    private boolean interruptible;
    private volatile boolean cancelRequested;
    // Set by the task thread once the chain is built, so that cancel() can stop a running source.
    private volatile SourceHead source;
    /** Whether the head is a streaming source (a source thread's or a reader's): it takes checkpoint triggers. Task thread. */
    private boolean streamingSource;
    /** Whether the head reads a lane input (a streaming loop's head): it takes triggers once its network input ended. Task thread. */
    private boolean loopHead;
    // Set by the task thread for a streaming source head, so that cancel() can interrupt the source thread.
    private volatile SourceThread sourceThread;
    /** A source task's checkpoint lock: held by every mail and around every emission of the source thread. */
    private final Object checkpointLock = new Object();
    /** Task thread (set before the main mailbox loop; read by checkpoint mails). */
    private TaskCheckpointer checkpointer;
    /** Task thread: runs a loop's task (docs/iterations.md); null outside loops. Read by decision mails. */
    private IterationTaskRunner iteration;

    public Task(TaskDeployment deployment, TaskServices services) {
        this.deployment = Objects.requireNonNull(deployment, "deployment");
        this.services = Objects.requireNonNull(services, "services");
        this.id = deployment.taskId();
        this.nameWithSubtask = deployment.taskNameWithSubtask();
        this.mailbox = new TaskMailbox(nameWithSubtask);
        this.mailboxProcessor = new MailboxProcessor(mailbox);
        this.thread = new Thread(this::run, nameWithSubtask + " [" + id + "]");
        // User code (Kryo, ServiceLoader, logging frameworks) looks classes up through the context class loader.
        this.thread.setContextClassLoader(deployment.userCodeClassLoader());
    }

    /** The task's record counts, readable from any thread while it runs and after. */
    public TaskIoCounters ioCounters() {
        return counters;
    }

    public TaskId id() {
        return id;
    }

    /** The task name with the subtask, e.g. {@code "Source -> Map (2/4)"}. */
    public String nameWithSubtask() {
        return nameWithSubtask;
    }

    /** Queues actions for the task thread. */
    public MailboxExecutor mailboxExecutor() {
        return mailboxProcessor.executor();
    }

    /** The current state. Any thread. */
    public TaskExecutionState state() {
        synchronized (lock) {
            return state;
        }
    }

    /**
     * Starts the task thread.
     *
     * @throws IllegalStateException if the task was started before
     */
    public void start() {
        synchronized (lock) {
            if (state == TaskExecutionState.CANCELED) {
                return;
            }
            if (state != TaskExecutionState.CREATED) {
                throw new IllegalStateException("Task " + id + " ('" + nameWithSubtask + "') was already started (state " + state + ")");
            }
            state = TaskExecutionState.RUNNING;
            interruptible = true;
        }
        thread.start();
    }

    /**
     * Cancels the task: asks a running source to stop, stops the mailbox loop and interrupts the
     * task thread so that it wakes from waiting for input, for network buffers or in user code.
     * The task then ends as {@link TaskExecutionState#CANCELED} (unless it had already ended).
     * Any thread; idempotent; does not wait.
     */
    public void cancel() {
        boolean neverStarted;
        synchronized (lock) {
            if (state.isTerminal()) {
                return;
            }
            cancelRequested = true;
            neverStarted = state == TaskExecutionState.CREATED;
            if (neverStarted) {
                state = TaskExecutionState.CANCELED;
            }
        }
        if (neverStarted) {
            notifyTerminal(TaskExecutionState.CANCELED, cancellation(), null);
            return;
        }
        LOG.info("Cancelling task {} ({}, job {})", nameWithSubtask, id, id.job());
        SourceHead runningSource = source;
        if (runningSource != null) {
            try {
                runningSource.cancel();
            } catch (RuntimeException e) {
                LOG.warn("The source of task {} ({}, job {}) failed in cancel(); interrupting it", nameWithSubtask, id, id.job(), e);
            }
        }
        mailboxProcessor.stop();
        SourceThread runningSourceThread = sourceThread;
        if (runningSourceThread != null) {
            runningSourceThread.interrupt();
        }
        synchronized (lock) {
            if (interruptible) {
                thread.interrupt();
            }
        }
    }

    /** Completes with the final state (FINISHED, FAILED or CANCELED) once the task thread has cleaned up. */
    public CompletableFuture<TaskExecutionState> terminationFuture() {
        return terminationFuture;
    }

    private void run() {
        TaskNetworkIo io = null;
        OperatorChain chain = null;
        TimerHolder timers = new TimerHolder();
        SpillAccount.bind(counters.spillAccount());
        try {
            checkCancelled();
            ClassLoader cl = deployment.userCodeClassLoader();
            SerializerConfig serializerConfig = InstantiationUtil.deserialize(deployment.serializerConfigBytes(), cl,
                    "the serializer config of job '" + deployment.jobName() + "'");
            io = TaskNetworkIo.create(deployment, services.network(), serializerConfig, counters);
            timers.service = new MailboxTimerService(mailboxProcessor.executor(), nameWithSubtask);
            if (deployment.inIteration()) {
                iteration = IterationTaskRunner.create(deployment, services.iterations(), mailboxProcessor, mailbox);
            }
            TaskEnvironment environment = environment(serializerConfig, timers.service);
            chain = OperatorChain.build(deployment.vertex(), environment, OperatorFactory.load(cl), io.outputs(), counters);
            source = chain.sourceHead();
            TaskNetworkIo networkIo = io;
            checkpointer = new TaskCheckpointer(id, nameWithSubtask, chain, networkIo::broadcastEvent, services.checkpoints(),
                    deployment.settings());
            services.listener().running(id);
            TaskInputs inputs = TaskInputs.of(deployment.inputEdges(), io.inputs(), chain, deployment.isIterationHead(), counters);
            if (iteration != null) {
                // A loop's task: supersteps until the loop ended; everything was emitted at superstep ends, so no finish().
                if (!iteration.run(chain, inputs, io, environment, serializerConfig) || cancelRequested) {
                    throw cancellation();
                }
            } else {
                runToEndOfInput(chain, inputs, environment);
                chain.finish();
            }
            chain.close();
            closeIteration();
            timers.service.shutdown();
            enterPointOfNoReturn();
            io.finishOutputs();
            io.closeInputs();
            closeMailbox();
            transition(TaskExecutionState.FINISHED);
            notifyTerminal(TaskExecutionState.FINISHED, null, accumulatorSnapshot(environment));
        } catch (Throwable t) {
            handleFailure(t, chain, io, timers);
        }
    }

    /** Reads the inputs to their end: broadcast variables first (so rich functions see them in open()), then the chain is opened. */
    private void runToEndOfInput(OperatorChain chain, TaskInputs inputs, TaskEnvironment environment) throws Exception {
        if (inputs.hasBroadcastInputs() && !mailboxProcessor.runMailboxLoop(inputs.broadcastReader(environment, mailbox))) {
            throw cancellation();
        }
        chain.initializeState(deployment.restoreOrNull());
        chain.open();
        checkCancelled();
        boolean completed = mailboxProcessor.runMailboxLoop(defaultAction(chain, inputs));
        if (!completed || cancelRequested) {
            throw cancellation();
        }
    }

    /**
     * The master's decision after a superstep of the loop this task heads (docs/iterations.md): a
     * mail that hands it to the head operator's pending {@code SuperstepControl.endSuperstep()}.
     * Any thread; a task that has ended ignores it.
     */
    public void superstepDecision(SuperstepDecision decision) {
        boolean queued = mailboxProcessor.executor().tryExecute(() -> {
            if (iteration == null) {
                throw new IllegalStateException("Bug: task '" + nameWithSubtask + "' got " + decision + " but runs no loop");
            }
            iteration.decided(decision);
        }, "superstep decision " + decision);
        if (!queued) {
            LOG.debug("Task {} ({}) has ended: ignoring {}", nameWithSubtask, id, decision);
        }
    }

    private void closeIteration() throws java.io.IOException {
        if (iteration != null) {
            iteration.close();
        }
    }

    private TaskEnvironment environment(SerializerConfig serializerConfig, MailboxTimerService timerService) {
        return TaskEnvironment.builder()
                .taskName(deployment.vertex().name())
                .subtask(deployment.subtaskIndex(), deployment.vertex().parallelism(), deployment.vertex().maxParallelism())
                .attempt(deployment.attempt())
                .userCodeClassLoader(deployment.userCodeClassLoader())
                .serializerConfig(serializerConfig)
                .timerService(timerService)
                .checkpointLock(checkpointLock)
                .mailbox(mailboxProcessor)
                .collectGateway(services.collectGateway())
                .memoryManager(services.memoryManager())
                .ioManager(services.ioManager())
                .inputSplitProvider(services.inputSplitGateway() == null ? null
                        : new GatewayInputSplitProvider(services.inputSplitGateway(), id, nameWithSubtask, deployment.userCodeClassLoader()))
                .iteration(iteration == null ? null : iteration.context())
                .superstepControl(iteration == null ? null : iteration.superstepControl())
                .laneResources(services.iterations().laneResources())
                .build();
    }

    private MailboxProcessor.DefaultAction defaultAction(OperatorChain chain, TaskInputs inputs) {
        if (chain.head() instanceof ReaderSourceOperator<?, ?> reader) {
            streamingSource = true;
            return readerAction(chain.headName(), reader);
        }
        SourceHead sourceHead = chain.sourceHead();
        if (sourceHead instanceof SourceOperator<?>) {
            streamingSource = true;
            mailboxProcessor.setMailLock(checkpointLock);
            SourceThread thread = new SourceThread(sourceHead, chain.headName(), "Source thread of " + nameWithSubtask + " [" + id + "]",
                    deployment.userCodeClassLoader());
            sourceThread = thread;
            if (cancelRequested) {
                throw cancellation();
            }
            return thread;
        }
        if (sourceHead != null) {
            return controller -> {
                try {
                    sourceHead.run();
                } catch (Exception e) {
                    throw OperatorFailureException.wrap(chain.headName(), OperatorFailureException.Phase.RUN, e);
                }
                controller.allActionsCompleted();
            };
        }
        if (!inputs.hasDataInputs() && !inputs.hasBroadcastInputs()) {
            throw new IllegalStateException("Bug: task '" + nameWithSubtask + "' has neither a source head nor input edges");
        }
        loopHead = chain.head() instanceof LaneInputHead;
        TaskCheckpointer loopCheckpointer = checkpointer;
        StreamInputProcessor reader = loopHead ? inputs.dataReader(mailbox, loopCheckpointer::networkInputEnded) : inputs.dataReader(mailbox);
        if (!(chain.head() instanceof InputOrdered)) {
            String mode = new Configuration(deployment.settings()).get(CheckpointingOptions.MODE);
            reader.setBarrierHandler(CheckpointBarrierHandler.create(mode, reader.numberOfChannels(), checkpointer, reader.channelBlocker(),
                    nameWithSubtask));
        }
        return reader;
    }

    /**
     * The default action of a task whose head reads a {@code Source} on the task thread: emits until
     * the reader has nothing now (then waits for its availability, running mails) or a mail waits,
     * and completes the loop at the reader's end of input.
     */
    private MailboxProcessor.DefaultAction readerAction(String headName, ReaderSourceOperator<?, ?> reader) {
        return controller -> {
            InputStatus status;
            try {
                status = reader.emitNext(mailboxProcessor);
                if (status == InputStatus.NOTHING_AVAILABLE) {
                    controller.suspendUntil(reader.available());
                }
            } catch (Exception e) {
                throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.READ, e);
            }
            if (status == InputStatus.END_OF_INPUT) {
                controller.allActionsCompleted();
            }
        };
    }

    /**
     * Injects checkpoint {@code checkpointId}'s barrier at this source task (docs/checkpointing.md):
     * a mail that snapshots the chain (holding the checkpoint lock when a source thread runs) and
     * emits the barrier on every output. Any thread; a task that has ended ignores it. A streaming
     * loop's head takes it once its network input ended ({@link TaskCheckpointer#triggerAfterInput});
     * any other task that is not a streaming source declines it.
     */
    public void triggerCheckpoint(long checkpointId, long timestamp, CheckpointOptions options) {
        CheckpointBarrier barrier = new CheckpointBarrier(checkpointId, timestamp, options);
        boolean queued = mailboxProcessor.executor().tryExecute(() -> {
            if (checkpointer != null && loopHead) {
                checkpointer.triggerAfterInput(barrier);
                return;
            }
            if (checkpointer == null || !streamingSource) {
                services.checkpoints().responder().declineCheckpoint(id, checkpointId, new IllegalStateException("Task '" + nameWithSubtask
                        + "' got a checkpoint trigger but is " + (checkpointer == null ? "not running yet" : "not a streaming source")
                        + ": the master triggers checkpoints at running source tasks only"));
                return;
            }
            checkpointer.triggerCheckpoint(barrier);
        }, "trigger checkpoint " + checkpointId);
        if (!queued) {
            LOG.debug("Task {} ({}) has ended: ignoring the trigger of checkpoint {}", nameWithSubtask, id, checkpointId);
        }
    }

    /** Checkpoint {@code checkpointId} completed: a mail that tells every operator. Any thread; ignored once the task ended. */
    public void notifyCheckpointComplete(long checkpointId) {
        notifyCheckpoint(checkpointId, true);
    }

    /** Checkpoint {@code checkpointId} was aborted: a mail that tells every operator. Any thread; ignored once the task ended. */
    public void notifyCheckpointAborted(long checkpointId) {
        notifyCheckpoint(checkpointId, false);
    }

    private void notifyCheckpoint(long checkpointId, boolean completed) {
        String what = (completed ? "completion" : "abort") + " of checkpoint " + checkpointId;
        boolean queued = mailboxProcessor.executor().tryExecute(() -> {
            TaskCheckpointer current = checkpointer;
            if (current != null) {
                current.notifyCheckpoint(checkpointId, completed);
            }
        }, "notify the " + what);
        if (!queued) {
            LOG.debug("Task {} ({}) has ended: ignoring the {}", nameWithSubtask, id, what);
        }
    }

    private void handleFailure(Throwable failure, OperatorChain chain, TaskNetworkIo io, TimerHolder timers) {
        boolean cancelled = cancelRequested;
        enterPointOfNoReturn();
        Throwable cause = cancelled ? cancellation() : failure;
        if (cancelled && failure != cause && !(failure instanceof CancellationException)) {
            LOG.debug("Task {} ({}) was cancelled; the failure it saw while stopping was {}", nameWithSubtask, id, failure.toString());
        }
        SourceThread runningSourceThread = sourceThread;
        if (runningSourceThread != null) {
            // Stop the source before closing the chain it emits into.
            source.cancel();
            runningSourceThread.interrupt();
            runningSourceThread.awaitEnd(SOURCE_STOP_TIMEOUT_MILLIS);
        }
        if (chain != null) {
            chain.closeAfterFailure(cause);
        }
        if (iteration != null) {
            try {
                iteration.close();
            } catch (java.io.IOException | RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        if (timers.service != null) {
            timers.service.shutdown();
        }
        if (io != null) {
            io.failOutputs(cause);
            io.closeInputs();
        }
        closeMailbox();
        TaskExecutionState end = cancelled ? TaskExecutionState.CANCELED : TaskExecutionState.FAILED;
        if (!cancelled && cause instanceof ProducerFailedException) {
            // a consequence: the producer logs the cause with its stack trace where it failed
            LOG.info("Task {} ({}, job {}) failed because an input failed: {}", nameWithSubtask, id, id.job(), cause.getMessage());
        } else if (!cancelled) {
            LOG.warn("Task {} ({}, job {}) failed", nameWithSubtask, id, id.job(), cause);
        }
        transition(end);
        notifyTerminal(end, cause, null);
    }

    private void closeMailbox() {
        List<Mail> dropped = mailbox.close();
        if (!dropped.isEmpty()) {
            LOG.debug("Task {} ({}) ended with {} mails not run: {}", nameWithSubtask, id, dropped.size(), dropped);
        }
    }

    /** From here on cancel() no longer interrupts; a pending interrupt is cleared so that cleanup is not disturbed. */
    private void enterPointOfNoReturn() {
        synchronized (lock) {
            interruptible = false;
        }
        if (Thread.interrupted()) {
            LOG.debug("Task {} ({}): cleared the interrupt of a cancellation before cleanup", nameWithSubtask, id);
        }
    }

    private void checkCancelled() {
        if (cancelRequested) {
            throw cancellation();
        }
    }

    private CancellationException cancellation() {
        return new CancellationException("Task '" + nameWithSubtask + "' (" + id + ") was cancelled");
    }

    private void transition(TaskExecutionState end) {
        synchronized (lock) {
            state = end;
        }
    }

    private static Map<String, Accumulator<?, ?>> accumulatorSnapshot(TaskEnvironment environment) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(environment.accumulators().all()));
    }

    private void notifyTerminal(TaskExecutionState end, Throwable cause, Map<String, Accumulator<?, ?>> accumulators) {
        try {
            if (end == TaskExecutionState.FINISHED) {
                services.listener().finished(id, accumulators);
            } else {
                services.listener().failed(id, cause);
            }
        } catch (RuntimeException e) {
            LOG.error("The listener of task {} ({}, job {}) failed while being told the task ended as {}", nameWithSubtask, id, id.job(), end,
                    e);
        } finally {
            terminationFuture.complete(end);
        }
    }

    /** The timer service, once created; a holder so that cleanup can shut it down whatever happened. */
    private static final class TimerHolder {
        MailboxTimerService service;
    }

    @Override
    public String toString() {
        return "Task{" + nameWithSubtask + ", " + id + "}";
    }
}
