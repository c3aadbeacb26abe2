package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MailboxProcessorTest {

    private final TaskMailbox mailbox = new TaskMailbox("test task");
    private final MailboxProcessor processor = new MailboxProcessor(mailbox);
    private final CompletableFuture<Boolean> loopResult = new CompletableFuture<>();
    private Thread loopThread;

    @AfterEach
    void stopLoop() throws InterruptedException {
        if (loopThread != null) {
            processor.stop();
            loopThread.join(10_000);
        }
    }

    private void startLoop(MailboxProcessor.DefaultAction action) {
        loopThread = new Thread(() -> {
            try {
                loopResult.complete(processor.runMailboxLoop(action));
            } catch (Throwable t) {
                loopResult.completeExceptionally(t);
            }
        }, "mailbox-loop");
        loopThread.start();
    }

    /** Runs {@code body} as a mail and waits until it has run. */
    private <T> T onLoop(java.util.concurrent.Callable<T> body) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        processor.executor().execute(() -> result.complete(body.call()), "probe");
        return result.get(10, TimeUnit.SECONDS);
    }

    @Test
    void mailsRunOnTheLoopThreadInOrder() throws Exception {
        CompletableFuture<Void> input = new CompletableFuture<>();
        startLoop(controller -> controller.suspendUntil(input));
        StringBuilder order = new StringBuilder();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        for (int i = 0; i < 5; i++) {
            int n = i;
            processor.executor().execute(() -> {
                order.append(n);
                ranOn.set(Thread.currentThread());
            }, "mail " + i);
        }
        assertThat(onLoop(order::toString)).isEqualTo("01234");
        assertThat(ranOn.get()).isSameAs(loopThread);
    }

    @Test
    void aSuspendedLoopBlocksInsteadOfSpinningAndResumesWhenTheInputIsAvailable() throws Exception {
        CompletableFuture<Void> input = new CompletableFuture<>();
        AtomicLong actionRuns = new AtomicLong();
        CountDownLatch resumed = new CountDownLatch(1);
        CountDownLatch suspended = new CountDownLatch(1);
        startLoop(controller -> {
            if (actionRuns.incrementAndGet() == 1) {
                controller.suspendUntil(input);
                suspended.countDown();
            } else {
                resumed.countDown();
                controller.allActionsCompleted();
            }
        });
        // Measure only once the default action has run and suspended the loop.
        assertThat(suspended.await(10, TimeUnit.SECONDS)).isTrue();
        long runsBefore = onLoop(processor::defaultActionRuns);
        long waitsBefore = onLoop(processor::blockingWaits);
        for (int i = 0; i < 20; i++) {
            onLoop(() -> null);
        }
        // The default action never ran in between, and the loop woke at most once per mail: no spinning.
        // (A mail that arrives while the previous one runs is taken without a blocking wait, so fewer is fine.)
        assertThat(onLoop(processor::defaultActionRuns)).isEqualTo(runsBefore).isEqualTo(1);
        assertThat(onLoop(processor::blockingWaits) - waitsBefore).isBetween(1L, 22L);
        input.complete(null);
        assertThat(resumed.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(loopResult.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(actionRuns.get()).isEqualTo(2);
    }

    @Test
    void anIdleLoopUsesAlmostNoCpu() throws Exception {
        startLoop(controller -> controller.suspendUntil(new CompletableFuture<>()));
        onLoop(() -> null);
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuBefore = threads.getThreadCpuTime(loopThread.getId());
        // Waiting on a latch nobody counts down is the test's clock here, not a synchronization.
        new CountDownLatch(1).await(200, TimeUnit.MILLISECONDS);
        long cpuMillis = (threads.getThreadCpuTime(loopThread.getId()) - cpuBefore) / 1_000_000;
        assertThat(cpuMillis).isLessThan(50);
    }

    @Test
    void stopEndsTheLoopFromAnotherThread() throws Exception {
        startLoop(controller -> controller.suspendUntil(new CompletableFuture<>()));
        onLoop(() -> null);
        processor.stop();
        assertThat(loopResult.get(10, TimeUnit.SECONDS)).isFalse();
    }

    @Test
    void aFailingMailEndsTheLoopWithItsException() {
        startLoop(controller -> controller.suspendUntil(new CompletableFuture<>()));
        processor.executor().execute(() -> {
            throw new java.io.IOException("disk gone");
        }, "write spill file");
        assertThat(loopResult).failsWithin(10, TimeUnit.SECONDS).withThrowableThat()
                .havingRootCause().isInstanceOf(java.io.IOException.class).withMessage("disk gone");
        assertThat(loopResult.handle((r, t) -> t.getMessage()).join()).isEqualTo("Mail 'write spill file' failed: disk gone");
    }

    @Test
    void aClosedMailboxRejectsMail() {
        mailbox.close();
        assertThat(processor.executor().tryExecute(() -> { }, "late")).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> processor.executor().execute(() -> { }, "late"))
                .isInstanceOf(java.util.concurrent.RejectedExecutionException.class)
                .hasMessageContaining("Task 'test task' has ended: mail 'late' will not run");
    }
}
