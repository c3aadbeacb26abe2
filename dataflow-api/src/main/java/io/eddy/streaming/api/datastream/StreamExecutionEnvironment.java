package io.eddy.streaming.api.datastream;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.ElementTypes;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.connector.source.NumberSequenceSource;
import io.eddy.api.connector.source.Source;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.ExecutorLookup;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.executor.JobSubmitter;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.streaming.api.CheckpointingMode;
import io.eddy.streaming.api.datastream.CheckpointConfig;
import io.eddy.streaming.api.datastream.DataStreamSource;
import io.eddy.streaming.api.functions.source.FromElementsFunction;
import io.eddy.streaming.api.functions.source.ParallelSourceFunction;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import io.eddy.streaming.api.functions.source.SocketTextStreamFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.streaming.api.functions.source.TextFileSourceFunction;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.StateTypeCheck;
import io.eddy.streaming.api.graph.StreamGraph;
import io.eddy.streaming.api.graph.StreamGraphGenerator;
import io.eddy.streaming.api.graph.Transformation;
import io.eddy.translation.JobGraphWriter;
import io.eddy.translation.PlanRenderer;
import io.eddy.util.InstantiationUtil;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The entry point of a streaming program: creates sources, collects the operators the program
 * defines, and runs them with {@link #execute(String)}, which translates the program into a
 * {@link JobGraph} and submits it to the executor chosen by {@link ExecutionOptions#TARGET}
 * (found through {@link ExecutorLookup}).
 *
 * <p>Not thread-safe: a program is built on one thread.
 */
public class StreamExecutionEnvironment {

    /** The name of jobs run with {@link #execute()}. */
    public static final String DEFAULT_JOB_NAME = "Eddy Streaming Job";

    /** The default buffer timeout in milliseconds. */
    public static final long DEFAULT_BUFFER_TIMEOUT_MILLIS = 100;

    private final Configuration configuration;
    private final SerializerConfig serializerConfig = new SerializerConfig();
    private final List<Transformation<?>> transformations = new ArrayList<>();
    /** The number of streaming loops started so far (their names). */
    private int iterations;
    private int parallelism;
    private int maxParallelism = Transformation.DEFAULT_PARALLELISM;
    private long bufferTimeoutMillis = DEFAULT_BUFFER_TIMEOUT_MILLIS;
    private final CheckpointConfig checkpointConfig = new CheckpointConfig();
    private RestartStrategy restartStrategy;

    protected StreamExecutionEnvironment(Configuration configuration, int parallelism) {
        this.configuration = Objects.requireNonNull(configuration, "configuration");
        setParallelism(parallelism);
    }

    /**
     * The environment of this program: settings from the system properties {@code eddy.*} (so
     * {@code eddy run} can choose the target and the parallelism), the default parallelism the
     * number of cores unless {@link ExecutionOptions#DEFAULT_PARALLELISM} is set.
     */
    public static StreamExecutionEnvironment getExecutionEnvironment() {
        return getExecutionEnvironment(Configuration.fromSystemProperties());
    }

    /**
     * An environment with {@code configuration}; the default parallelism is {@link
     * ExecutionOptions#DEFAULT_PARALLELISM} if set, otherwise the number of cores.
     */
    public static StreamExecutionEnvironment getExecutionEnvironment(Configuration configuration) {
        Integer configured = configuration.get(ExecutionOptions.DEFAULT_PARALLELISM);
        int parallelism = configured != null ? configured : Runtime.getRuntime().availableProcessors();
        return new StreamExecutionEnvironment(configuration, parallelism);
    }

    /** An environment that runs jobs on the embedded cluster in this JVM with default parallelism {@code parallelism}. */
    public static StreamExecutionEnvironment createLocalEnvironment(int parallelism) {
        Configuration conf = Configuration.fromSystemProperties().set(ExecutionOptions.TARGET, "embedded");
        return new StreamExecutionEnvironment(conf, parallelism);
    }

    /** An environment that runs jobs on the embedded cluster, with the number of cores as default parallelism. */
    public static StreamExecutionEnvironment createLocalEnvironment() {
        return createLocalEnvironment(Runtime.getRuntime().availableProcessors());
    }

    // ---- settings ---------------------------------------------------------------------------

    /** Sets the parallelism of operators that set none; validated: >= 1 and <= the max parallelism. */
    public StreamExecutionEnvironment setParallelism(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("setParallelism: " + parallelism + " (expected: >= 1)");
        }
        int max = maxParallelism == Transformation.DEFAULT_PARALLELISM ? KeyGroups.UPPER_BOUND_MAX_PARALLELISM : maxParallelism;
        if (parallelism > max) {
            throw new IllegalArgumentException("setParallelism: " + parallelism + " (expected: <= the max parallelism " + max + ")");
        }
        this.parallelism = parallelism;
        return this;
    }

    public int getParallelism() {
        return parallelism;
    }

    /**
     * Sets the maximum parallelism (number of key groups) of operators that set none; by default
     * {@link KeyGroups#DEFAULT_MAX_PARALLELISM}, or the parallelism if that is larger.
     */
    public StreamExecutionEnvironment setMaxParallelism(int maxParallelism) {
        if (maxParallelism < 1 || maxParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("setMaxParallelism: " + maxParallelism + " (expected: between 1 and "
                    + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        if (maxParallelism < parallelism) {
            throw new IllegalArgumentException("setMaxParallelism: " + maxParallelism + " (expected: >= the parallelism " + parallelism + ")");
        }
        this.maxParallelism = maxParallelism;
        return this;
    }

    /** The max parallelism set with {@link #setMaxParallelism}, or -1 for the default. */
    public int getMaxParallelism() {
        return maxParallelism;
    }

    /**
     * Sets how long a partly filled network buffer may wait before it is sent: 0 sends after
     * every record (lowest latency), -1 only full buffers (highest throughput), by default 100 ms.
     */
    public StreamExecutionEnvironment setBufferTimeout(long timeoutMillis) {
        if (timeoutMillis < -1) {
            throw new IllegalArgumentException("setBufferTimeout: " + timeoutMillis
                    + " ms (expected: -1 to flush only full buffers, 0 to flush after every record, or a positive number of milliseconds)");
        }
        this.bufferTimeoutMillis = timeoutMillis;
        return this;
    }

    public long getBufferTimeout() {
        return bufferTimeoutMillis;
    }

    /**
     * Turns on periodic checkpoints, exactly-once, every {@code intervalMillis} (at least 10 ms).
     * Also choose where they go with {@code getCheckpointConfig().setCheckpointStorage(dir)}.
     */
    public StreamExecutionEnvironment enableCheckpointing(long intervalMillis) {
        checkpointConfig.setCheckpointInterval(intervalMillis);
        return this;
    }

    /** Turns on periodic checkpoints every {@code intervalMillis} with {@code mode}. */
    public StreamExecutionEnvironment enableCheckpointing(long intervalMillis, CheckpointingMode mode) {
        checkpointConfig.setCheckpointInterval(intervalMillis);
        checkpointConfig.setCheckpointingMode(mode);
        return this;
    }

    /** The checkpoint settings of jobs of this environment (timeout, pauses, retention, storage). */
    public CheckpointConfig getCheckpointConfig() {
        return checkpointConfig;
    }

    /**
     * How the master restarts jobs of this environment after failures. Without one, a job runs with
     * the cluster's strategy, or with {@link RestartStrategy#DEFAULT_WITH_CHECKPOINTING} if it has
     * checkpointing on and the cluster names none.
     */
    public StreamExecutionEnvironment setRestartStrategy(RestartStrategy strategy) {
        this.restartStrategy = Objects.requireNonNull(strategy, "setRestartStrategy: strategy");
        return this;
    }

    /** The restart strategy set with {@link #setRestartStrategy}, or null. */
    public RestartStrategy getRestartStrategy() {
        return restartStrategy;
    }

    /** The serializer settings of jobs of this environment, e.g. to {@code registerKryoType(...)}. */
    public SerializerConfig getConfig() {
        return serializerConfig;
    }

    public Configuration getConfiguration() {
        return configuration;
    }

    // ---- sources ----------------------------------------------------------------------------

    /**
     * A non-parallel source of the given elements; their type is that of the first element.
     *
     * @throws IllegalArgumentException if there are no elements, one is null, or they differ in class
     */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromElements(T... elements) {
        TypeInfo<T> type = ElementTypes.ofElements(elements);
        return fromCollection(Arrays.asList(elements), type);
    }

    /** A non-parallel source of the given elements, all of {@code type}. */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromElements(Class<T> type, T... elements) {
        return fromCollection(Arrays.asList(elements), TypeInfo.of(type));
    }

    /**
     * A non-parallel source of the collection's elements; their type is that of the first element.
     *
     * @throws IllegalArgumentException if the collection is empty (give the type with {@link #fromCollection(Collection, TypeInfo)})
     */
    public <T> DataStreamSource<T> fromCollection(Collection<T> data) {
        return fromCollection(data, ElementTypes.ofFirst(data));
    }

    /** A non-parallel source of the collection's elements of {@code type}, serialized into the source at plan time. */
    public <T> DataStreamSource<T> fromCollection(Collection<T> data, TypeInfo<T> type) {
        Objects.requireNonNull(data, "fromCollection: data");
        Objects.requireNonNull(type, "fromCollection: type");
        FromElementsFunction<T> function = new FromElementsFunction<>(type.createSerializer(serializerConfig), data);
        return addSource(function, "Collection Source", type);
    }

    /** A parallel source of the numbers {@code from..to}, both inclusive; each subtask emits its own contiguous share. */
    public DataStreamSource<Long> generateSequence(long from, long to) {
        return addSource(new SequenceSourceFunction(from, to), "Sequence Source", TypeInfo.of(Long.class));
    }

    /**
     * A parallel source of the lines of a UTF-8 text file, or of all files of a directory.
     *
     * @throws IllegalArgumentException if the path does not exist (naming it)
     */
    public DataStreamSource<String> readTextFile(String path) {
        return addSource(new TextFileSourceFunction(path), "Text File Source: " + path, TypeInfo.of(String.class));
    }

    /** A non-parallel source of the lines a server sends on {@code host:port}; at most once. */
    public DataStreamSource<String> socketTextStream(String host, int port) {
        return socketTextStream(host, port, "\n");
    }

    /** A non-parallel source of the records, cut at {@code delimiter}, a server sends on {@code host:port}; at most once. */
    public DataStreamSource<String> socketTextStream(String host, int port, String delimiter) {
        return addSource(new SocketTextStreamFunction(host, port, delimiter), "Socket Stream: " + host + ":" + port, TypeInfo.of(String.class));
    }

    public <T> DataStreamSource<T> addSource(SourceFunction<T> function) {
        return addSource(function, "Custom Source", null);
    }

    public <T> DataStreamSource<T> addSource(SourceFunction<T> function, String name) {
        return addSource(function, name, null);
    }

    public <T> DataStreamSource<T> addSource(SourceFunction<T> function, TypeInfo<T> type) {
        return addSource(function, "Custom Source", type);
    }

    /**
     * Adds a source. A {@link ParallelSourceFunction} runs with the default parallelism, any other
     * source with parallelism 1 (more is an error naming the source).
     *
     * @param type the output type, or null to extract it from the function (lazily: an error surfaces
     *     when the type is first needed, unless {@code returns(...)} gives it)
     * @throws IllegalArgumentException if the function is not serializable
     */
    public <T> DataStreamSource<T> addSource(SourceFunction<T> function, String name, TypeInfo<T> type) {
        Objects.requireNonNull(function, "addSource: function");
        InstantiationUtil.serialize(function, "the function of source '" + name + "'");
        OperatorTransformation<T> source = new OperatorTransformation<>(name, OperatorKinds.SOURCE, function, List.of(), type);
        if (type == null) {
            source.setOutputTypeFrom(opName -> TypeExtractor.getOutputType(function, SourceFunction.class, 0, new TypeInfo<?>[0], opName));
        }
        if (!(function instanceof ParallelSourceFunction)) {
            source.setNonParallel();
        }
        return new DataStreamSource<>(this, source);
    }

    /**
     * A parallel source of the numbers {@code from..to}, both inclusive, read on the task thread
     * ({@link NumberSequenceSource}); exactly once with checkpoints, also across rescaling.
     */
    public DataStreamSource<Long> fromSequence(long from, long to) {
        return fromSource(new NumberSequenceSource(from, to), "Sequence Source", TypeInfo.of(Long.class));
    }

    public <T> DataStreamSource<T> fromSource(Source<T, ?> source, String name) {
        return fromSource(source, name, null);
    }

    /**
     * Adds a source whose reader runs on the task thread (docs/sources.md). A parallel source ({@link
     * Source#isParallel()}) runs with the default parallelism, any other with parallelism 1.
     *
     * @param type the output type, or null to extract it from the source's class (lazily, as for
     *     {@link #addSource(SourceFunction, String, TypeInfo)})
     * @throws IllegalArgumentException if the source is not serializable
     */
    public <T> DataStreamSource<T> fromSource(Source<T, ?> source, String name, TypeInfo<T> type) {
        Objects.requireNonNull(source, "fromSource: source");
        Objects.requireNonNull(name, "fromSource: name");
        InstantiationUtil.serialize(source, "the source of '" + name + "'");
        OperatorTransformation<T> transformation = new OperatorTransformation<>(name, OperatorKinds.SOURCE, source, List.of(), type);
        if (type == null) {
            transformation.setOutputTypeFrom(opName -> TypeExtractor.getOutputType(source, Source.class, 0, new TypeInfo<?>[0], opName));
        }
        if (!source.isParallel()) {
            transformation.setNonParallel();
        }
        return new DataStreamSource<>(this, transformation);
    }

    // ---- plan and execution -----------------------------------------------------------------

    /** Registers an operator to be executed; called by the {@code DataStream} methods, not by programs. */
    public void addOperator(Transformation<?> transformation) {
        transformations.add(Objects.requireNonNull(transformation, "transformation"));
    }

    /** A name for a new streaming loop, unique among this environment's loops. */
    String newIterationName() {
        return "iteration-" + (++iterations);
    }

    /** The operators registered so far (unmodifiable view). */
    public List<Transformation<?>> getTransformations() {
        return java.util.Collections.unmodifiableList(transformations);
    }

    /** The stream graph of the operators defined so far; plan errors (also state types that cannot be serialized) surface here. */
    public StreamGraph getStreamGraph() {
        StreamGraph graph = StreamGraphGenerator.generate(transformations, parallelism, maxParallelism);
        StateTypeCheck.check(graph, serializerConfig);
        return graph;
    }

    /** The job graph of the operators defined so far, without running it (for tests and {@code eddy plan}). */
    public JobGraph getJobGraph(String jobName) {
        return JobGraphWriter.write(getStreamGraph().toPhysicalPlan(jobName), bufferTimeoutMillis, serializerConfig, jobSettings());
    }

    /**
     * The job's settings: the program configuration's checkpoint, state, savepoint and restart
     * options, overridden by what {@link #getCheckpointConfig()} and {@link #setRestartStrategy} set;
     * checked here, so a bad combination fails at plan time.
     */
    private Map<String, String> jobSettings() {
        Map<String, String> settings = new TreeMap<>();
        for (Map.Entry<String, String> e : configuration.toMap().entrySet()) {
            String key = e.getKey();
            if (key.startsWith("execution.checkpointing.") || key.startsWith("state.") || key.startsWith("execution.savepoint.")) {
                settings.put(key, e.getValue());
            }
        }
        settings.putAll(checkpointConfig.toSettings());
        settings.putAll(RestartStrategy.jobSettings(configuration, restartStrategy));
        CheckpointConfig.validate(new Configuration(settings), ExecutorLookup.target(configuration));
        return settings;
    }

    /** The stream graph as JSON, in the format of {@link PlanRenderer}: nodes with their inputs, ship strategies and parallelism. */
    public String getStreamGraphAsJson() {
        return PlanRenderer.json(getStreamGraph().toPhysicalPlan(DEFAULT_JOB_NAME));
    }

    /** Same as {@link #getStreamGraphAsJson()}. */
    public String getExecutionPlan() {
        return getStreamGraphAsJson();
    }

    /** Runs the program as a job named {@link #DEFAULT_JOB_NAME}; see {@link #execute(String)}. */
    public JobExecutionResult execute() throws Exception {
        return execute(DEFAULT_JOB_NAME);
    }

    /**
     * Runs the operators defined so far as one job and waits for it to finish. Afterwards the
     * environment is empty, ready for the next job.
     *
     * @throws JobExecutionException if the job failed, with the root cause
     * @throws IllegalArgumentException for plan errors, naming the operator
     * @throws InterruptedException if interrupted while waiting; the job is then cancelled
     */
    public JobExecutionResult execute(String jobName) throws Exception {
        try (JobClient client = executeAsync(jobName)) {
            return JobSubmitter.awaitResult(client);
        }
    }

    /**
     * Submits the operators defined so far as one job and returns at once. The environment is
     * then empty, ready for the next job (it keeps the operators if the plan is invalid or no
     * executor is found).
     *
     * @throws IllegalStateException if no executor serves the configured target
     */
    public JobClient executeAsync(String jobName) throws Exception {
        return JobSubmitter.submit(configuration, getJobGraph(jobName), transformations::clear);
    }
}
