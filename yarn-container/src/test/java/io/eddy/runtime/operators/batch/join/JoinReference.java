package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The nested-loop reference of the join tests, and the join function and parameters they use. */
final class JoinReference {

    private JoinReference() {}

    /**
     * Every pair with equal keys, plus the unmatched records the join type keeps, as {@link
     * DriverTestBase#pair} strings: a nested loop over the left records and, per left record, the
     * right records of its key (an index instead of a scan, so large inputs stay fast).
     */
    static List<String> join(List<Tuple2<Integer, String>> left, List<Tuple2<Integer, Long>> right, JoinType type) {
        Map<Integer, List<Integer>> rightByKey = new HashMap<>();
        for (int i = 0; i < right.size(); i++) {
            rightByKey.computeIfAbsent(right.get(i).f0, k -> new ArrayList<>()).add(i);
        }
        List<String> out = new ArrayList<>();
        boolean[] rightMatched = new boolean[right.size()];
        for (Tuple2<Integer, String> l : left) {
            List<Integer> matches = rightByKey.getOrDefault(l.f0, List.of());
            for (int i : matches) {
                out.add(DriverTestBase.pair(l, right.get(i)));
                rightMatched[i] = true;
            }
            if (matches.isEmpty() && (type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER)) {
                out.add(DriverTestBase.pair(l, null));
            }
        }
        for (int i = 0; i < right.size(); i++) {
            if (!rightMatched[i] && (type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER)) {
                out.add(DriverTestBase.pair(null, right.get(i)));
            }
        }
        return out;
    }

    /** A join on field 0 of both inputs. */
    static BatchKinds.Join kind(LocalStrategy strategy, JoinType type) {
        return new BatchKinds.Join(KeySpec.of(0), KeySpec.of(0), type, strategy);
    }

    /**
     * Emits {@link DriverTestBase#pair}, then overwrites both arguments: if the driver handed one
     * object to two calls, the later call sees the damage and the output differs from the reference.
     */
    static final class PairingJoin implements FlatJoinFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void join(Tuple2<Integer, String> first, Tuple2<Integer, Long> second, Collector<String> out) {
            out.collect(DriverTestBase.pair(first, second));
            if (first != null) {
                first.f1 = "DAMAGED:";
            }
            if (second != null) {
                second.f1 = -1L;
            }
        }
    }

    /** Fails on the {@code failAt}-th call. */
    static final class FailingJoin implements FlatJoinFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> {
        private static final long serialVersionUID = 1L;
        private final int failAt;
        private int calls;

        FailingJoin(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public void join(Tuple2<Integer, String> first, Tuple2<Integer, Long> second, Collector<String> out) {
            if (++calls == failAt) {
                throw new IllegalStateException("user function failed on purpose at call " + failAt);
            }
            out.collect(DriverTestBase.pair(first, second));
        }
    }
}
