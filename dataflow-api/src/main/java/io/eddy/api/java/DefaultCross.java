package io.eddy.api.java;

import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.common.operators.CrossHint;
import io.eddy.api.common.operators.CrossOperatorBase;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.functions.DefaultCrossFunction;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.api.java.tuple.Tuple2;

/**
 * A cross product: used as is, it yields a {@code Tuple2(first, second)} per pair; {@link #with}
 * applies a function instead (and the default cross is dropped).
 */
public final class DefaultCross<L, R> extends TwoInputUdfOperator<L, R, Tuple2<L, R>> {

    private final CrossHint hint;

    public DefaultCross(DataSet<L> first, DataSet<R> second, CrossHint hint) {
        super(Inputs.unkeyed(first, second), "Cross", new DefaultCrossFunction<L, R>(), name -> pairType(first, second),
                (info, f, in) -> new CrossOperatorBase<>(info, Operations.cast(f), in, hint));
        this.hint = java.util.Objects.requireNonNull(hint, "cross: hint");
        setImplicitSemanticProperties(pairProperties(getFirstInput().getType(), getSecondInput().getType()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <L, R> TypeInfo<Tuple2<L, R>> pairType(DataSet<L> first, DataSet<R> second) {
        return (TypeInfo) new TupleTypeInfo<>(first.getType(), second.getType());
    }

    /** Projects the pairs to a tuple, starting with fields of the first input (none: its whole value). */
    public <O extends Tuple> ProjectedPair<L, R, O> projectFirst(int... positions) {
        return ProjectedPair.start(inputs(), new ProjectedPair.Kind(false, null, hint), 0, positions);
    }

    /** Projects the pairs to a tuple, starting with fields of the second input (none: its whole value). */
    public <O extends Tuple> ProjectedPair<L, R, O> projectSecond(int... positions) {
        return ProjectedPair.start(inputs(), new ProjectedPair.Kind(false, null, hint), 1, positions);
    }

    /** Applies {@code function} to each pair; its output type is extracted from it (else {@code .returns(...)}). */
    public <O> TwoInputUdfOperator<L, R, O> with(CrossFunction<L, R, O> function) {
        java.util.Objects.requireNonNull(function, "Cross.with: the cross function is null");
        TypeInfo<L> t1 = getFirstInput().getType();
        TypeInfo<R> t2 = getSecondInput().getType();
        return new TwoInputUdfOperator<>(inputs(), "Cross", function,
                name -> TypeExtractor.getOutputType(function, CrossFunction.class, 2, new TypeInfo<?>[] {t1, t2}, name),
                (info, f, in) -> new CrossOperatorBase<>(info, Operations.cast(f), in, hint));
    }
}
