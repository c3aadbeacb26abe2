package io.eddy.api.java;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.operators.CoGroupOperatorBase;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.DataSet;

/**
 * A coGroup being defined: {@code first.coGroup(second).where(...).equalTo(...)}, optionally
 * {@code .sortFirstGroup(...)} / {@code .sortSecondGroup(...)}, then {@code .with(function)}.
 */
public final class CoGroupOperatorSets<L, R> extends KeyedPairBuilder<L, R, CoGroupOperatorSets.Assigner<L, R>> {

    public CoGroupOperatorSets(DataSet<L> first, DataSet<R> second) {
        super(first, second, "CoGroup");
    }

    @Override
    Assigner<L, R> create(Keys keys1, Keys keys2) {
        return new Assigner<>(new TwoInputUdfOperator.Inputs<>(first, keys1, null, second, keys2, null));
    }

    /** A coGroup with both keys set: optional group orders, then the function. */
    public static final class Assigner<L, R> {

        private final TwoInputUdfOperator.Inputs<L, R> inputs;

        Assigner(TwoInputUdfOperator.Inputs<L, R> inputs) {
            this.inputs = inputs;
        }

        /** Sorts the first input's groups by field {@code position} (more calls add tie-breakers). */
        public Assigner<L, R> sortFirstGroup(int position, Order order) {
            Ordering o = Operations.appendOrder(orElseEmpty(inputs.order1()), inputs.first().getType(), null, position, order,
                    "CoGroup.sortFirstGroup(" + position + ") on '" + inputs.first().getName() + "'");
            return new Assigner<>(new TwoInputUdfOperator.Inputs<>(inputs.first(), inputs.keys1(), o, inputs.second(), inputs.keys2(),
                    inputs.order2()));
        }

        /** Sorts the second input's groups by field {@code position} (more calls add tie-breakers). */
        public Assigner<L, R> sortSecondGroup(int position, Order order) {
            Ordering o = Operations.appendOrder(orElseEmpty(inputs.order2()), inputs.second().getType(), null, position, order,
                    "CoGroup.sortSecondGroup(" + position + ") on '" + inputs.second().getName() + "'");
            return new Assigner<>(new TwoInputUdfOperator.Inputs<>(inputs.first(), inputs.keys1(), inputs.order1(), inputs.second(),
                    inputs.keys2(), o));
        }

        private static Ordering orElseEmpty(Ordering order) {
            return order == null ? Ordering.empty() : order;
        }

        /** Applies {@code function} to each key's pair of groups; its output type is extracted from it (else {@code .returns(...)}). */
        public <O> TwoInputUdfOperator<L, R, O> with(CoGroupFunction<L, R, O> function) {
            java.util.Objects.requireNonNull(function, "CoGroup.with: the coGroup function is null");
            TypeInfo<L> t1 = inputs.first().getType();
            TypeInfo<R> t2 = inputs.second().getType();
            return new TwoInputUdfOperator<>(inputs, "CoGroup", function,
                    name -> TypeExtractor.getOutputType(function, CoGroupFunction.class, 2, new TypeInfo<?>[] {t1, t2}, name),
                    (info, f, in) -> new CoGroupOperatorBase<>(info, Operations.cast(f), in));
        }
    }
}
