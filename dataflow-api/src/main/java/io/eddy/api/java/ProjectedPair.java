package io.eddy.api.java;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.operators.CrossHint;
import io.eddy.api.common.operators.CrossOperatorBase;
import io.eddy.api.common.operators.DualInputSemanticProperties;
import io.eddy.api.common.operators.FlatFields;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.Operations;
import io.eddy.api.java.functions.PairProjection;
import io.eddy.api.java.functions.ProjectionCrossFunction;
import io.eddy.api.java.functions.ProjectionJoinFunction;
import io.eddy.api.java.tuple.Tuple;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A join or cross whose output is a tuple of selected fields of both sides: {@code
 * a.join(b).where(0).equalTo(0).projectFirst(0, 2).projectSecond(1)}. Each {@code project*} call
 * returns a new operator with more fields (the previous one is dropped unless used). Positions
 * select fields of tuple inputs; no positions select the input's whole value. The projected
 * fields are declared forwarded.
 *
 * @param <OUT> the tuple type of the output, given by the program (e.g. by assignment)
 */
public final class ProjectedPair<L, R, OUT extends Tuple> extends TwoInputUdfOperator<L, R, OUT> {

    /** Join (with its hint) or cross (with its hint). */
    record Kind(boolean join, JoinHint joinHint, CrossHint crossHint) {
    }

    private final Kind kind;
    private final int[] sides;
    private final int[] positions;

    private ProjectedPair(Inputs<L, R> inputs, Kind kind, int[] sides, int[] positions) {
        super(inputs, kind.join() ? "Join" : "Cross", function(kind, sides, positions), name -> outputType(inputs, sides, positions),
                (info, f, in) -> kind.join() ? new JoinOperatorBase<>(info, Operations.cast(f), in, JoinType.INNER, kind.joinHint())
                        : new CrossOperatorBase<>(info, Operations.cast(f), in, kind.crossHint()));
        this.kind = kind;
        this.sides = sides;
        this.positions = positions;
        setImplicitSemanticProperties(properties(inputs, sides, positions));
    }

    /** The first projection step on a join or cross. */
    static <L, R, O extends Tuple> ProjectedPair<L, R, O> start(Inputs<L, R> inputs, Kind kind, int side, int[] selected) {
        return extend(inputs, kind, new int[0], new int[0], side, selected);
    }

    /** Adds fields of the first input (none: its whole value). */
    public <O extends Tuple> ProjectedPair<L, R, O> projectFirst(int... selected) {
        return extend(inputs(), kind, sides, positions, 0, selected);
    }

    /** Adds fields of the second input (none: its whole value). */
    public <O extends Tuple> ProjectedPair<L, R, O> projectSecond(int... selected) {
        return extend(inputs(), kind, sides, positions, 1, selected);
    }

    private static <L, R, O extends Tuple> ProjectedPair<L, R, O> extend(Inputs<L, R> inputs, Kind kind, int[] sides, int[] positions,
            int side, int[] selected) {
        TypeInfo<?> type = side == 0 ? inputs.first().getType() : inputs.second().getType();
        String what = (side == 0 ? "projectFirst" : "projectSecond") + Arrays.toString(selected) + " on " + (kind.join() ? "join" : "cross")
                + " of '" + inputs.first().getName() + "' and '" + inputs.second().getName() + "'";
        int[] add = selected.length == 0 ? new int[] {-1} : selected.clone();
        if (selected.length > 0 && !(type instanceof TupleTypeInfo<?>)) {
            throw new IllegalArgumentException(what + ": the input has type " + type
                    + ", which is no tuple, so fields cannot be selected; project its whole value with no positions");
        }
        for (int p : selected) {
            FlatFields.of(type, p, what);
        }
        if (sides.length + add.length > Tuple.MAX_ARITY) {
            throw new IllegalArgumentException(what + ": " + (sides.length + add.length) + " fields (expected: at most " + Tuple.MAX_ARITY + ")");
        }
        int[] newSides = Arrays.copyOf(sides, sides.length + add.length);
        int[] newPositions = Arrays.copyOf(positions, positions.length + add.length);
        for (int i = 0; i < add.length; i++) {
            newSides[sides.length + i] = side;
            newPositions[positions.length + i] = add[i];
        }
        return new ProjectedPair<>(inputs, kind, newSides, newPositions);
    }

    private static Function function(Kind kind, int[] sides, int[] positions) {
        PairProjection projection = new PairProjection(sides, positions);
        return kind.join() ? new ProjectionJoinFunction<>(projection) : new ProjectionCrossFunction<>(projection);
    }

    private static TypeInfo<?> fieldType(Inputs<?, ?> inputs, int side, int position) {
        TypeInfo<?> type = side == 0 ? inputs.first().getType() : inputs.second().getType();
        return position < 0 ? type : ((TupleTypeInfo<?>) type).getTypeAt(position);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <O> TypeInfo<O> outputType(Inputs<?, ?> inputs, int[] sides, int[] positions) {
        TypeInfo<?>[] types = new TypeInfo<?>[sides.length];
        for (int i = 0; i < sides.length; i++) {
            types[i] = fieldType(inputs, sides[i], positions[i]);
        }
        return (TypeInfo) new TupleTypeInfo<>(types);
    }

    private static DualInputSemanticProperties properties(Inputs<?, ?> inputs, int[] sides, int[] positions) {
        Map<Integer, Set<Integer>> first = new TreeMap<>();
        Map<Integer, Set<Integer>> second = new TreeMap<>();
        int target = 0;
        for (int i = 0; i < sides.length; i++) {
            TypeInfo<?> type = sides[i] == 0 ? inputs.first().getType() : inputs.second().getType();
            int[] flat = positions[i] < 0 ? FlatFields.of(type, "*", "projection") : FlatFields.of(type, positions[i], "projection");
            Map<Integer, Set<Integer>> map = sides[i] == 0 ? first : second;
            for (int source : flat) {
                map.computeIfAbsent(source, k -> new TreeSet<>()).add(target++);
            }
        }
        return new DualInputSemanticProperties(first, second);
    }
}
