package io.eddy.api.java;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.io.CollectionInputFormat;
import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.NumberSequenceInputFormat;
import io.eddy.api.common.io.TextInputFormat;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.ElementTypes;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.IterationOptions;
import io.eddy.configuration.WorkerMemoryOptions;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.executor.JobSubmitter;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.optimizer.BatchCompiler;
import io.eddy.optimizer.CompiledPlan;
import io.eddy.optimizer.OptimizerOptions;
import io.eddy.optimizer.PlanCaptured;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The entry point of a batch program: creates data sources, collects the sinks the program
 * defines, and builds the program's logical {@link Plan} ({@link #createProgramPlan}), which the
 * optimizer compiles. The factories mirror {@code StreamExecutionEnvironment}'s.
 *
 * <p>Not thread-safe: a program is built on one thread.
 */
public class ExecutionEnvironment {

    /** The job name of {@link #createProgramPlan()}. */
    public static final String DEFAULT_JOB_NAME = "Eddy Batch Job";

    private final Configuration configuration;
    private final SerializerConfig serializerConfig = new SerializerConfig();
    private final List<DataSink<?>> sinks = new ArrayList<>();
    private int parallelism;
    /** Set by {@link #setRestartStrategy}; null: the configuration's or the cluster's strategy. */
    private RestartStrategy restartStrategy;

    protected ExecutionEnvironment(Configuration configuration, int parallelism) {
        this.configuration = Objects.requireNonNull(configuration, "configuration");
        setParallelism(parallelism);
    }

    /**
     * The environment of this program: settings from the system properties {@code eddy.*}, the
     * default parallelism the number of cores unless {@link ExecutionOptions#DEFAULT_PARALLELISM} is set.
     */
    public static ExecutionEnvironment getExecutionEnvironment() {
        return getExecutionEnvironment(Configuration.fromSystemProperties());
    }

    /** An environment with {@code configuration}; default parallelism from {@link ExecutionOptions#DEFAULT_PARALLELISM}, else the number of cores. */
    public static ExecutionEnvironment getExecutionEnvironment(Configuration configuration) {
        Integer configured = configuration.get(ExecutionOptions.DEFAULT_PARALLELISM);
        int parallelism = configured != null ? configured : Runtime.getRuntime().availableProcessors();
        return new ExecutionEnvironment(configuration, parallelism);
    }

    /** An environment for the embedded cluster in this JVM with default parallelism {@code parallelism}. */
    public static ExecutionEnvironment createLocalEnvironment(int parallelism) {
        Configuration conf = Configuration.fromSystemProperties().set(ExecutionOptions.TARGET, "embedded");
        return new ExecutionEnvironment(conf, parallelism);
    }

    /** An environment for the embedded cluster, with the number of cores as default parallelism. */
    public static ExecutionEnvironment createLocalEnvironment() {
        return createLocalEnvironment(Runtime.getRuntime().availableProcessors());
    }

    // ---- settings ---------------------------------------------------------------------------

