package io.eddy.streaming.api.datastream;

import io.eddy.configuration.MemorySize;

/**
 * A streaming loop whose feedback has another type than its input (docs/iterations.md, "Streaming
 * iteration"): connected streams whose first input is the loop's input ({@code I}) and whose second
 * is the feedback ({@code F}), read by a co-operator ({@code map} / {@code flatMap}, also after
 * {@code keyBy}). {@link #closeWith} closes the loop. See {@link IterativeStream} for when the loop
 * ends, its parallelism and its checkpoints.
 *
 * <pre>{@code
 * ConnectedIterativeStreams<Long, Tuple2<Long, Integer>> loop = numbers.iterate(5_000).withFeedbackType(new TypeHint<>() {});
 * DataStream<Tuple2<Long, Integer>> step = loop.map(new CoMapFunction<>() {
 *     public Tuple2<Long, Integer> map1(Long n) { return Tuple2.of(n, 0); }               // enters the loop
 *     public Tuple2<Long, Integer> map2(Tuple2<Long, Integer> t) { return Tuple2.of(t.f0 / 2, t.f1 + 1); }
 * });
 * loop.closeWith(step.filter(t -> t.f0 > 1));
 * }</pre>
 */
public class ConnectedIterativeStreams<I, F> extends ConnectedStreams<I, F> {

    private final StreamLoop loop;

    ConnectedIterativeStreams(StreamExecutionEnvironment environment, DataStream<I> input, DataStream<F> feedback, StreamLoop loop) {
        super(environment, input, feedback);
        this.loop = loop;
    }

    /** The loop's name, unique in the job. */
    public String getIterationName() {
        return loop.name();
    }

    /**
     * Closes the loop: {@code feedback}'s records become this loop's second input. Call once.
     *
     * @param feedback a stream computed from these streams, of the feedback type
     * @return {@code feedback}
     * @throws IllegalArgumentException if {@code feedback} does not depend on the loop or has another type
     * @throws IllegalStateException if the loop was closed already
     */
    public DataStream<F> closeWith(DataStream<F> feedback) {
        return loop.close(feedback, true);
    }

    /** How much managed memory each lane's feedback queue keeps before it spills to disk; see {@link IterativeStream#setFeedbackMemory}. */
    public ConnectedIterativeStreams<I, F> setFeedbackMemory(MemorySize memory) {
        loop.setFeedbackMemory(memory);
        return this;
    }
}
