package io.eddy.jobgraph;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Objects;

/**
 * The operator kinds of streaming loops ({@code DataStream.iterate()}, docs/iterations.md "Streaming
 * iteration"). Their runtime operators live in the {@code iterations} module, which registers them
 * through {@code OperatorProvider}; the runtime does not name them.
 *
 * <p>A streaming loop in the graph: the head vertex's head operator is a {@link StreamHead} (it never
 * chains to its input). Its input 0 is the loop's regular input (a DATA edge); its input 1 is the
 * feedback, which no network channel carries: the {@link StreamTail} at the end of the feedback path
 * hands its records to the head of its own lane through the lane's feedback queue. A {@link
 * EdgeRole#FEEDBACK} edge (target input 1) from the tail's vertex to the head's records that link,
 * and a {@link VertexGroup.Kind#STREAM_LOOP} group of the two vertices names the loop. Head and tail
 * have equal parallelism.
 *
 * <p>Descriptors: the head's input types are the regular input's type (one), its output type the
 * same type; the tail's input type is the feedback type, and it has no output.
 */
public final class StreamIterationKinds {

    /** {@link StreamHead#maxWaitMillis()} of a loop that runs until the job is cancelled. */
    public static final long NO_MAX_WAIT = -1;

    private StreamIterationKinds() {}

    /** A kind of streaming-loop operator. */
    public sealed interface StreamIterationKind extends OperatorKind permits StreamHead, StreamTail {
        /** The loop's name, unique in the graph (the name of its {@code STREAM_LOOP} group). */
        String iteration();

        /**
         * The managed memory of the lane's feedback queue, in bytes; what does not fit spills to
         * disk. Head and tail both carry it, since whichever opens first creates the queue.
         */
        long feedbackMemoryBytes();
    }

    /**
     * The head of streaming loop {@code iteration}: emits its regular input (input 0) and the
     * feedback (input 1) as they come, and logs the feedback that is in flight during a checkpoint.
     *
     * @param maxWaitMillis after the regular input ended, the head ends once no feedback arrived for
     *     this long; {@link #NO_MAX_WAIT}: the loop runs until the job is cancelled
     * @param feedbackType the type of the feedback records
     * @param feedbackSideOutput null if the feedback goes to the main output (then {@code
     *     feedbackType} is the output type); else the id of the side output it goes to (a loop whose
     *     feedback type differs, read by a co-operator)
     */
    public record StreamHead(String iteration, long maxWaitMillis, TypeInfo<?> feedbackType, String feedbackSideOutput,
            long feedbackMemoryBytes) implements StreamIterationKind {
        public static final String NAME = "stream-iteration-head";

        public StreamHead {
            Objects.requireNonNull(iteration, "iteration");
            Objects.requireNonNull(feedbackType, "feedbackType");
            if (maxWaitMillis < 1 && maxWaitMillis != NO_MAX_WAIT) {
                throw new IllegalArgumentException("maxWaitMillis of iteration '" + iteration + "': " + maxWaitMillis
                        + " (expected: >= 1, or NO_MAX_WAIT)");
            }
            checkMemory(iteration, feedbackMemoryBytes);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** The tail of streaming loop {@code iteration}: its one input is the feedback; it has no output. */
    public record StreamTail(String iteration, long feedbackMemoryBytes) implements StreamIterationKind {
        public static final String NAME = "stream-iteration-tail";

        public StreamTail {
            Objects.requireNonNull(iteration, "iteration");
            checkMemory(iteration, feedbackMemoryBytes);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    private static void checkMemory(String iteration, long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("feedback memory of iteration '" + iteration + "': " + bytes + " bytes (expected: >= 1)");
        }
    }
}
