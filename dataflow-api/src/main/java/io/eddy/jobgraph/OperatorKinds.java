package io.eddy.jobgraph;

/**
 * The operator kinds of the streaming API: the contract between the API, which describes
 * operators by kind in {@link OperatorDescriptor}s, and the runtime, which implements each kind.
 * The user function's interface for each kind is named beside it.
 *
 * <p>What the API ({@code io.eddy.streaming.api.graph.JobGraphGenerator}) puts into the descriptor of each kind:
 * <table>
 * <caption>Descriptor contents per kind</caption>
 * <tr><th>kind</th><th>userFunction</th><th>keySelectors / keyType</th><th>inputTypes</th><th>outputType</th><th>params</th></tr>
 * <tr><td>{@link #SOURCE}</td><td>the {@code SourceFunction}, or a {@code Source} (reader on the task thread)</td><td>none / null</td><td>none</td><td>the record type</td><td>none</td></tr>
 * <tr><td>{@link #MAP}, {@link #FLAT_MAP}, {@link #FILTER}, {@link #PROCESS}</td><td>the function</td><td>none / null</td>
 *     <td>one</td><td>the record type (FILTER: the input type)</td><td>none</td></tr>
 * <tr><td>{@link #KEYED_PROCESS}, {@link #KEYED_REDUCE}</td><td>the function (for the aggregations
 *     {@code sum/min/max/minBy/maxBy}, a {@code ReduceFunction} written by the API)</td><td>one / the key type</td>
 *     <td>one</td><td>the record type (KEYED_REDUCE: the input type)</td><td>none</td></tr>
 * <tr><td>{@link #WINDOW}</td><td>an {@code InternalWindowFunction} the API wraps around the window function</td>
 *     <td>one / the key type ({@code windowAll}: a constant {@code Byte} key)</td><td>one</td><td>the result type</td>
 *     <td>{@link #PARAM_WINDOW} (a {@code WindowSpec}: assigner, trigger, evictor, allowed lateness, late-data tag,
 *     descriptor of the window contents state)</td></tr>
 * <tr><td>{@link #CO_MAP}, {@link #CO_FLAT_MAP}</td><td>the function</td><td>none / null, or on keyed connected
 *     streams two (input 0, input 1) / the common key type</td><td>two (input 0, input 1)</td><td>the record type</td><td>none</td></tr>
 * <tr><td>{@link #TIMESTAMPS_WATERMARKS}</td><td>null</td><td>none / null</td><td>one</td><td>the input type</td>
 *     <td>{@link #PARAM_WATERMARK_STRATEGY} (the {@code WatermarkStrategy}), {@link #PARAM_AUTO_WATERMARK_INTERVAL} (a Long, ms)</td></tr>
 * <tr><td>{@link #SINK}</td><td>the {@code SinkFunction}</td><td>none / null</td><td>one</td><td>null</td><td>none</td></tr>
 * <tr><td>{@link #COLLECT_SINK}</td><td>null</td><td>none / null</td><td>one</td><td>null</td>
 *     <td>{@link #PARAM_COLLECT_ID} (a String)</td></tr>
 * </table>
 *
 * <p>The keyed kinds always read their input(s) through HASH edges whose key selectors are the
 * descriptor's. Side outputs are not in the descriptor: they appear as {@code OperatorOutput}s with
 * a side output tag id; a {@code ProcessFunction}'s context emits to the output whose tag id
 * equals {@code OutputTag.getId()}, and records of a tag without such an output are dropped.
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
    /**
     * A keyed window: elements are assigned to windows, kept in keyed state with the window as
     * namespace, and evaluated when the trigger fires (docs/windows.md). Also {@code windowAll},
     * {@code join} and {@code coGroup} of the DataStream API.
     */
    public static final String WINDOW = "window";
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

    /**
     * Assigns timestamps and emits watermarks ({@code DataStream.assignTimestampsAndWatermarks}):
     * records pass through with their new timestamp; the strategy's generator sees each record and
     * emits periodically.
     */
    public static final String TIMESTAMPS_WATERMARKS = "timestampsAndWatermarks";

    /** Parameter of {@link #TIMESTAMPS_WATERMARKS}: the {@code WatermarkStrategy}. */
    public static final String PARAM_WATERMARK_STRATEGY = "watermarkStrategy";

    /** Parameter of {@link #TIMESTAMPS_WATERMARKS}: the periodic emit interval in ms (a Long; 0 or less: no periodic emit). */
    public static final String PARAM_AUTO_WATERMARK_INTERVAL = "autoWatermarkInterval";

    /** Parameter of {@link #COLLECT_SINK}: the id (a String) under which the client reads the results. */
    public static final String PARAM_COLLECT_ID = "collectId";

    /** Parameter of {@link #WINDOW}: the {@code io.eddy.streaming.api.windowing.WindowSpec}. */
    public static final String PARAM_WINDOW = "window";

    private OperatorKinds() {}
}
