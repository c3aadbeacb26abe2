package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.hash.KeptProbeInput;
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

    static Stream<Arguments> keptProbeCases() {
        return Stream.of(
                Arguments.of(LocalStrategy.HYBRID_HASH_BUILD_FIRST, JoinType.INNER),
                Arguments.of(LocalStrategy.HYBRID_HASH_BUILD_FIRST, JoinType.LEFT_OUTER),
                Arguments.of(LocalStrategy.HYBRID_HASH_BUILD_SECOND, JoinType.INNER),
                Arguments.of(LocalStrategy.HYBRID_HASH_BUILD_SECOND, JoinType.RIGHT_OUTER));
    }

    /**
     * In a loop whose build input is dynamic (a workset) and whose probe input is static, the join
     * keeps the probe input itself (more of it than its pages hold, so it spills; fixed-length
     * records when the first input builds, variable-length ones when the second does): later
     * supersteps feed only the build input, and the join joins it with every kept record, reading
     * in full only those its table may match.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("keptProbeCases")
    void inALoopAHashJoinKeepsItsStaticProbeInputAndReadsOnlyWhatTheTableMayMatch(LocalStrategy strategy, JoinType type)
            throws Exception {
        BatchKinds.Join kind = JoinReference.kind(strategy, type);
        int build = strategy == LocalStrategy.HYBRID_HASH_BUILD_FIRST ? 0 : 1;
        int probe = 1 - build;
        List<Tuple2<Integer, String>> left = leftRecords(11, build == 0 ? 300 : 12_000, 0, build == 0 ? 150 : 3000, 10);
        List<Tuple2<Integer, Long>> right = rightRecords(12, build == 0 ? 12_000 : 300, 0, build == 0 ? 3000 : 150);
        // Superstep 2's build input: a handful of keys, some also in the probe input, some not.
        List<Tuple2<Integer, String>> left2 = build == 0 ? leftRecords(13, 8, 100, 4000, 3) : left;
        List<Tuple2<Integer, Long>> right2 = build == 1 ? rightRecords(14, 8, 100, 4000) : right;
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(descriptor(kind, new JoinReference.PairingJoin(), 64))
                .memoryManager(memoryManager).ioManager(ioManager).build()) {
            SuperstepAware op = (SuperstepAware) harness.operator(0);
            assertThat(op.keepsStaticInput(probe)).isTrue();
            assertThat(op.keepsStaticInput(build)).as("the build input is not kept (and asking does not undo the probe's)").isFalse();
            harness.open();
            feed(harness, build, left, right);
            endInput(harness.operator(0), build);
            feed(harness, probe, left, right);
            endInput(harness.operator(0), probe);
            op.endSuperstep();
            assertSameElements(List.copyOf(harness.<String>output()), JoinReference.join(left, right, type));
            KeptProbeInput<Object> kept = ((HashJoinOperator<?, ?, ?>) harness.operator(0)).keptProbe();
            assertThat(kept.size()).isEqualTo(probe == 0 ? left.size() : right.size());

            for (int superstep = 2; superstep <= 3; superstep++) {
                op.startSuperstep(superstep);
                harness.clearOutputs();
                feed(harness, build, left2, right2);
                endInput(harness.operator(0), build);
                endInput(harness.operator(0), probe);
                op.endSuperstep();
                assertSameElements(List.copyOf(harness.<String>output()),
                        JoinReference.join(build == 0 ? left2 : left, build == 1 ? right2 : right, type));
            }
            assertThat(kept.skipped()).as("kept records left out by their hash").isGreaterThan(kept.size());
            assertThat(kept.probed()).as("kept records read and probed in two supersteps").isLessThan(kept.size() / 4);
        }
    }

    /** A join that emits unmatched probe records needs all of them in every superstep: it keeps none itself. */
    @Test
    void aProbeSideOuterJoinDoesNotKeepItsStaticProbeInput() throws Exception {
        BatchKinds.Join kind = JoinReference.kind(LocalStrategy.HYBRID_HASH_BUILD_FIRST, JoinType.RIGHT_OUTER);
        SuperstepAware op = (SuperstepAware) JoinOperators.create(descriptor(kind, new JoinReference.PairingJoin(), 64), kind);
        assertThat(op.keepsStaticInput(1)).isFalse();
        assertThat(op.keepsStaticInput(0)).isFalse();
    }

    private static void feed(OperatorTestHarness harness, int input, List<Tuple2<Integer, String>> left,
            List<Tuple2<Integer, Long>> right) {
        if (input == 0) {
            left.forEach(r -> harness.process(0, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
        } else {
            right.forEach(r -> harness.process(1, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
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
