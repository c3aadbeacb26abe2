package io.eddy.master.checkpoint;

import io.eddy.jobgraph.JobId;
import io.eddy.master.checkpoint.CheckpointParticipants.Participants;
import io.eddy.master.concurrent.JobTimers;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The savepoints asked of one job's {@link CheckpointCoordinator}: a savepoint starts at once if
 * every task runs, otherwise as soon as they do (a job still deploying or restarting, {@link
 * #onTaskRunning}), and fails if that takes longer than the checkpoint timeout.
 *
 * <p>Owned by the coordinator's thread; the timeouts run there too.
 */
final class SavepointRequests {

    private static final Logger LOG = LoggerFactory.getLogger(SavepointRequests.class);

    /** Starts a savepoint as a pending checkpoint of the coordinator: false if it failed at once (its future is failed then). */
    @FunctionalInterface
    interface Starter {
        boolean start(CheckpointType type, String targetDirectory, Participants participants, CompletableFuture<String> result);
    }

    /** A savepoint request waiting for the job's tasks to run. */
    private static final class Request {
        final String targetDirectory;
        final boolean cancelAfter;
        final CompletableFuture<String> result = new CompletableFuture<>();
        JobTimers.Cancellable timeout;

        Request(String targetDirectory, boolean cancelAfter) {
            this.targetDirectory = targetDirectory;
            this.cancelAfter = cancelAfter;
        }
    }

    private final JobId job;
    private final CheckpointParticipants tasks;
    private final JobTimers scheduler;
    private final long timeoutMillis;
    private final Starter starter;
    private final List<Request> waiting = new ArrayList<>();

    SavepointRequests(JobId job, CheckpointParticipants tasks, JobTimers scheduler, long timeoutMillis, Starter starter) {
        this.job = job;
        this.tasks = tasks;
        this.scheduler = scheduler;
        this.timeoutMillis = timeoutMillis;
        this.starter = starter;
    }

    /** See {@link CheckpointCoordinator#triggerSavepoint}. */
    CompletableFuture<String> request(String targetDirectory, boolean cancelAfter) {
        Request request = new Request(targetDirectory, cancelAfter);
        Participants participants = tasks.current();
        if (participants.isReady()) {
            start(request, participants);
            return request.result;
        }
        LOG.info("Job {}: the savepoint waits until all tasks run ({})", job, participants.notReadyReason());
        request.timeout = scheduler.schedule(() -> {
            if (waiting.remove(request)) {
                request.result.completeExceptionally(new IllegalStateException("No savepoint of job " + job + " could be taken: "
                        + "not all its tasks ran within " + timeoutMillis + " ms (" + tasks.current().notReadyReason() + ")"));
            }
        }, timeoutMillis);
        waiting.add(request);
        return request.result;
    }

    /** A task of the job started running: the waiting savepoints start if every task runs now. */
    void onTaskRunning() {
        if (waiting.isEmpty()) {
            return;
        }
        Participants participants = tasks.current();
        if (participants.isReady()) {
            List<Request> ready = new ArrayList<>(waiting);
            waiting.clear();
            for (Request request : ready) {
                request.timeout.cancel();
                start(request, participants);
            }
        }
    }

    private void start(Request request, Participants participants) {
        if (participants.sources().isEmpty()) {
            request.result.completeExceptionally(new IllegalStateException("No savepoint of job " + job
                    + " can be taken: all its source tasks have finished"));
            return;
        }
        CheckpointType type = request.cancelAfter ? CheckpointType.SAVEPOINT_THEN_CANCEL : CheckpointType.SAVEPOINT;
        starter.start(type, request.targetDirectory, participants, request.result);
    }

    /** Fails every waiting request with {@code message} (the job ended). */
    void failAll(String message) {
        for (Request request : waiting) {
            request.timeout.cancel();
            request.result.completeExceptionally(new IllegalStateException(message));
        }
        waiting.clear();
    }
}
