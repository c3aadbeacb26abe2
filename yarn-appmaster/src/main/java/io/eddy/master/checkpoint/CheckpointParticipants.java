package io.eddy.master.checkpoint;

import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.tasks.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * The coordinator's view of the job's tasks, asked on the owning thread when a checkpoint is
 * triggered: which tasks take part now. Implemented by the job manager over its execution graph.
 */
public interface CheckpointParticipants {

    /** The tasks of the current attempts now, or why no checkpoint can start now. */
    Participants current();

    /**
     * One task attempt and how to reach its worker.
     *
     * @param task the attempt
     * @param gateway its worker
     * @param source whether the task's chain starts with a source (barriers are injected there)
     * @param loopHead whether the task heads a streaming loop: it gets the trigger too, and injects
     *     the barrier itself once its input ended (before, the barrier comes through its input;
     *     docs/iterations.md, "Streaming loops")
     */
    record Participant(TaskId task, WorkerGateway gateway, boolean source, boolean loopHead) {
        public Participant {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(gateway, "gateway");
        }

        /** A participant that heads no streaming loop. */
        public Participant(TaskId task, WorkerGateway gateway, boolean source) {
            this(task, gateway, source, false);
        }
    }

    /**
     * The tasks taking part in a checkpoint triggered now.
     *
     * @param running the running tasks: each must acknowledge; the sources and loop heads among them get the trigger
     * @param notReadyReason null if a checkpoint can start; otherwise why not (e.g. a source is still deploying)
     */
    record Participants(List<Participant> running, String notReadyReason) {
        public Participants {
            running = List.copyOf(running);
        }

        public static Participants notReady(String reason) {
            return new Participants(List.of(), Objects.requireNonNull(reason, "reason"));
        }

        public static Participants ready(List<Participant> running) {
            return new Participants(running, null);
        }

        public boolean isReady() {
            return notReadyReason == null;
        }

        public List<Participant> sources() {
            return running.stream().filter(Participant::source).toList();
        }

        /** The tasks the trigger goes to: the sources and the streaming loops' heads. */
        public List<Participant> triggered() {
            return running.stream().filter(p -> p.source() || p.loopHead()).toList();
        }
    }
}
