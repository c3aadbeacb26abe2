package io.eddy.optimizer;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.operators.CoGroupOperatorBase;
import io.eddy.api.common.operators.DualInputOperator;
import io.eddy.api.common.operators.GroupCombineOperatorBase;
import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.common.operators.SingleInputOperator;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.optimizer.functions.KeyExtractor;
import io.eddy.optimizer.functions.KeyedFunctions;
import io.eddy.optimizer.functions.ValueExtractor;
import java.util.List;

/**
 * Translates operators keyed by a {@code KeySelector} (reduce, groupReduce, groupCombine; join and
 * coGroup when either side is): a map to {@code Tuple2<key, record>} ({@link KeyExtractor}) in
 * front of each input, the driver keyed on field 0 running the program's function wrapped to see
 * the records ({@link KeyedFunctions}), and for reduce a map back to the record after it. The
 * key type must be a single value (not a tuple or POJO).
 */
final class SelectorKeys {

    /** How the rewriter reaches the DAG under construction. */
    interface Builder {
        /** Adds the channels of a logical input reading {@code input} to {@code node}. */
        void connect(OptNode node, int inputIndex, LogicalOperator<?> input, TypeInfo<?> type);

        /** Estimates {@code node} and appends it to the DAG. */
        void append(OptNode node);

        int parallelismOf(LogicalOperator<?> op);
    }

    private SelectorKeys() {}

    /** Whether {@code op} is keyed by a selector on some input. */
    static boolean applies(LogicalOperator<?> op) {
        if (op instanceof ReduceOperatorBase<?> || op instanceof GroupReduceOperatorBase<?, ?> || op instanceof GroupCombineOperatorBase<?, ?>) {
            Keys keys = ((SingleInputOperator<?, ?>) op).getKeys();
            return keys != null && keys.isSelectorKeys();
        }
        if (op instanceof JoinOperatorBase<?, ?, ?> || op instanceof CoGroupOperatorBase<?, ?, ?>) {
            DualInputOperator<?, ?, ?> dual = (DualInputOperator<?, ?, ?>) op;
            return dual.getKeys1().isSelectorKeys() || dual.getKeys2().isSelectorKeys();
        }
        return false;
    }

    /** Adds the nodes of {@code op} and returns the one its consumers read. */
    static OptNode rewrite(LogicalOperator<?> op, Builder builder) {
        int p = builder.parallelismOf(op);
        if (op instanceof SingleInputOperator<?, ?> single) {
            if (single.getGroupOrder() != null && !single.getGroupOrder().isEmpty()) {
                throw new IllegalArgumentException("Operator '" + op.getName() + "': sortGroup with keys given by a KeySelector is not "
                        + "supported by the batch optimizer yet; group by field positions or names instead");
            }
            OptNode extractor = extractor(op, single.getInput(), single.getKeys(), p, builder);
            TypeInfo<?> pairType = extractor.outputType();
            Function fn = wrapSingle(op);
            TypeInfo<?> out = op instanceof ReduceOperatorBase<?> ? pairType : op.getOutputType();
            KeySpec first = KeySpec.of(0);
            OperatorKind kind = op instanceof ReduceOperatorBase<?> ? new BatchKinds.Reduce(first, LocalStrategy.SORT)
                    : op instanceof GroupReduceOperatorBase<?, ?> ? new BatchKinds.GroupReduce(first, null, LocalStrategy.SORT)
                    : new BatchKinds.GroupCombine(first, null);
            OptNode main = new OptNode(-1, op.getName(), kind, op, fn, out, List.of(pairType), null);
            finish(main, p, extractor, 0);
            builder.append(main);
            if (!(op instanceof ReduceOperatorBase<?>)) {
                return main;
            }
            OptNode remover = new OptNode(-1, "Key Remover (" + op.getName() + ")", OperatorKinds.MAP, null, new ValueExtractor<>(),
                    op.getOutputType(), List.of(pairType), null);
            finish(remover, p, main, 0);
            builder.append(remover);
            return remover;
        }
        DualInputOperator<?, ?, ?> dual = (DualInputOperator<?, ?, ?>) op;
        OptNode first = extractor(op, dual.getFirstInput(), dual.getKeys1(), p, builder);
        OptNode second = extractor(op, dual.getSecondInput(), dual.getKeys2(), p, builder);
        boolean join = op instanceof JoinOperatorBase<?, ?, ?>;
        Function fn = join ? new KeyedFunctions.Joiner<>(((JoinOperatorBase<?, ?, ?>) op).getUserFunction())
                : new KeyedFunctions.CoGrouper<>(((CoGroupOperatorBase<?, ?, ?>) op).getUserFunction());
        KeySpec key = KeySpec.of(0);
        OperatorKind kind = op instanceof JoinOperatorBase<?, ?, ?> j ? new BatchKinds.Join(key, key, j.getJoinType(), LocalStrategy.SORT_MERGE)
                : new BatchKinds.CoGroup(key, key, null, null);
        OptNode main = new OptNode(-1, op.getName(), kind, op, fn, op.getOutputType(), List.of(first.outputType(), second.outputType()), null);
        finish(main, p, first, 0);
        Channel c = new Channel(second, 1, second.outputType(), null, null, null);
        main.inputs().add(c);
        builder.append(main);
        return main;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Function wrapSingle(LogicalOperator<?> op) {
        if (op instanceof ReduceOperatorBase<?> r) {
            return new KeyedFunctions.Reducer<>((ReduceFunction) r.getUserFunction());
        }
        if (op instanceof GroupReduceOperatorBase<?, ?> g) {
            GroupReduceFunction fn = g.getUserFunction();
            return g.isCombinable() ? new KeyedFunctions.CombinableGroupReducer<>(fn) : new KeyedFunctions.GroupReducer<>(fn);
        }
        return new KeyedFunctions.GroupCombiner<>((GroupCombineFunction) op.getUserFunction());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static OptNode extractor(LogicalOperator<?> op, PlanInput<?> input, Keys keys, int p, Builder builder) {
        TypeInfo<?> keyType = keys.getKeyType();
        if (keyType instanceof CompositeType<?>) {
            throw new IllegalArgumentException("Operator '" + op.getName() + "': the key " + keys + " is of the composite type " + keyType
                    + "; keys given by a KeySelector (or joined with one) must be a single value for the batch optimizer yet: "
                    + "return one value from the selector (e.g. a String concatenation) or use field keys on both sides");
        }
        TypeInfo<?> pairType = new TupleTypeInfo(Tuple2.class, keyType, input.type());
        OptNode extractor = new OptNode(-1, "Key Extractor (" + op.getName() + ")", OperatorKinds.MAP, null,
                new KeyExtractor<>((KeySelector) keys.getKeySelector()), pairType, List.of(input.type()), null);
        extractor.setParallelism(p);
        builder.connect(extractor, 0, input.operator(), input.type());
        builder.append(extractor);
        return extractor;
    }

    private static void finish(OptNode node, int parallelism, OptNode input, int inputIndex) {
        node.setParallelism(parallelism);
        node.setConsumesMemory(MemoryAssigner.consumesMemory(node.kind()));
        node.inputs().add(new Channel(input, inputIndex, input.outputType(), null, null, null));
    }
}
