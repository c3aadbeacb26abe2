package io.eddy.streaming.api.datastream;

import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.configuration.EventTimeOptions;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobSubmitter;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.streaming.api.functions.ProcessFunction;
import io.eddy.streaming.api.functions.sink.PrintSinkFunction;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.sink.TextFileSinkFunction;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.PartitionTransformation;
import io.eddy.streaming.api.graph.Transformation;
import io.eddy.streaming.api.graph.UnionTransformation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * A stream of records of one type. Operations return new streams; nothing runs until the
 * environment's {@code execute()} (or {@link #executeAndCollect()}).
 *
 * <p>Every user function is checked at once to be serializable (the error names the operator),
 * and output types are extracted from the function where possible; when they cannot be (a lambda
 * whose generic types are erased), the error surfaces when the type is first needed, unless
 * {@code returns(...)} gives it first.
 */
public class DataStream<T> {

    protected final StreamExecutionEnvironment environment;
    protected final Transformation<T> transformation;

    public DataStream(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.transformation = Objects.requireNonNull(transformation, "transformation");
    }

    /**
     * The type of the records.
     *
     * @throws InvalidTypesException if it could not be extracted and was not given with {@code returns(...)}
     */
    public TypeInfo<T> getType() {
        return transformation.getOutputType();
    }

    public Transformation<T> getTransformation() {
        return transformation;
    }

    public StreamExecutionEnvironment getExecutionEnvironment() {
        return environment;
    }

    /** The parallelism set on the operator producing this stream, or the environment's default. */
    public int getParallelism() {
        int p = transformation.getParallelism();
        return p == Transformation.DEFAULT_PARALLELISM ? environment.getParallelism() : p;
    }

    // ---- one-input operators ----------------------------------------------------------------

    public <R> SingleOutputStreamOperator<R> map(MapFunction<T, R> mapper) {
        return transform("Map", OperatorKinds.MAP, mapper, MapFunction.class, 1);
    }

    public <R> SingleOutputStreamOperator<R> flatMap(FlatMapFunction<T, R> flatMapper) {
        return transform("Flat Map", OperatorKinds.FLAT_MAP, flatMapper, FlatMapFunction.class, 1);
    }

    public SingleOutputStreamOperator<T> filter(FilterFunction<T> filter) {
        TypeInfo<T> type = getType();
        OperatorTransformation<T> op = newOperator("Filter", OperatorKinds.FILTER, filter, List.of(transformation), type);
        return register(op);
    }

