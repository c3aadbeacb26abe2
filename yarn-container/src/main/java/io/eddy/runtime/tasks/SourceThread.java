package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.SourceHead;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that runs a streaming source's {@link SourceHead#run()} while the task thread runs the
 * mailbox. As the task's default action it starts the thread once, then suspends the mailbox loop
 * until the thread ends; then it completes the loop, or fails the task with the source's failure
 * (naming the operator).
 *
 * <p>Threads: {@link #run} on the task thread; {@link #interrupt()} from any thread; {@link
 * #awaitEnd} on the task thread during cleanup.
 */
final class SourceThread implements MailboxProcessor.DefaultAction {

    private static final Logger LOG = LoggerFactory.getLogger(SourceThread.class);

    private final SourceHead source;
    private final String headName;
    private final Thread thread;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    /** Task thread. */
    private boolean started;

    SourceThread(SourceHead source, String headName, String threadName, ClassLoader userCodeClassLoader) {
        this.source = source;
        this.headName = headName;
        this.thread = new Thread(this::runSource, threadName);
        this.thread.setContextClassLoader(userCodeClassLoader);
    }

    private void runSource() {
        try {
            source.run();
            ended.complete(null);
        } catch (Throwable t) {
            ended.completeExceptionally(t);
        }
    }

    @Override
    public void run(MailboxProcessor.Controller controller) {
        if (!started) {
            started = true;
            thread.start();
        }
        if (!ended.isDone()) {
            controller.suspendUntil(ended);
            return;
        }
        try {
            ended.get();
        } catch (ExecutionException e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.RUN, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TaskInterruptedException("Bug: interrupted reading the completed end of the source thread of '" + headName + "'", e);
        }
        controller.allActionsCompleted();
    }

    /** Wakes the source thread if it blocks (cancellation). Any thread. */
    void interrupt() {
        if (thread.isAlive()) {
            thread.interrupt();
        }
    }

    /**
     * Waits until the source thread has ended (after the source was cancelled and the thread
     * interrupted), at most {@code timeoutMillis}, so that the chain is not closed under a running
     * source. Task thread.
     */
    void awaitEnd(long timeoutMillis) {
        if (!started) {
            return;
        }
        try {
            ended.handle((ignored, failure) -> null).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Interrupted while waiting for the source thread of '{}' to end", headName);
        } catch (TimeoutException e) {
            LOG.error("The source thread of '{}' did not end within {} ms after cancel() and an interrupt: its SourceFunction ignores"
                    + " cancel(); closing the task anyway", headName, timeoutMillis);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Bug: the handled end future of '" + headName + "' failed", e);
        }
    }
}
