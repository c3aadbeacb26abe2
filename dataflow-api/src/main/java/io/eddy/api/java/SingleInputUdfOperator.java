package io.eddy.api.java;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.operators.CompilerHints;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.common.operators.SingleInputSemanticProperties;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ForwardedFieldsSupport;
import io.eddy.api.java.Operator;
import io.eddy.api.java.PlanTranslator;
import io.eddy.util.InstantiationUtil;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The result of an operation with a function on one input: {@code map}, {@code flatMap}, {@code
 * filter}, {@code mapPartition}, {@code reduce}, {@code reduceGroup}, {@code combineGroup},
 * {@code distinct}, {@code first}, {@code project} and the aggregations. Adds to {@link Operator}
 * the function's forwarded fields ({@link #withForwardedFields}) and broadcast sets ({@link
 * #withBroadcastSet}).
 *
 * <p>The function is checked to be serializable at the call; forwarded fields are checked
 * against the types when the plan is built, and a bad expression names the operator.
 */
public class SingleInputUdfOperator<IN, OUT> extends Operator<OUT> {

    /** Creates the logical operator once the program is complete. */
    @FunctionalInterface
    public interface PlanFactory<IN, OUT> {
        LogicalOperator<OUT> create(OperatorInfo<OUT> info, Function function, PlanInput<IN> input,
                SingleInputSemanticProperties semanticProperties);
    }

    private final DataSet<IN> input;
    private final Function function;
    private final PlanFactory<IN, OUT> factory;
    private final List<String> forwardedFields = new ArrayList<>();
    private final Map<String, DataSet<?>> broadcastSets = new LinkedHashMap<>();
    private Keys keys;
    private Ordering groupOrder;
    private java.util.function.Function<TypeInfo<IN>, SingleInputSemanticProperties> implicitProperties;

    /**
     * @param function the user or built-in function, or null for an operation without one
     * @param outputType gives the output type when first needed, from the operator's name at that
     *     time (an extraction may throw an {@code InvalidTypesException} naming it)
     * @throws IllegalArgumentException if the function is not serializable, naming the operator
     */
    public SingleInputUdfOperator(DataSet<IN> input, String name, Function function,
            java.util.function.Function<String, TypeInfo<OUT>> outputType, PlanFactory<IN, OUT> factory) {
        super(input.getExecutionEnvironment(), name, null);
        this.input = input;
        setOutputTypeFrom(outputType);
        this.function = function;
        this.factory = Objects.requireNonNull(factory, "factory");
        if (function != null) {
            InstantiationUtil.serialize(function, "the function of operator '" + name + "'");
        }
    }

    /** Sets the key over the input and the order within groups (null for none); used by groupings. */
    void setKeys(Keys inputKeys, Ordering order) {
        this.keys = inputKeys;
        this.groupOrder = order;
    }

    /** The forwarded fields a built-in function has by construction, used when the program declares none. */
    void setImplicitSemanticProperties(java.util.function.Function<TypeInfo<IN>, SingleInputSemanticProperties> properties) {
        this.implicitProperties = properties;
    }

    public DataSet<IN> getInput() {
        return input;
    }

    /** The function the plan gets; subclasses that build it from settings override this. */
    protected Function function() {
        return function;
    }

    /**
     * Declares fields the function copies unchanged from its input to its output, e.g. {@code
     * "f0"}, {@code "f1->f2"}, {@code "*"} (see {@link io.eddy.api.common.functions.annotations.ForwardedFields}).
     */
    public SingleInputUdfOperator<IN, OUT> withForwardedFields(String... declarations) {
        forwardedFields.addAll(Arrays.asList(Objects.requireNonNull(declarations, "withForwardedFields: declarations")));
        return this;
    }

    /**
     * Makes the whole of {@code set} available to every parallel instance of the function, under
     * {@code name} in its runtime context.
     *
     * @throws IllegalArgumentException if the name is blank or already used
     */
    public SingleInputUdfOperator<IN, OUT> withBroadcastSet(DataSet<?> set, String name) {
        ForwardedFieldsSupport.addBroadcastSet(broadcastSets, this, set, name, getName());
        return this;
    }

    @Override
    public SingleInputUdfOperator<IN, OUT> name(String newName) {
        super.name(newName);
        return this;
    }

    @Override
    public SingleInputUdfOperator<IN, OUT> setParallelism(int newParallelism) {
        super.setParallelism(newParallelism);
        return this;
    }

    @Override
    public SingleInputUdfOperator<IN, OUT> withCompilerHints(CompilerHints compilerHints) {
        super.withCompilerHints(compilerHints);
        return this;
    }

    @Override
    public SingleInputUdfOperator<IN, OUT> returns(Class<OUT> type) {
        super.returns(type);
        return this;
    }

    @Override
    public SingleInputUdfOperator<IN, OUT> returns(TypeHint<OUT> typeHint) {
        super.returns(typeHint);
        return this;
    }

    @Override
    public SingleInputUdfOperator<IN, OUT> returns(TypeInfo<OUT> type) {
        super.returns(type);
        return this;
    }

    @Override
    LogicalOperator<OUT> translate(PlanTranslator translator) {
        PlanInput<IN> in = translator.input(input).withKeys(keys).withGroupOrder(groupOrder);
        TypeInfo<OUT> type = getType();
        OperatorInfo<OUT> info = translator.info(this, type, broadcastSets);
        Function f = function();
        SingleInputSemanticProperties props;
        Map<Integer, Set<Integer>> declared = ForwardedFieldsSupport.parse(f, ForwardedFieldsSupport.Side.SINGLE, forwardedFields,
                in.type(), type, getName());
        if (!declared.isEmpty()) {
            props = new SingleInputSemanticProperties(declared);
        } else if (implicitProperties != null) {
            props = implicitProperties.apply(in.type());
        } else {
            props = SingleInputSemanticProperties.empty();
        }
        return factory.create(info, f, in, props);
    }
}