    /** Applies a {@link ProcessFunction}, which may also emit to side outputs ({@link SingleOutputStreamOperator#getSideOutput}). */
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function) {
        return transform("Process", OperatorKinds.PROCESS, function, ProcessFunction.class, 1);
    }

    /**
     * Gives the records event timestamps and the stream watermarks, as {@code strategy} says: each
     * record gets the timestamp of the strategy's assigner and is shown to its watermark generator;
     * the generator is also called periodically, every {@link EventTimeOptions#AUTO_WATERMARK_INTERVAL}
     * (200 ms by default; read from the environment's configuration now). Watermarks from upstream
     * are dropped, except the final one at the end of the input.
     *
     * @throws IllegalArgumentException if the strategy is not serializable, naming the operator
     */
    public SingleOutputStreamOperator<T> assignTimestampsAndWatermarks(WatermarkStrategy<T> strategy) {
        Objects.requireNonNull(strategy, "assignTimestampsAndWatermarks: the strategy must not be null");
        String name = "Timestamps/Watermarks";
        InstantiationUtil.serialize(strategy, "the watermark strategy of operator '" + name + "'");
        long interval = environment.getConfiguration().get(EventTimeOptions.AUTO_WATERMARK_INTERVAL).toMillis();
        OperatorTransformation<T> op = new OperatorTransformation<>(name, new OperatorKinds.TimestampsAndWatermarks(strategy, interval), null,
                List.of(transformation), getType());
        return register(op);
    }

    /**
     * Adds an operator of {@code kind} on this stream, its output type extracted from type argument
     * {@code outputTypeArgIndex} of {@code functionClass}.
     */
    protected <R> SingleOutputStreamOperator<R> transform(String name, OperatorKind kind, Function function, Class<?> functionClass,
            int outputTypeArgIndex) {
        TypeInfo<T> inputType = getType();
        OperatorTransformation<R> op = newOperator(name, kind, function, List.of(transformation), null);
        op.setOutputTypeFrom(opName -> TypeExtractor.getOutputType(function, functionClass, outputTypeArgIndex, new TypeInfo<?>[] {inputType}, opName));
        return register(op);
    }

    /**
     * A new operator transformation, after checking that its function serializes.
     *
     * @throws IllegalArgumentException if {@code function} is not serializable, naming the operator
     */
    static <R> OperatorTransformation<R> newOperator(String name, OperatorKind kind, Function function, List<Transformation<?>> inputs,
            TypeInfo<R> outputType) {
        Objects.requireNonNull(function, () -> "the function of operator '" + name + "' is null");
        InstantiationUtil.serialize(function, "the function of operator '" + name + "' (" + kind.name() + ")");
        return new OperatorTransformation<>(name, kind, function, inputs, outputType);
    }

    <R> SingleOutputStreamOperator<R> register(OperatorTransformation<R> op) {
        environment.addOperator(op);
        return new SingleOutputStreamOperator<>(environment, op);
    }

    // ---- keys and partitioning --------------------------------------------------------------

    /** Partitions the stream by the key {@code keySelector} returns; its type is extracted from the selector. */
    public <K> KeyedStream<T, K> keyBy(KeySelector<T, K> keySelector) {
        TypeInfo<T> type = getType();
        InstantiationUtil.serialize(Objects.requireNonNull(keySelector, "keySelector"), "the key selector of keyBy after '" + transformation.getName() + "'");
        TypeInfo<K> keyType;
        try {
            keyType = TypeExtractor.getOutputType(keySelector, KeySelector.class, 1, new TypeInfo<?>[] {type}, "keyBy after '" + transformation.getName() + "'");
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException("Cannot determine the key type of keyBy after operator '" + transformation.getName()
                    + "' (" + e.getMessage() + "): give it with keyBy(keySelector, keyType)", e);
        }
        return keyBy(keySelector, keyType);
    }

    /** Partitions the stream by the key {@code keySelector} returns, of type {@code keyType}. */
    public <K> KeyedStream<T, K> keyBy(KeySelector<T, K> keySelector, TypeInfo<K> keyType) {
        return new KeyedStream<>(this, keySelector, keyType);
    }

    /**
     * Partitions the stream by fields (of POJOs, records or tuples, by name; {@code "f0"} for tuple
     * fields); several fields make a tuple key.
     *
     * @throws io.eddy.api.common.typeutils.InvalidTypesException if a field does not exist (listing the fields) or is not a key type
     * @throws IllegalArgumentException if no fields or more than a tuple's arity are given
     */
    public KeyedStream<T, Object> keyBy(String... fields) {
        return FieldKeySelector.keyBy(this, fields);
    }

    /** Partitions the stream by field positions (of tuples, records or POJOs; 0 for an atomic type). */
    public KeyedStream<T, Object> keyBy(int... positions) {
        return FieldKeySelector.keyBy(this, positions);
    }

    /** Round-robin to all downstream subtasks. */
    public DataStream<T> rebalance() {
        return partition(ShipStrategy.REBALANCE);
    }

    /** Every record to every downstream subtask. */
    public DataStream<T> broadcast() {
        return partition(ShipStrategy.BROADCAST);
    }

    /** A uniformly random downstream subtask per record. */
    public DataStream<T> shuffle() {
        return partition(ShipStrategy.SHUFFLE);
    }

    /** Subtask i to subtask i; the downstream operator must have the same parallelism (checked at plan time). */
    public DataStream<T> forward() {
        return partition(ShipStrategy.FORWARD);
    }

    private DataStream<T> partition(ShipStrategy strategy) {
        return new DataStream<>(environment, new PartitionTransformation<>(transformation, strategy, null));
    }

    // ---- several inputs ---------------------------------------------------------------------

    /**
     * Merges this stream with {@code others} of the same type; the next operator reads all of them.
     *
     * @throws IllegalArgumentException if a stream has another type
     */
    @SafeVarargs
    public final DataStream<T> union(DataStream<T>... others) {
        TypeInfo<T> type = getType();
        List<Transformation<T>> inputs = new ArrayList<>();
        inputs.add(transformation);
        for (DataStream<T> other : others) {
            if (!type.equals(other.getType())) {
                throw new IllegalArgumentException("union: the stream of '" + other.transformation.getName() + "' has type " + other.getType()
                        + ", but the stream of '" + transformation.getName() + "' has type " + type + ": union needs streams of one type");
            }
            inputs.add(other.transformation);
        }
        return new DataStream<>(environment, new UnionTransformation<>(inputs));
    }

    /** Connects this stream with {@code other} (of any type) for a co-operator that sees both. */
    public <R> ConnectedStreams<T, R> connect(DataStream<R> other) {
        return new ConnectedStreams<>(environment, this, other);
    }

    // ---- loops --------------------------------------------------------------------------------

    /**
     * Starts a streaming loop that runs until the job is cancelled (docs/iterations.md, "Streaming
     * iteration"); see {@link IterativeStream}. A job with such a loop never finishes by itself, also
     * when its input is bounded: use {@link #iterate(long)} for a loop that ends.
     */
    public IterativeStream<T> iterate() {
        return IterativeStream.create(this, StreamIterationKinds.NO_MAX_WAIT);
    }

    /**
     * Starts a streaming loop that ends once this stream ended and no record was fed back for
     * {@code maxWaitMillis}; see {@link IterativeStream}.
     *
     * @throws IllegalArgumentException if {@code maxWaitMillis} is below 1
     */
    public IterativeStream<T> iterate(long maxWaitMillis) {
        if (maxWaitMillis < 1) {
            throw new IllegalArgumentException("iterate: maxWaitMillis " + maxWaitMillis + " (expected: >= 1; iterate() for a loop that"
                    + " runs until the job is cancelled)");
        }
        return IterativeStream.create(this, maxWaitMillis);
    }

    // ---- windows over the whole stream, window joins ---------------------------------------

    /**
     * Cuts the whole (non-keyed) stream into windows, evaluated by one operator instance with
     * parallelism 1; see {@link AllWindowedStream}.
     */
    public <W extends io.eddy.streaming.api.windowing.windows.Window> AllWindowedStream<T, W> windowAll(
            io.eddy.streaming.api.windowing.assigners.WindowAssigner<? super T, W> assigner) {
        return new AllWindowedStream<>(this, assigner);
    }

    /** Tumbling count windows over the whole stream: fires and empties every {@code size} elements. */
    public AllWindowedStream<T, io.eddy.streaming.api.windowing.windows.GlobalWindow> countWindowAll(long size) {
        return windowAll(io.eddy.streaming.api.windowing.assigners.GlobalWindows.create())
                .trigger(io.eddy.streaming.api.windowing.triggers.PurgingTrigger.of(io.eddy.streaming.api.windowing.triggers.CountTrigger.of(size)));
    }

    /** Sliding count windows over the whole stream: every {@code slide} elements, the last {@code size} elements. */
    public AllWindowedStream<T, io.eddy.streaming.api.windowing.windows.GlobalWindow> countWindowAll(long size, long slide) {
        return windowAll(io.eddy.streaming.api.windowing.assigners.GlobalWindows.create())
                .evictor(io.eddy.streaming.api.windowing.evictors.CountEvictor.of(size))
                .trigger(io.eddy.streaming.api.windowing.triggers.CountTrigger.of(slide));
    }

    /** A window join with {@code other}: {@code join(other).where(k1).equalTo(k2).window(assigner).apply(joinFunction)}. */
    public <T2> JoinedStreams<T, T2> join(DataStream<T2> other) {
        return new JoinedStreams<>(this, other);
    }

    /** A window co-group with {@code other}: {@code coGroup(other).where(k1).equalTo(k2).window(assigner).apply(coGroupFunction)}. */
    public <T2> CoGroupedStreams<T, T2> coGroup(DataStream<T2> other) {
        return new CoGroupedStreams<>(this, other);
    }

    // ---- sinks ------------------------------------------------------------------------------

    /** Prints each record to standard output; with parallelism above 1 prefixed by the subtask number ({@code "2> "}). */
    public DataStreamSink<T> print() {
        return addSink(new PrintSinkFunction<>(false)).name("Print to Std. Out");
    }

    /** Prints each record to standard error, like {@link #print()}. */
    public DataStreamSink<T> printToErr() {
        return addSink(new PrintSinkFunction<>(true)).name("Print to Std. Err");
    }

    /**
     * Writes each record's {@code toString()} as a line: to the file {@code path} with parallelism 1,
     * to files {@code 1..n} in the directory {@code path} with parallelism {@code n > 1}.
     *
     * @throws IllegalArgumentException if {@code path} exists (use {@link #writeAsText(String, WriteMode)} with OVERWRITE)
     */
    public DataStreamSink<T> writeAsText(String path) {
        return writeAsText(path, WriteMode.NO_OVERWRITE);
    }

    public DataStreamSink<T> writeAsText(String path, WriteMode writeMode) {
        TextFileSinkFunction.checkWritable(path, writeMode);
        return addSink(new TextFileSinkFunction<>(path, writeMode)).name("Text File Sink: " + path);
    }

    public DataStreamSink<T> addSink(SinkFunction<T> sink) {
        TypeInfo<T> type = getType();
        OperatorTransformation<Void> op = newOperator("Unnamed", OperatorKinds.SINK, sink, List.of(transformation), null);
        environment.addOperator(op);
        return new DataStreamSink<>(op, type);
    }

    // ---- collecting results -----------------------------------------------------------------

    /** Runs the job (with all operators defined so far) and iterates its results of this stream; see {@link #executeAndCollect(String)}. */
    public CloseableIterator<T> executeAndCollect() throws Exception {
        return executeAndCollect("Eddy Streaming Job (collect)");
    }

    /**
     * Adds a collect sink to this stream, submits the job and returns an iterator over the records
     * as they arrive. Close it when done: closing before the end cancels the job. A job failure
     * surfaces from {@code hasNext()}/{@code next()} as a RuntimeException caused by the
     * {@code JobExecutionException}.
     */
    public CloseableIterator<T> executeAndCollect(String jobName) throws Exception {
        TypeInfo<T> type = getType();
        String collectId = UUID.randomUUID().toString();
        OperatorTransformation<Void> sink = new OperatorTransformation<>("Collect Sink", new OperatorKinds.CollectSink(collectId), null,
                List.of(transformation), null);
        sink.setInheritInputParallelism(true);
        environment.addOperator(sink);
        JobClient client = environment.executeAsync(jobName);
        CollectStream stream = JobSubmitter.openCollectStream(client, collectId);
        return new CollectResultIterator<>(client, stream, type.createSerializer(environment.getConfig()));
    }

    /** Runs the job and returns at most the first {@code limit} records of this stream; the job is cancelled if more follow. */
    public List<T> executeAndCollect(int limit) throws Exception {
        return executeAndCollect("Eddy Streaming Job (collect)", limit);
    }

    public List<T> executeAndCollect(String jobName, int limit) throws Exception {
        if (limit < 1) {
            throw new IllegalArgumentException("executeAndCollect limit: " + limit + " (expected: >= 1)");
        }
        List<T> result = new ArrayList<>();
        try (CloseableIterator<T> it = executeAndCollect(jobName)) {
            while (result.size() < limit && it.hasNext()) {
                result.add(it.next());
            }
        }
        return result;
    }
}
