package io.eddy.api.java;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.MapPartitionFunction;
import io.eddy.api.common.functions.Partitioner;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.io.TextOutputFormat;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.common.io.csv.CsvOutputFormat;
import io.eddy.api.common.operators.CrossHint;
import io.eddy.api.common.operators.FilterOperatorBase;
import io.eddy.api.common.operators.FlatMapOperatorBase;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.operators.MapOperatorBase;
import io.eddy.api.common.operators.MapPartitionOperatorBase;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.PartitionMethod;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.java.tuple.Tuple;
import java.util.Objects;

/**
 * A finite collection of records of one type. Operations return new data sets; nothing runs until
 * the program is complete: the data sets its sinks read form the plan ({@link
 * ExecutionEnvironment#createProgramPlan}).
 *
 * <p>Checks happen at the call where they can: functions must serialize, key and sort fields must
 * exist and be key types (the error names the operation and lists the fields). Output types are
 * extracted from functions lazily, when first needed, so {@code .returns(...)} and {@code
 * .name(...)} can follow the operation; an erased lambda's error names the operator and says to
 * add {@code .returns(...)}. Not thread-safe: a program is built on one thread.
 *
 * @param <T> the record type
 */
public abstract class DataSet<T> {

    private final ExecutionEnvironment environment;

