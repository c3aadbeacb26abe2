package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.hash.UnmatchedSides;
import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every join strategy with every join type against a nested-loop reference, in memory: random keys
 * with duplicates on both sides and keys present on one side only; the function damages its
 * arguments, so a record object shared between two calls shows up as a wrong result.
 */
class JoinOperatorTest extends DriverTestBase {

    static Stream<Arguments> strategiesAndTypes() {
        List<Arguments> args = new ArrayList<>();
        for (LocalStrategy strategy : List.of(LocalStrategy.HYBRID_HASH_BUILD_FIRST, LocalStrategy.HYBRID_HASH_BUILD_SECOND,
                LocalStrategy.SORT_MERGE)) {
            for (JoinType type : JoinType.values()) {
                args.add(Arguments.of(strategy, type));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndTypes")
    void matchesNestedLoopReference(LocalStrategy strategy, JoinType type) {
        List<Tuple2<Integer, String>> left = leftRecords(1, 400, 0, 150, 20);
        List<Tuple2<Integer, Long>> right = rightRecords(2, 500, 50, 200);
        OperatorDescriptor descriptor = descriptor(JoinReference.kind(strategy, type), new JoinReference.PairingJoin(), 64);

        Run run = run(descriptor, left, right);

        assertSameElements(run.output(), JoinReference.join(left, right, type));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndTypes")
    void emptyInputs(LocalStrategy strategy, JoinType type) {
        List<Tuple2<Integer, String>> left = leftRecords(3, 50, 0, 20, 5);
        OperatorDescriptor descriptor = descriptor(JoinReference.kind(strategy, type), new JoinReference.PairingJoin(), 64);

        assertSameElements(run(descriptor, left, List.of()).output(), JoinReference.join(left, List.of(), type));
        assertThat(run(descriptor, List.of(), List.of()).output()).isEmpty();
    }

    @Test
    void hashJoinReadsItsBuildInputFirst() {
        BatchKinds.Join first = JoinReference.kind(LocalStrategy.HYBRID_HASH_BUILD_FIRST, JoinType.INNER);
        BatchKinds.Join second = JoinReference.kind(LocalStrategy.HYBRID_HASH_BUILD_SECOND, JoinType.INNER);
        assertThat(((InputOrdered) JoinOperators.create(descriptor(first, new JoinReference.PairingJoin(), 64), first)).firstInput())
                .isZero();
        assertThat(((InputOrdered) JoinOperators.create(descriptor(second, new JoinReference.PairingJoin(), 64), second)).firstInput())
                .isOne();
    }

    /**
     * In a loop the task asks, before superstep 2, whether the static build input is retained: the
     * hash join keeps a table that stayed in memory, and superstep 2 probes it without the build
     * input being fed again; a table that spilled is not kept (the input is replayed).
     */
    @Test
    void inALoopAHashJoinKeepsItsStaticBuildTableForTheNextSuperstep() throws Exception {
        BatchKinds.Join kind = JoinReference.kind(LocalStrategy.HYBRID_HASH_BUILD_FIRST, JoinType.INNER);
        List<Tuple2<Integer, String>> left = leftRecords(5, 400, 0, 150, 20);
        List<Tuple2<Integer, Long>> first = rightRecords(6, 300, 50, 200);
        List<Tuple2<Integer, Long>> second = rightRecords(7, 200, 0, 100);
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(descriptor(kind, new JoinReference.PairingJoin(), 64))
                .memoryManager(memoryManager).ioManager(ioManager).build()) {
            harness.open();
            SuperstepAware op = (SuperstepAware) harness.operator(0);
            left.forEach(r -> harness.process(0, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
            endInput(harness.operator(0), 0);
            first.forEach(r -> harness.process(1, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
            op.endSuperstep();
            assertSameElements(List.copyOf(harness.<String>output()), JoinReference.join(left, first, JoinType.INNER));

            assertThat(op.retainStaticInput(1)).as("the probe input is not the table").isFalse();
            assertThat(op.retainStaticInput(0)).isTrue();
            op.startSuperstep(2);
            harness.clearOutputs();
            endInput(harness.operator(0), 0);
            second.forEach(r -> harness.process(1, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
            op.endSuperstep();
            assertSameElements(List.copyOf(harness.<String>output()), JoinReference.join(left, second, JoinType.INNER));
        }
    }

    @Test
    void inALoopAHashJoinWhoseTableSpilledDoesNotKeepIt() throws Exception {
        BatchKinds.Join kind = JoinReference.kind(LocalStrategy.HYBRID_HASH_BUILD_FIRST, JoinType.INNER);
        List<Tuple2<Integer, String>> left = leftRecords(8, 4000, 0, 3000, 200);
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(descriptor(kind, new JoinReference.PairingJoin(), 32))
                .memoryManager(memoryManager).ioManager(ioManager).build()) {
            harness.open();
            SuperstepAware op = (SuperstepAware) harness.operator(0);
            left.forEach(r -> harness.process(0, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
            endInput(harness.operator(0), 0);
            op.endSuperstep();
            assertThat(op.retainStaticInput(0)).isFalse();
        }
    }

    @Test
    void mapsJoinTypesOntoBuildAndProbeSides() {
        assertThat(UnmatchedSides.of(JoinType.INNER, 0)).isEqualTo(UnmatchedSides.NONE);
        assertThat(UnmatchedSides.of(JoinType.LEFT_OUTER, 0)).isEqualTo(UnmatchedSides.BUILD);
        assertThat(UnmatchedSides.of(JoinType.LEFT_OUTER, 1)).isEqualTo(UnmatchedSides.PROBE);
        assertThat(UnmatchedSides.of(JoinType.RIGHT_OUTER, 0)).isEqualTo(UnmatchedSides.PROBE);
        assertThat(UnmatchedSides.of(JoinType.RIGHT_OUTER, 1)).isEqualTo(UnmatchedSides.BUILD);
        assertThat(UnmatchedSides.of(JoinType.FULL_OUTER, 1)).isEqualTo(UnmatchedSides.BOTH);
    }

    @Test
    void sortMergeOnDescendingKeys() {
        // Both inputs sorted descending on f0: the merge must walk them in that order.
        KeySpec descending = KeySpec.of(new int[] {0}, new boolean[] {false});
        BatchKinds.Join kind = new BatchKinds.Join(descending, descending, JoinType.FULL_OUTER, LocalStrategy.SORT_MERGE);
        List<Tuple2<Integer, String>> left = leftRecords(4, 200, 0, 60, 3);
        List<Tuple2<Integer, Long>> right = rightRecords(5, 200, 30, 90);

        Run run = run(descriptor(kind, new JoinReference.PairingJoin(), 64), left, right);

        assertSameElements(run.output(), JoinReference.join(left, right, JoinType.FULL_OUTER));
    }
}
