package io.eddy.streaming.api.datastream;

import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.SideOutputTransformation;
import java.util.Objects;

/**
 * The start of a streaming loop (docs/iterations.md, "Streaming iteration"): a stream of the
 * loop's input records and of the records fed back by {@link #closeWith}. The loop's body is what
 * the program computes from this stream; {@code closeWith(feedback)} sends {@code feedback}'s
 * records back here. Records go around asynchronously, without supersteps; what leaves the loop is
 * whatever the body emits on other streams (e.g. a {@code ProcessFunction}'s side output or a
 * filter beside the feedback's).
 *
 * <pre>{@code
 * IterativeStream<Long> loop = numbers.iterate(5_000);
 * DataStream<Long> next = loop.map(n -> n - 1);
 * loop.closeWith(next.filter(n -> n > 0));          // positive numbers go around again
 * next.filter(n -> n == 0).print();                 // the rest leaves the loop
 * }</pre>
 *
 * <p><b>When the loop ends.</b> With {@code iterate(maxWaitMillis)} the head ends once its input
 * ended and no feedback record arrived for {@code maxWaitMillis}; the job can then finish. Records
 * still in the body at that moment, and fed back after it, are dropped (the tail counts them in its
 * log). With {@code iterate()} the loop never ends: a job with it runs until it is cancelled, even
 * when its input is bounded and no record circulates any more.
 *
 * <p><b>Parallelism.</b> The head takes its input's parallelism unless {@link #setParallelism} says
 * otherwise; the feedback must have the head's parallelism, or be partitioned (e.g. {@code
 * keyBy}) before {@code closeWith}: lane i's tail hands its records to lane i's head through a queue
 * of that lane, which keeps {@link #DEFAULT_FEEDBACK_MEMORY} (or {@link #setFeedbackMemory}) in
 * managed memory and spills the rest to disk, so feedback never blocks the loop.
 *
 * <p><b>Checkpoints.</b> With checkpointing on, the feedback records in flight when a checkpoint
 * passes are part of it, so a restored loop is exactly once.
 */
public class IterativeStream<T> extends SingleOutputStreamOperator<T> {

    /** The managed memory of each lane's feedback queue unless {@link #setFeedbackMemory} says otherwise. */
    public static final MemorySize DEFAULT_FEEDBACK_MEMORY = MemorySize.ofMebiBytes(1);

    private final StreamLoop loop;

    IterativeStream(StreamExecutionEnvironment environment, OperatorTransformation<T> head, StreamLoop loop) {
        super(environment, head);
        this.loop = loop;
    }

    /** Starts the loop of {@code input}; see {@link DataStream#iterate(long)}. */
    static <T> IterativeStream<T> create(DataStream<T> input, long maxWaitMillis) {
        StreamExecutionEnvironment env = input.getExecutionEnvironment();
        TypeInfo<T> type = input.getType();
        String name = env.newIterationName();
        OperatorTransformation<T> head = new OperatorTransformation<>("Iteration Head", new StreamIterationKinds.StreamHead(name,
                maxWaitMillis, type, null, DEFAULT_FEEDBACK_MEMORY.bytes()), null, java.util.List.of(input.getTransformation()), type);
        head.setChainingStrategy(io.eddy.translation.ChainingStrategy.HEAD);
        head.setInheritInputParallelism(true);
        env.addOperator(head);
        return new IterativeStream<>(env, head, new StreamLoop(env, name, head, maxWaitMillis, type));
    }

    /** The loop's name, unique in the job (logs, errors and the job graph's loop group). */
    public String getIterationName() {
        return loop.name();
    }

    /**
     * Closes the loop: {@code feedback}'s records go back to this stream. Call once.
     *
     * @param feedback a stream computed from this one, of this stream's type
     * @return {@code feedback}
     * @throws IllegalArgumentException if {@code feedback} does not depend on this stream or has another type
     * @throws IllegalStateException if the loop was closed already, or turned into connected streams
     */
    public DataStream<T> closeWith(DataStream<T> feedback) {
        return loop.close(feedback, false);
    }

    /**
     * How much managed memory each lane's feedback queue keeps before it spills to disk (rounded to
     * whole pages; a queue takes at least 6 pages).
     */
    public IterativeStream<T> setFeedbackMemory(MemorySize memory) {
        loop.setFeedbackMemory(memory);
        return this;
    }

    /**
     * A loop whose feedback has another type {@code F}: the connected streams' first input is this
     * loop's input, the second the feedback; a co-operator ({@code map} / {@code flatMap}) reads both,
     * and {@link ConnectedIterativeStreams#closeWith} closes the loop. Use the returned streams, not
     * this one, from then on.
     */
    public <F> ConnectedIterativeStreams<T, F> withFeedbackType(TypeInfo<F> feedbackType) {
        Objects.requireNonNull(feedbackType, "withFeedbackType: feedbackType");
        String tagId = "eddy.iteration-feedback." + loop.name();
        loop.connect(feedbackType, tagId, "withFeedbackType");
        OperatorTransformation<T> head = (OperatorTransformation<T>) transformation;
        DataStream<F> feedback = new DataStream<>(environment, new SideOutputTransformation<>(head, new OutputTag<>(tagId, feedbackType)));
        return new ConnectedIterativeStreams<>(environment, this, feedback, loop);
    }

    /** {@link #withFeedbackType(TypeInfo)} for a class. */
    public <F> ConnectedIterativeStreams<T, F> withFeedbackType(Class<F> feedbackType) {
        return withFeedbackType(TypeInfo.of(Objects.requireNonNull(feedbackType, "withFeedbackType: feedbackType")));
    }

    /** {@link #withFeedbackType(TypeInfo)} for a generic type: {@code withFeedbackType(new TypeHint<Tuple2<Long, Long>>() {})}. */
    public <F> ConnectedIterativeStreams<T, F> withFeedbackType(TypeHint<F> feedbackType) {
        return withFeedbackType(Objects.requireNonNull(feedbackType, "withFeedbackType: feedbackType").getTypeInfo());
    }
}