    protected DataSet(ExecutionEnvironment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    public ExecutionEnvironment getExecutionEnvironment() {
        return environment;
    }

    /**
     * The record type.
     *
     * @throws InvalidTypesException if it cannot be determined and was not given with {@code returns(...)}
     */
    public abstract TypeInfo<T> getType();

    /** The name of the operation producing this data set. */
    public abstract String getName();

    // ---- record-at-a-time -------------------------------------------------------------------

    /** One record out per record in. */
    public <R> SingleInputUdfOperator<T, R> map(MapFunction<T, R> mapper) {
        Objects.requireNonNull(mapper, () -> "map on '" + getName() + "': the function is null");
        TypeInfo<T> in = getType();
        return new SingleInputUdfOperator<>(this, "Map", mapper,
                name -> TypeExtractor.getOutputType(mapper, MapFunction.class, 1, new TypeInfo<?>[] {in}, name),
                (info, f, input, props) -> new MapOperatorBase<>(info, cast(f), input, props));
    }

    /** Zero or more records out per record in; a lambda needs {@code .returns(...)} (its collector's type is erased). */
    public <R> SingleInputUdfOperator<T, R> flatMap(FlatMapFunction<T, R> flatMapper) {
        Objects.requireNonNull(flatMapper, () -> "flatMap on '" + getName() + "': the function is null");
        TypeInfo<T> in = getType();
        return new SingleInputUdfOperator<>(this, "FlatMap", flatMapper,
                name -> TypeExtractor.getOutputType(flatMapper, FlatMapFunction.class, 1, new TypeInfo<?>[] {in}, name),
                (info, f, input, props) -> new FlatMapOperatorBase<>(info, cast(f), input, props));
    }

    /** All records of each parallel partition to one call of {@code function}. */
    public <R> SingleInputUdfOperator<T, R> mapPartition(MapPartitionFunction<T, R> function) {
        Objects.requireNonNull(function, () -> "mapPartition on '" + getName() + "': the function is null");
        TypeInfo<T> in = getType();
        return new SingleInputUdfOperator<>(this, "MapPartition", function,
                name -> TypeExtractor.getOutputType(function, MapPartitionFunction.class, 1, new TypeInfo<?>[] {in}, name),
                (info, f, input, props) -> new MapPartitionOperatorBase<>(info, cast(f), input, props));
    }

    /** The records for which {@code filter} returns true; every field is forwarded. */
    public SingleInputUdfOperator<T, T> filter(FilterFunction<T> filter) {
        Objects.requireNonNull(filter, () -> "filter on '" + getName() + "': the function is null");
        TypeInfo<T> in = getType();
        return new SingleInputUdfOperator<>(this, "Filter", filter, name -> in,
                (info, f, input, props) -> new FilterOperatorBase<>(info, cast(f), input));
    }

    /**
     * A tuple of the fields at {@code positions} of this tuple data set, in that order.
     *
     * @throws IllegalArgumentException if the records are not tuples, or a position does not exist
     */
    public <R extends Tuple> SingleInputUdfOperator<T, R> project(int... positions) {
        return Projections.project(this, positions);
    }

    // ---- whole data set -----------------------------------------------------------------------

    /** Combines all records pairwise into one. */
    public SingleInputUdfOperator<T, T> reduce(ReduceFunction<T> reducer) {
        return Operations.reduce(this, null, reducer);
    }

    /** Passes all records to one call of {@code reducer}. */
    public <R> SingleInputUdfOperator<T, R> reduceGroup(GroupReduceFunction<T, R> reducer) {
        return Operations.reduceGroup(this, null, null, reducer);
    }

    /** Combines the records of each partition locally. */
    public <R> SingleInputUdfOperator<T, R> combineGroup(GroupCombineFunction<T, R> combiner) {
        return Operations.combineGroup(this, null, null, combiner);
    }

    /** Aggregates field {@code field} over all records; {@code and(...)} adds more fields. */
    public AggregateOperator<T> aggregate(Aggregations aggregation, int field) {
        return Operations.aggregate(this, null, aggregation, field);
    }

    public AggregateOperator<T> sum(int field) {
        return aggregate(Aggregations.SUM, field);
    }

    public AggregateOperator<T> min(int field) {
        return aggregate(Aggregations.MIN, field);
    }

    public AggregateOperator<T> max(int field) {
        return aggregate(Aggregations.MAX, field);
    }

    /** The record with the smallest values of {@code fields} (compared in order). */
    public SingleInputUdfOperator<T, T> minBy(int... fields) {
        return Operations.selectBy(this, null, false, fields);
    }

    /** The record with the largest values of {@code fields} (compared in order). */
    public SingleInputUdfOperator<T, T> maxBy(int... fields) {
        return Operations.selectBy(this, null, true, fields);
    }

    /** Some {@code n} records of the data set. */
    public SingleInputUdfOperator<T, T> first(int n) {
        return Operations.first(this, null, null, n);
    }

    /** One record per distinct value (all fields are the key). */
    public SingleInputUdfOperator<T, T> distinct() {
        return Operations.distinct(this, Operations.keys(this, "distinct", "*"));
    }

    /** One record per distinct value of the fields at {@code positions}. */
    public SingleInputUdfOperator<T, T> distinct(int... positions) {
        return Operations.distinct(this, Operations.keys(this, "distinct", positions));
    }

    /** One record per distinct value of the named fields. */
    public SingleInputUdfOperator<T, T> distinct(String... fields) {
        return Operations.distinct(this, Operations.keys(this, "distinct", fields));
    }

    /** One record per distinct key computed by {@code selector}. */
    public <K> SingleInputUdfOperator<T, T> distinct(KeySelector<T, K> selector) {
        return Operations.distinct(this, Operations.keys(this, "distinct", selector));
    }

    // ---- grouping -----------------------------------------------------------------------------

    /** Groups by the fields at {@code positions} (of tuples, records, POJOs; 0 for an atomic type). */
    public UnsortedGrouping<T> groupBy(int... positions) {
        return new UnsortedGrouping<>(this, Operations.keys(this, "groupBy", positions));
    }

    /** Groups by the named fields ({@code "f0"}, {@code "name"}, {@code "address.city"}). */
    public UnsortedGrouping<T> groupBy(String... fields) {
        return new UnsortedGrouping<>(this, Operations.keys(this, "groupBy", fields));
    }

    /** Groups by the key {@code selector} computes; its type is extracted from the selector. */
    public <K> UnsortedGrouping<T> groupBy(KeySelector<T, K> selector) {
        return new UnsortedGrouping<>(this, Operations.keys(this, "groupBy", selector));
    }

    // ---- two inputs ---------------------------------------------------------------------------

    /** An inner join with {@code other}: {@code .where(...).equalTo(...)}, then optionally {@code .with(function)}. */
    public <R> JoinOperatorSets<T, R> join(DataSet<R> other) {
        return join(other, JoinHint.OPTIMIZER_CHOOSES);
    }

    /** An inner join run as {@code hint} says. */
    public <R> JoinOperatorSets<T, R> join(DataSet<R> other, JoinHint hint) {
        return new JoinOperatorSets<>(this, other, hint);
    }

    /** Same as {@code join(other, BROADCAST_HASH_SECOND)}: {@code other} is small. */
    public <R> JoinOperatorSets<T, R> joinWithTiny(DataSet<R> other) {
        return join(other, JoinHint.BROADCAST_HASH_SECOND);
    }

    /** Same as {@code join(other, BROADCAST_HASH_FIRST)}: this data set is small. */
    public <R> JoinOperatorSets<T, R> joinWithHuge(DataSet<R> other) {
        return join(other, JoinHint.BROADCAST_HASH_FIRST);
    }

    /** A join keeping records of this data set without a match (the function gets null for the other side). */
    public <R> OuterJoinOperatorSets<T, R> leftOuterJoin(DataSet<R> other) {
        return leftOuterJoin(other, JoinHint.OPTIMIZER_CHOOSES);
    }

    public <R> OuterJoinOperatorSets<T, R> leftOuterJoin(DataSet<R> other, JoinHint hint) {
        return new OuterJoinOperatorSets<>(this, other, JoinType.LEFT_OUTER, hint);
    }

    /** A join keeping records of {@code other} without a match. */
    public <R> OuterJoinOperatorSets<T, R> rightOuterJoin(DataSet<R> other) {
        return rightOuterJoin(other, JoinHint.OPTIMIZER_CHOOSES);
    }

    public <R> OuterJoinOperatorSets<T, R> rightOuterJoin(DataSet<R> other, JoinHint hint) {
        return new OuterJoinOperatorSets<>(this, other, JoinType.RIGHT_OUTER, hint);
    }

    /** A join keeping unmatched records of both sides. */
    public <R> OuterJoinOperatorSets<T, R> fullOuterJoin(DataSet<R> other) {
        return fullOuterJoin(other, JoinHint.OPTIMIZER_CHOOSES);
    }

    public <R> OuterJoinOperatorSets<T, R> fullOuterJoin(DataSet<R> other, JoinHint hint) {
        return new OuterJoinOperatorSets<>(this, other, JoinType.FULL_OUTER, hint);
    }

    /** Groups both data sets by key and passes each key's two groups to a function: {@code .where(...).equalTo(...).with(f)}. */
    public <R> CoGroupOperatorSets<T, R> coGroup(DataSet<R> other) {
        return new CoGroupOperatorSets<>(this, other);
    }

    /** The Cartesian product; {@code Tuple2(this, other)} pairs unless {@code .with(function)}. */
    public <R> DefaultCross<T, R> cross(DataSet<R> other) {
        return new DefaultCross<>(this, other, CrossHint.OPTIMIZER_CHOOSES);
    }

    /** The Cartesian product with a small {@code other}, which is broadcast. */
    public <R> DefaultCross<T, R> crossWithTiny(DataSet<R> other) {
        return new DefaultCross<>(this, other, CrossHint.SECOND_IS_SMALL);
    }

    /** The Cartesian product with a large {@code other}; this data set is broadcast. */
    public <R> DefaultCross<T, R> crossWithHuge(DataSet<R> other) {
        return new DefaultCross<>(this, other, CrossHint.FIRST_IS_SMALL);
    }

    /** The records of this data set and of {@code other} (of the same type). */
    public UnionOperator<T> union(DataSet<T> other) {
        return new UnionOperator<>(this, other);
    }

    // ---- iterations ---------------------------------------------------------------------------

    /**
     * Opens a bulk iteration with this data set as the initial partial solution: build the loop
     * body on the returned data set and close it with {@link IterativeDataSet#closeWith(DataSet)}.
     * The loop runs at most {@code maxIterations} supersteps (docs/iterations.md).
     *
     * @throws IllegalArgumentException if {@code maxIterations} is below 1
     */
    public IterativeDataSet<T> iterate(int maxIterations) {
        return new IterativeDataSet<>(this, maxIterations);
    }

    /**
     * Opens a delta iteration with this data set as the initial solution set, keyed on the fields at
     * {@code keyPositions}, and {@code workset} as the initial workset; close it with {@link
     * DeltaIteration#closeWith(DataSet, DataSet)}.
     *
     * @throws IllegalArgumentException if {@code maxIterations} is below 1 or a key position does not exist
     */
    public <W> DeltaIteration<T, W> iterateDelta(DataSet<W> workset, int maxIterations, int... keyPositions) {
        Objects.requireNonNull(workset, () -> "iterateDelta on '" + getName() + "': the workset is null");
        return new DeltaIteration<>(this, workset, Operations.keys(this, "iterateDelta", keyPositions), maxIterations);
    }

    /** Like {@link #iterateDelta(DataSet, int, int...)}, keyed on field expressions ({@code "id"}, {@code "f0"}). */
    public <W> DeltaIteration<T, W> iterateDelta(DataSet<W> workset, int maxIterations, String... keyFields) {
        Objects.requireNonNull(workset, () -> "iterateDelta on '" + getName() + "': the workset is null");
        return new DeltaIteration<>(this, workset, Operations.keys(this, "iterateDelta", keyFields), maxIterations);
    }

    /** Like {@link #iterateDelta(DataSet, int, int...)}, keyed on what {@code keySelector} returns. */
    public <W, K> DeltaIteration<T, W> iterateDelta(DataSet<W> workset, int maxIterations, KeySelector<T, K> keySelector) {
        Objects.requireNonNull(workset, () -> "iterateDelta on '" + getName() + "': the workset is null");
        return new DeltaIteration<>(this, workset, Operations.keys(this, "iterateDelta", keySelector), maxIterations);
    }

    // ---- partitioning and order ---------------------------------------------------------------

    /** Hash-partitions by the fields at {@code positions}. */
    public PartitionOperator<T> partitionByHash(int... positions) {
        return new PartitionOperator<>(this, PartitionMethod.HASH, Operations.keys(this, "partitionByHash", positions));
    }

    public PartitionOperator<T> partitionByHash(String... fields) {
        return new PartitionOperator<>(this, PartitionMethod.HASH, Operations.keys(this, "partitionByHash", fields));
    }

    public <K> PartitionOperator<T> partitionByHash(KeySelector<T, K> selector) {
        return new PartitionOperator<>(this, PartitionMethod.HASH, Operations.keys(this, "partitionByHash", selector));
    }

    /** Range-partitions (ascending) by the fields at {@code positions}; boundaries come from a sample. */
    public PartitionOperator<T> partitionByRange(int... positions) {
        return new PartitionOperator<>(this, PartitionMethod.RANGE, Operations.keys(this, "partitionByRange", positions));
    }

    public PartitionOperator<T> partitionByRange(String... fields) {
        return new PartitionOperator<>(this, PartitionMethod.RANGE, Operations.keys(this, "partitionByRange", fields));
    }

    public <K> PartitionOperator<T> partitionByRange(KeySelector<T, K> selector) {
        return new PartitionOperator<>(this, PartitionMethod.RANGE, Operations.keys(this, "partitionByRange", selector));
    }

    /**
     * Partitions by {@code partitioner} over the field at {@code position} (a tuple's field or a
     * POJO's, by position): the next operator's subtask {@code partitioner.partition(field,
     * parallelism)} gets the record. The next operator sees no partitioning property (a {@code
     * groupBy} after it shuffles again).
     */
    public <K> PartitionOperator<T> partitionCustom(Partitioner<K> partitioner, int position) {
        FieldAccessor<T, K> field = FieldAccessors.create(getType(), position, "partitionCustom on '" + getName() + "'");
        return new PartitionOperator<>(this, partitioner, new io.eddy.optimizer.functions.CustomPartitioning.FieldKey<>(field));
    }

    /** Like {@link #partitionCustom(Partitioner, int)}, over the (possibly nested) field {@code field} ({@code "f0"}, {@code "user.id"}). */
    public <K> PartitionOperator<T> partitionCustom(Partitioner<K> partitioner, String field) {
        FieldAccessor<T, K> accessor = FieldAccessors.create(getType(), Objects.requireNonNull(field, "partitionCustom: field"),
                "partitionCustom on '" + getName() + "'");
        return new PartitionOperator<>(this, partitioner, new io.eddy.optimizer.functions.CustomPartitioning.FieldKey<>(accessor));
    }

    /** Like {@link #partitionCustom(Partitioner, int)}, over what {@code keySelector} returns for each record. */
    public <K> PartitionOperator<T> partitionCustom(Partitioner<K> partitioner, KeySelector<T, K> keySelector) {
        return new PartitionOperator<>(this, partitioner, keySelector);
    }

    /** Spreads the records evenly (round-robin) over the next operator's subtasks. */
    public PartitionOperator<T> rebalance() {
        return new PartitionOperator<>(this, PartitionMethod.REBALANCE, null);
    }

    /** Sorts each partition locally by field {@code position}. */
    public SortPartitionOperator<T> sortPartition(int position, Order order) {
        return new SortPartitionOperator<>(this, null, position, order);
    }

    /** Sorts each partition locally by the named field. */
    public SortPartitionOperator<T> sortPartition(String field, Order order) {
        return new SortPartitionOperator<>(this, Objects.requireNonNull(field, "sortPartition: field"), -1, order);
    }

    // ---- sinks --------------------------------------------------------------------------------

    /**
     * Writes each record's {@code toString()} as a line to {@code path}: one file with parallelism 1,
     * otherwise a directory with one file per subtask. An existing path fails the job before it starts
     * (use {@link #writeAsText(String, WriteMode)} with {@code OVERWRITE}).
     */
    public DataSink<T> writeAsText(String path) {
        return writeAsText(path, WriteMode.NO_OVERWRITE);
    }

    public DataSink<T> writeAsText(String path, WriteMode writeMode) {
        Objects.requireNonNull(path, "writeAsText: path");
        TextOutputFormat<T> format = new TextOutputFormat<>(path);
        format.setWriteMode(Objects.requireNonNull(writeMode, "writeAsText: writeMode"));
        return output(format).name("Text Sink: " + path);
    }

    /** Writes tuples or records as CSV lines ({@code "\n"} between records, {@code ","} between fields). */
    public DataSink<T> writeAsCsv(String path) {
        return writeAsCsv(path, "\n", ",", WriteMode.NO_OVERWRITE);
    }

    public DataSink<T> writeAsCsv(String path, WriteMode writeMode) {
        return writeAsCsv(path, "\n", ",", writeMode);
    }

    public DataSink<T> writeAsCsv(String path, String rowDelimiter, String fieldDelimiter) {
        return writeAsCsv(path, rowDelimiter, fieldDelimiter, WriteMode.NO_OVERWRITE);
    }

    /**
     * Writes tuples or Java records as CSV lines.
     *
     * @throws IllegalArgumentException if the records are neither tuples nor records, or a delimiter is empty
     */
    public DataSink<T> writeAsCsv(String path, String rowDelimiter, String fieldDelimiter, WriteMode writeMode) {
        Objects.requireNonNull(path, "writeAsCsv: path");
        TypeInfo<T> type = getType();
        if (!type.isTupleType() && !type.getTypeClass().isRecord()) {
            throw new IllegalArgumentException("writeAsCsv on '" + getName() + "': the records have type " + type
                    + ", but CSV output needs tuples or Java records; map them to a tuple first, or use writeAsText");
        }
        CsvOutputFormat<T> format = new CsvOutputFormat<T>(path).recordDelimiter(rowDelimiter).fieldDelimiter(fieldDelimiter);
        format.setWriteMode(Objects.requireNonNull(writeMode, "writeAsCsv: writeMode"));
        return output(format).name("CSV Sink: " + path);
    }

    /** Writes the records with {@code format}; the sink is registered with the environment. */
    public DataSink<T> output(OutputFormat<T> format) {
        getType();
        DataSink<T> sink = new DataSink<>(this, format, "DataSink (" + (format == null ? "null" : format.getClass().getName()) + ")");
        environment.registerSink(sink);
        return sink;
    }

    // ---- running and collecting -------------------------------------------------------------

    /**
     * Runs the job (with all sinks defined so far) and returns the records of this data set, sent
     * back to the client by a collect sink. Meant for small results.
     *
     * @throws io.eddy.executor.JobExecutionException if the job failed, with the root cause
     */
    public java.util.List<T> collect() throws Exception {
        TypeInfo<T> type = getType();
        String collectId = java.util.UUID.randomUUID().toString();
        environment.registerSink(new DataSink<>(this, new io.eddy.optimizer.CollectOutputFormat<>(collectId), "Collect Sink"));
        return environment.executeAndCollect(ExecutionEnvironment.DEFAULT_JOB_NAME + " (collect)", collectId, type);
    }

    /** Runs the job and returns the number of records of this data set (each subtask counts its part). */
    public long count() throws Exception {
        DataSet<Long> counts = mapPartition(new io.eddy.optimizer.functions.CountPartition<T>()).returns(Long.class).name("Count");
        long total = 0;
        for (long n : counts.collect()) {
            total += n;
        }
        return total;
    }

    /** Runs the job and prints the records of this data set to standard output, one per line. */
    public void print() throws Exception {
        for (T record : collect()) {
            System.out.println(record);
        }
    }

    @SuppressWarnings("unchecked")
    private static <F> F cast(Object function) {
        return (F) function;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{name='" + getName() + "'}";
    }
}
