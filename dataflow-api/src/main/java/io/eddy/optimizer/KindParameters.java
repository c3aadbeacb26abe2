package io.eddy.optimizer;

import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKind;

/**
 * The parameters of a batch kind that the plan renderers show, each null where the kind has none.
 *
 * @param localStrategy how the operator groups or joins locally
 * @param keys the keys of input 0 (the sort order of a sortPartition)
 * @param keys2 the keys of input 1
 * @param joinType the join type of a join
 * @param bufferedInput the input a cross buffers
 */
record KindParameters(LocalStrategy localStrategy, KeySpec keys, KeySpec keys2, JoinType joinType, Integer bufferedInput) {

    static KindParameters of(OperatorKind kind) {
        if (kind instanceof BatchKinds.Reduce k) {
            return new KindParameters(k.localStrategy(), k.keys(), null, null, null);
        } else if (kind instanceof BatchKinds.GroupReduce k) {
            return new KindParameters(k.localStrategy(), k.keys(), null, null, null);
        } else if (kind instanceof BatchKinds.ReduceCombine k) {
            return new KindParameters(k.localStrategy(), k.keys(), null, null, null);
        } else if (kind instanceof BatchKinds.GroupCombine k) {
            return new KindParameters(null, k.keys(), null, null, null);
        } else if (kind instanceof BatchKinds.MapPartition k && k.order() != null) {
            return new KindParameters(LocalStrategy.SORT, k.order(), null, null, null);
        } else if (kind instanceof BatchKinds.SortPartition k) {
            return new KindParameters(null, k.order(), null, null, null);
        } else if (kind instanceof BatchKinds.Join k) {
            return new KindParameters(k.localStrategy(), k.keys1(), k.keys2(), k.joinType(), null);
        } else if (kind instanceof BatchKinds.CoGroup k) {
            return new KindParameters(null, k.keys1(), k.keys2(), null, null);
        } else if (kind instanceof BatchKinds.Cross k) {
            return new KindParameters(null, null, null, null, k.bufferedInput());
        }
        return new KindParameters(null, null, null, null, null);
    }
}
