package io.eddy.jobgraph;

/**
 * The operator kinds of the streaming API: the contract between the API, which describes
 * operators by kind in {@link OperatorDescriptor}s, and the runtime, which implements each kind.
 * The user function's interface for each kind is named beside it.
 */
public final class OperatorKinds {

    /** {@code SourceFunction} (or a parallel one): emits records until it returns or is cancelled. */
    public static final String SOURCE = "source";
    /** {@code MapFunction}. */
    public static final String MAP = "map";
    /** {@code FlatMapFunction}. */
    public static final String FLAT_MAP = "flatMap";
    /** {@code FilterFunction}. */
    public static final String FILTER = "filter";
    /** {@code ProcessFunction} on a non-keyed stream. */
    public static final String PROCESS = "process";
    /** {@code KeyedProcessFunction}: keyed state available; one key selector. */
    public static final String KEYED_PROCESS = "keyedProcess";
    /**
     * {@code ReduceFunction} on a keyed stream, rolling: emits the running result after each record,
     * keeping it in keyed state. Also used by the API's {@code sum/min/max/minBy/maxBy}.
     */
    public static final String KEYED_REDUCE = "keyedReduce";
    /** {@code CoMapFunction} on two inputs. */
    public static final String CO_MAP = "coMap";
    /** {@code CoFlatMapFunction} on two inputs. */
    public static final String CO_FLAT_MAP = "coFlatMap";
    /** {@code SinkFunction}: consumes records, emits nothing. */
    public static final String SINK = "sink";
    /**
     * A sink that streams serialized records back to the client ({@code executeAndCollect}); param
     * {@link #PARAM_COLLECT_ID} names the stream the client reads.
     */
    public static final String COLLECT_SINK = "collectSink";

    /** Parameter of {@link #COLLECT_SINK}: the id (a String) under which the client reads the results. */
    public static final String PARAM_COLLECT_ID = "collectId";

    private OperatorKinds() {}
}
