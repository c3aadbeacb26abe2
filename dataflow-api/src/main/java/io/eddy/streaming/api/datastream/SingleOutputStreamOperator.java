package io.eddy.streaming.api.datastream;

import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.SideOutputTransformation;
import io.eddy.translation.ChainingStrategy;
import java.util.Objects;

/** The output of one operator, with the operator's settings: name, uid, parallelism, output type, side outputs, chaining. */
public class SingleOutputStreamOperator<T> extends DataStream<T> {

    public SingleOutputStreamOperator(StreamExecutionEnvironment environment, OperatorTransformation<T> operator) {
        super(environment, operator);
    }

    private OperatorTransformation<T> operator() {
        return (OperatorTransformation<T>) transformation;
    }

    /** The name shown in task names, logs, errors and the dashboard. */
    public SingleOutputStreamOperator<T> name(String name) {
        transformation.setName(name);
        return this;
    }

    public String getName() {
        return transformation.getName();
    }

    /** A stable id, unique in the job, that matches the operator's state across versions of the program. */
    public SingleOutputStreamOperator<T> uid(String uid) {
        transformation.setUid(uid);
        return this;
    }

    /**
     * Sets the operator's parallelism.
     *
     * @throws IllegalArgumentException if below 1, above the max parallelism, or above 1 for a non-parallel source
     */
    public SingleOutputStreamOperator<T> setParallelism(int parallelism) {
        transformation.setParallelism(parallelism);
        return this;
    }

    /** Sets the operator's max parallelism (its number of key groups). */
    public SingleOutputStreamOperator<T> setMaxParallelism(int maxParallelism) {
        transformation.setMaxParallelism(maxParallelism);
        return this;
    }

    /** Gives the output type where it cannot be extracted (e.g. a lambda returning a generic type). */
    public SingleOutputStreamOperator<T> returns(Class<T> type) {
        return returns(TypeInfo.of(Objects.requireNonNull(type, "returns: type")));
    }

    /** Gives a generic output type: {@code returns(new TypeHint<Tuple2<String, Integer>>() {})}. */
    public SingleOutputStreamOperator<T> returns(TypeHint<T> typeHint) {
        return returns(Objects.requireNonNull(typeHint, "returns: typeHint").getTypeInfo());
    }

    public SingleOutputStreamOperator<T> returns(TypeInfo<T> type) {
        transformation.setOutputType(Objects.requireNonNull(type, "returns: type"));
        return this;
    }

    /** The records the operator emits to the side output {@code tag} (from a {@code ProcessFunction}'s context). */
    public <X> DataStream<X> getSideOutput(OutputTag<X> tag) {
        Objects.requireNonNull(tag, "getSideOutput: tag");
        return new DataStream<>(environment, new SideOutputTransformation<>(operator(), tag));
    }

    /** Keeps this operator out of any chain: it runs in a task of its own. */
    public SingleOutputStreamOperator<T> disableChaining() {
        transformation.setChainingStrategy(ChainingStrategy.NEVER);
        return this;
    }

    /** Starts a new chain at this operator: it is not chained to its input, but later operators may chain to it. */
    public SingleOutputStreamOperator<T> startNewChain() {
        transformation.setChainingStrategy(ChainingStrategy.HEAD);
        return this;
    }
}