    /** Sets the parallelism of operators that set none; between 1 and {@link KeyGroups#UPPER_BOUND_MAX_PARALLELISM}. */
    public ExecutionEnvironment setParallelism(int newParallelism) {
        if (newParallelism < 1 || newParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("setParallelism: " + newParallelism + " (expected: between 1 and "
                    + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        this.parallelism = newParallelism;
        return this;
    }

    public int getParallelism() {
        return parallelism;
    }

    /**
     * How the master restarts jobs of this environment after failures: a batch job restarts only the
     * regions that must run again (docs/failover.md). Without one, the {@code restart-strategy} keys
     * of the environment's configuration apply, else the cluster's strategy.
     */
    public ExecutionEnvironment setRestartStrategy(RestartStrategy strategy) {
        this.restartStrategy = Objects.requireNonNull(strategy, "setRestartStrategy: strategy");
        return this;
    }

    /** The restart strategy set with {@link #setRestartStrategy}, or null. */
    public RestartStrategy getRestartStrategy() {
        return restartStrategy;
    }

    /**
     * Makes every loop of this environment's jobs write a snapshot every {@code everySupersteps}
     * supersteps (bulk: the partial solution; delta: the solution set and the workset), under the
     * checkpoint directory ({@code state.checkpoints.dir}) of the job or the cluster. A loop whose
     * worker fails then resumes after its latest snapshot instead of at superstep 1, with the same
     * result (docs/iterations.md, "Snapshots and recovery").
     *
     * @throws IllegalArgumentException if {@code everySupersteps} is not positive
     */
    public ExecutionEnvironment enableIterationSnapshots(int everySupersteps) {
        if (everySupersteps < 1) {
            throw new IllegalArgumentException("enableIterationSnapshots: every " + everySupersteps
                    + " supersteps (expected: at least 1; leave it unset for no snapshots)");
        }
        configuration.set(IterationOptions.SNAPSHOT_INTERVAL, everySupersteps);
        return this;
    }

    /**
     * As {@link #enableIterationSnapshots(int)}, with the snapshots under {@code directory} (a URI
     * such as {@code hdfs://nn/eddy/iterations} or {@code file:///tmp/eddy}).
     */
    public ExecutionEnvironment enableIterationSnapshots(int everySupersteps, String directory) {
        Objects.requireNonNull(directory, "enableIterationSnapshots: directory");
        if (directory.isBlank()) {
            throw new IllegalArgumentException("enableIterationSnapshots: an empty directory (expected: a URI, e.g. hdfs://nn/eddy/iterations)");
        }
        enableIterationSnapshots(everySupersteps);
        configuration.set(IterationOptions.SNAPSHOT_DIR, directory);
        return this;
    }

    /** The job settings of this environment: the restart strategy and the loops' snapshot settings. */
    private Map<String, String> jobSettings() {
        Map<String, String> settings = new TreeMap<>(RestartStrategy.jobSettings(configuration, restartStrategy));
        configuration.toMap().forEach((key, value) -> {
            if (key.startsWith("iteration.") || key.equals(CheckpointingOptions.CHECKPOINTS_DIR.key())) {
                settings.put(key, value);
            }
        });
        return settings;
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
    public final <T> DataSource<T> fromElements(T... elements) {
        TypeInfo<T> type = ElementTypes.ofElements(elements);
        return fromCollection(Arrays.asList(elements), type);
    }

    /** A non-parallel source of the given elements, all of {@code type}. */
    @SafeVarargs
    public final <T> DataSource<T> fromElements(Class<T> type, T... elements) {
        return fromCollection(Arrays.asList(elements), TypeInfo.of(type));
    }

    /**
     * A non-parallel source of the collection's elements; their type is that of the first element.
     *
     * @throws IllegalArgumentException if the collection is empty (give the type with {@link #fromCollection(Collection, TypeInfo)})
     */
    public <T> DataSource<T> fromCollection(Collection<T> data) {
        return fromCollection(data, ElementTypes.ofFirst(data));
    }

    /** A non-parallel source of the collection's elements of {@code type}, serialized into the source at plan time. */
    public <T> DataSource<T> fromCollection(Collection<T> data, TypeInfo<T> type) {
        Objects.requireNonNull(data, "fromCollection: data");
        Objects.requireNonNull(type, "fromCollection: type");
        CollectionInputFormat<T> format = new CollectionInputFormat<>(data, type.createSerializer(serializerConfig));
        return new DataSource<>(this, format, type, "Collection Source", true);
    }

    /** A parallel source of the numbers {@code from..to}, both inclusive. */
    public DataSource<Long> generateSequence(long from, long to) {
        return new DataSource<>(this, new NumberSequenceInputFormat(from, to), TypeInfo.of(Long.class), "Sequence Source", false);
    }

    /**
     * A parallel source of the lines of a UTF-8 text file, or of the files of a directory; a path
     * without a scheme is local, {@code hdfs://...} is read through the Hadoop FileSystem. A missing
     * path fails the job before any task starts, naming the path.
     */
    public DataSource<String> readTextFile(String path) {
        Objects.requireNonNull(path, "readTextFile: path");
        return new DataSource<>(this, new TextInputFormat(path), TypeInfo.of(String.class), "Text Source: " + path, false);
    }

    /** A CSV source, configured with the returned reader and typed by its {@code types(...)}, {@code pojoType(...)} or {@code tupleType(...)}. */
    public CsvReader readCsvFile(String path) {
        return new CsvReader(Objects.requireNonNull(path, "readCsvFile: path"), this);
    }

    /**
     * A source reading with {@code format}; the record type is the one a {@link
     * io.eddy.api.common.typeinfo.ResultTypeQueryable} format gives, else the format's type argument.
     *
     * @throws InvalidTypesException if the format class does not bind its record type (give it with {@link #createInput(InputFormat, TypeInfo)})
     */
    public <T> DataSource<T> createInput(InputFormat<T, ?> format) {
        Objects.requireNonNull(format, "createInput: format");
        if (format instanceof io.eddy.api.common.typeinfo.ResultTypeQueryable<?> queryable) {
            @SuppressWarnings("unchecked")
            TypeInfo<T> produced = (TypeInfo<T>) Objects.requireNonNull(queryable.getProducedType(),
                    () -> "createInput: " + format.getClass().getName() + ".getProducedType() returned null");
            return createInput(format, produced);
        }
        TypeInfo<T> type;
        try {
            type = TypeExtractor.createTypeInfoFromSubclass(format.getClass(), InputFormat.class, 0, "createInput(" + format.getClass().getName() + ")");
        } catch (InvalidTypesException | IllegalArgumentException e) {
            throw new InvalidTypesException("createInput: the record type of input format " + format.getClass().getName()
                    + " cannot be determined (" + e.getMessage() + "); give it with createInput(format, typeInfo)", e);
        }
        return createInput(format, type);
    }

    /** A source reading records of {@code type} with {@code format}. */
    public <T> DataSource<T> createInput(InputFormat<T, ?> format, TypeInfo<T> type) {
        Objects.requireNonNull(format, "createInput: format");
        return new DataSource<>(this, format, type, "DataSource (" + format.getClass().getName() + ")", false);
    }

    // ---- plan -------------------------------------------------------------------------------

    /** Registers a sink; called by the {@code DataSet} sink methods. */
    void registerSink(DataSink<?> sink) {
        sinks.add(Objects.requireNonNull(sink, "sink"));
    }

    /** The sinks defined so far (unmodifiable). */
    public List<DataSink<?>> getSinks() {
        return List.copyOf(sinks);
    }

    /** The plan of the program, named {@link #DEFAULT_JOB_NAME}; see {@link #createProgramPlan(String)}. */
    public Plan createProgramPlan() {
        return createProgramPlan(DEFAULT_JOB_NAME);
    }

    /**
     * The logical plan of everything the sinks defined so far read. The sinks stay registered, so
     * the plan can be built again (e.g. printed, then run).
     *
     * @throws IllegalStateException if no sink is defined, saying how to add one
     * @throws InvalidTypesException if an operator's type cannot be determined, naming the operator and {@code .returns(...)}
     * @throws IllegalArgumentException for a bad forwarded-field declaration, naming the operator
     */
    public Plan createProgramPlan(String jobName) {
        Objects.requireNonNull(jobName, "createProgramPlan: jobName");
        return PlanTranslator.createPlan(jobName, sinks, parallelism, serializerConfig);
    }

    // ---- running ----------------------------------------------------------------------------

    /**
     * The plan of the sinks defined so far, compiled by the optimizer ({@code docs/optimizer.md}) for
     * workers with the managed memory this environment's configuration gives.
     */
    public CompiledPlan compile(String jobName) {
        return BatchCompiler.compile(createProgramPlan(jobName), configuration.get(WorkerMemoryOptions.MANAGED_MEMORY_SIZE).bytes());
    }

    /** The job graph of the sinks defined so far, without running it (for tests and {@code eddy plan}). */
    public JobGraph getJobGraph(String jobName) {
        return compile(jobName).toJobGraph(jobSettings());
    }

    /** The optimizer's chosen plan as JSON: nodes, ship and local strategies, estimates, exchange modes. */
    public String getExecutionPlan() {
        return compile(DEFAULT_JOB_NAME).toJson();
    }

    /** Runs the program as a job named {@link #DEFAULT_JOB_NAME}; see {@link #execute(String)}. */
    public JobExecutionResult execute() throws Exception {
        return execute(DEFAULT_JOB_NAME);
    }

    /**
     * Compiles the sinks defined so far into one job, runs it and waits for it to finish; then the
     * sinks are cleared, ready for the next job.
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
     * Compiles and submits the sinks defined so far as one job through the executor of {@link
     * ExecutionOptions#TARGET} (as {@code StreamExecutionEnvironment.executeAsync} does) and
     * returns at once. The sinks are cleared once submitted (kept if the plan is invalid).
     *
     * @throws PlanCaptured instead of submitting, when {@link OptimizerOptions#PLAN_ONLY} is set ({@code eddy plan})
     */
    public JobClient executeAsync(String jobName) throws Exception {
        CompiledPlan compiled = compile(jobName);
        if (Boolean.TRUE.equals(configuration.get(OptimizerOptions.PLAN_ONLY))) {
            throw new PlanCaptured(compiled);
        }
        JobGraph jobGraph = compiled.toJobGraph(jobSettings());
        return JobSubmitter.submit(configuration, jobGraph, sinks::clear);
    }

    /**
     * Runs the job of the sinks defined so far (one of which is the collect sink {@code collectId})
     * and returns the records that sink received. Used by {@code DataSet.collect()}.
     */
    <T> List<T> executeAndCollect(String jobName, String collectId, TypeInfo<T> type) throws Exception {
        try (JobClient client = executeAsync(jobName)) {
            return JobSubmitter.collectAll(client, collectId, type.createSerializer(serializerConfig));
        }
    }
}
