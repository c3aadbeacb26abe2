package io.eddy.api.java;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.operators.CompilerHints;
import io.eddy.api.common.operators.DualInputSemanticProperties;
import io.eddy.api.common.operators.DualInputs;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.common.operators.PlanInput;
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
 * The result of an operation with a function on two inputs: {@code join}, {@code coGroup},
 * {@code cross}. Adds to {@link Operator} the forwarded fields of each input and broadcast sets.
 */
public class TwoInputUdfOperator<IN1, IN2, OUT> extends Operator<OUT> {

    /** Creates the logical operator once the program is complete. */
    @FunctionalInterface
    public interface PlanFactory<IN1, IN2, OUT> {
        LogicalOperator<OUT> create(OperatorInfo<OUT> info, Function function, DualInputs<IN1, IN2> inputs);
    }

    /** The two inputs with their keys and group orders (null where the operation has none). */
    record Inputs<IN1, IN2>(DataSet<IN1> first, Keys keys1, Ordering order1, DataSet<IN2> second, Keys keys2, Ordering order2) {

        static <IN1, IN2> Inputs<IN1, IN2> unkeyed(DataSet<IN1> first, DataSet<IN2> second) {
            return new Inputs<>(first, null, null, second, null, null);
        }
    }

    private final Inputs<IN1, IN2> inputs;
    private final Function function;
    private final PlanFactory<IN1, IN2, OUT> factory;
    private final List<String> forwardedFirst = new ArrayList<>();
    private final List<String> forwardedSecond = new ArrayList<>();
    private final Map<String, DataSet<?>> broadcastSets = new LinkedHashMap<>();
    private DualInputSemanticProperties implicitProperties;

    /**
     * @param outputType gives the output type when first needed, from the operator's name at that time
     * @throws IllegalArgumentException if the function is not serializable, or the inputs belong to different environments
     */
    TwoInputUdfOperator(Inputs<IN1, IN2> inputs, String name, Function function, java.util.function.Function<String, TypeInfo<OUT>> outputType,
            PlanFactory<IN1, IN2, OUT> factory) {
        super(inputs.first().getExecutionEnvironment(), name, null);
        if (inputs.second().getExecutionEnvironment() != inputs.first().getExecutionEnvironment()) {
            throw new IllegalArgumentException("Operator '" + name + "': its inputs '" + inputs.first().getName() + "' and '"
                    + inputs.second().getName() + "' belong to different ExecutionEnvironments; build the program with one environment");
        }
        this.inputs = inputs;
        this.function = Objects.requireNonNull(function, () -> "the function of operator '" + name + "' is null");
        this.factory = Objects.requireNonNull(factory, "factory");
        InstantiationUtil.serialize(function, "the function of operator '" + name + "'");
        setOutputTypeFrom(outputType);
    }

    /** The forwarded fields a built-in function has by construction, used when the program declares none. */
    void setImplicitSemanticProperties(DualInputSemanticProperties properties) {
        this.implicitProperties = properties;
    }

    /**
     * The forwarded fields of a pair {@code Tuple2(first, second)}: the first input's flat fields
     * to the same positions, the second's after them.
     */
    static DualInputSemanticProperties pairProperties(TypeInfo<?> first, TypeInfo<?> second) {
        Map<Integer, Set<Integer>> one = new java.util.TreeMap<>();
        Map<Integer, Set<Integer>> two = new java.util.TreeMap<>();
        int firstFields = first.getTotalFields();
        for (int i = 0; i < firstFields; i++) {
            one.put(i, Set.of(i));
        }
        for (int i = 0; i < second.getTotalFields(); i++) {
            two.put(i, Set.of(firstFields + i));
        }
        return new DualInputSemanticProperties(one, two);
    }

    Inputs<IN1, IN2> inputs() {
        return inputs;
    }

    public DataSet<IN1> getFirstInput() {
        return inputs.first();
    }

    public DataSet<IN2> getSecondInput() {
        return inputs.second();
    }

    /** Declares fields of the first input the function copies unchanged to its output ({@code "f0"}, {@code "f1->f3"}). */
    public TwoInputUdfOperator<IN1, IN2, OUT> withForwardedFieldsFirst(String... declarations) {
        forwardedFirst.addAll(Arrays.asList(Objects.requireNonNull(declarations, "withForwardedFieldsFirst: declarations")));
        return this;
    }

    /** Declares fields of the second input the function copies unchanged to its output. */
    public TwoInputUdfOperator<IN1, IN2, OUT> withForwardedFieldsSecond(String... declarations) {
        forwardedSecond.addAll(Arrays.asList(Objects.requireNonNull(declarations, "withForwardedFieldsSecond: declarations")));
        return this;
    }

    /** Makes the whole of {@code set} available to every parallel instance of the function under {@code name}. */
    public TwoInputUdfOperator<IN1, IN2, OUT> withBroadcastSet(DataSet<?> set, String name) {
        ForwardedFieldsSupport.addBroadcastSet(broadcastSets, this, set, name, getName());
        return this;
    }

    @Override
    public TwoInputUdfOperator<IN1, IN2, OUT> name(String newName) {
        super.name(newName);
        return this;
    }

    @Override
    public TwoInputUdfOperator<IN1, IN2, OUT> setParallelism(int newParallelism) {
        super.setParallelism(newParallelism);
        return this;
    }

    @Override
    public TwoInputUdfOperator<IN1, IN2, OUT> withCompilerHints(CompilerHints compilerHints) {
        super.withCompilerHints(compilerHints);
        return this;
    }

    @Override
    public TwoInputUdfOperator<IN1, IN2, OUT> returns(Class<OUT> type) {
        super.returns(type);
        return this;
    }

    @Override
    public TwoInputUdfOperator<IN1, IN2, OUT> returns(TypeHint<OUT> typeHint) {
        super.returns(typeHint);
        return this;
    }

    @Override
    public TwoInputUdfOperator<IN1, IN2, OUT> returns(TypeInfo<OUT> type) {
        super.returns(type);
        return this;
    }

    @Override
    LogicalOperator<OUT> translate(PlanTranslator translator) {
        PlanInput<IN1> in1 = translator.input(inputs.first()).withKeys(inputs.keys1()).withGroupOrder(inputs.order1());
        PlanInput<IN2> in2 = translator.input(inputs.second()).withKeys(inputs.keys2()).withGroupOrder(inputs.order2());
        TypeInfo<OUT> type = getType();
        OperatorInfo<OUT> info = translator.info(this, type, broadcastSets);
        Map<Integer, Set<Integer>> first = ForwardedFieldsSupport.parse(function, ForwardedFieldsSupport.Side.FIRST, forwardedFirst,
                in1.type(), type, getName());
        Map<Integer, Set<Integer>> second = ForwardedFieldsSupport.parse(function, ForwardedFieldsSupport.Side.SECOND, forwardedSecond,
                in2.type(), type, getName());
        DualInputSemanticProperties props = first.isEmpty() && second.isEmpty() && implicitProperties != null
                ? implicitProperties : new DualInputSemanticProperties(first, second);
        return factory.create(info, function, new DualInputs<>(in1, in2, props));
    }
}
