package io.eddy.iteration.runtime;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.operators.OperatorContext;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamElementSerializer;

/**
 * How a streaming loop's head and tail find their lane's {@link FeedbackQueue}: under one key in the
 * lane's {@code LaneResources}, created by whichever of the two asks first, from the parameters
 * both kinds carry. The key names the iteration, the subtask and the attempt: a streaming job
 * restarts the loop's tasks together (one pipelined region), so head and tail of one lane run the
 * same attempt, and a restarted lane never sees the queue of the attempt before. The head closes
 * the queue when it closes and leaves it in the lane, closed, so that a tail still running drops
 * (and counts) what it feeds back instead of creating a new queue nobody reads; the lane closes it
 * again, which does nothing, when the job is released.
 */
final class LaneFeedbackQueues {

    private LaneFeedbackQueues() {}

    /** The key of the feedback queue of {@code iteration} in lane {@code subtaskIndex}, attempt {@code attempt}. */
    static String key(String iteration, int subtaskIndex, int attempt) {
        return "stream-iteration-feedback/" + iteration + "/" + subtaskIndex + "/" + attempt;
    }

    /**
     * The feedback queue of {@code kind}'s loop in this operator's lane, created if the lane has none.
     * It holds stream records ({@link StreamElementSerializer}): the value and its timestamp, if any.
     *
     * @param recordType the feedback's type
     * @throws IllegalStateException if the queue's managed memory cannot be allocated (the message
     *     says what to lower or raise)
     */
    @SuppressWarnings("unchecked")
    static <T> FeedbackQueue<StreamElement> of(OperatorContext<?> context, StreamIterationKinds.StreamIterationKind kind, TypeInfo<T> recordType) {
        TaskEnvironment env = context.environment();
        String name = "feedback queue of iteration '" + kind.iteration() + "', lane " + (env.subtaskIndex() + 1) + "/" + env.parallelism();
        String key = key(kind.iteration(), env.subtaskIndex(), env.attempt());
        return env.laneResources().computeIfAbsent(key, FeedbackQueue.class, () -> {
            int pages = FeedbackQueue.pagesPerBuffer(kind.feedbackMemoryBytes(), env.memoryManager().pageSize());
            try {
                return new FeedbackQueue<>(name, new StreamElementSerializer<>(recordType.createSerializer(env.serializerConfig())),
                        env.memoryManager(), env.ioManager(), pages);
            } catch (MemoryAllocationException e) {
                throw new IllegalStateException("Operator '" + context.nameWithSubtask() + "' cannot create the " + name + " (" + 2 * pages
                        + " pages): " + e.getMessage() + "; or lower the loop's setFeedbackMemory(...)", e);
            }
        });
    }
}
