package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A user function that throws, early (while records arrive) or late (while spilled data is joined
 * in {@code finish()}), fails the operator; closing it as a failed task does releases every page
 * and deletes every spill file (checked after each test by {@link DriverTestBase}).
 */
class DriverFailureTest extends DriverTestBase {

    private static final int PAGES = 40;

    static Stream<Arguments> drivers() {
        return Stream.of(1, 2_000).flatMap(failAt -> Stream.of(
                Arguments.of("hash build first", join(LocalStrategy.HYBRID_HASH_BUILD_FIRST, failAt)),
                Arguments.of("hash build second", join(LocalStrategy.HYBRID_HASH_BUILD_SECOND, failAt)),
                Arguments.of("sort-merge", join(LocalStrategy.SORT_MERGE, failAt)),
                Arguments.of("coGroup", coGroup(failAt)),
                Arguments.of("cross", cross(failAt))));
    }

    private static OperatorDescriptor join(LocalStrategy strategy, int failAt) {
        return descriptor(JoinReference.kind(strategy, JoinType.FULL_OUTER), new JoinReference.FailingJoin(failAt), PAGES);
    }

    private static OperatorDescriptor coGroup(int failAt) {
        int[] calls = {0};
        CoGroupFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> function = (first, second, out) -> {
            if (++calls[0] == failAt) {
                throw new IllegalStateException("user function failed on purpose at call " + failAt);
            }
            out.collect("group");
        };
        return descriptor(new BatchKinds.CoGroup(KeySpec.of(0), KeySpec.of(0), null, null), function, PAGES);
    }

    private static OperatorDescriptor cross(int failAt) {
        int[] calls = {0};
        CrossFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> function = (first, second) -> {
            if (++calls[0] == failAt) {
                throw new IllegalStateException("user function failed on purpose at call " + failAt);
            }
            return "pair";
        };
        return descriptor(new BatchKinds.Cross(0), function, 8);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("drivers")
    void failureReleasesMemoryAndDeletesSpillFiles(String name, OperatorDescriptor descriptor) {
        List<Tuple2<Integer, String>> left = leftRecords(51, 3_000, 0, 3_000, 100);
        List<Tuple2<Integer, Long>> right = rightRecords(52, 3_000, 1_000, 4_000);
        OperatorTestHarness harness = OperatorTestHarness.forOperator(descriptor).name(name)
                .memoryManager(memoryManager).ioManager(ioManager).build();
        harness.open();

        Throwable failure = catchThrowable(() -> feedAndFinish(harness, left, right));
        harness.closeAfterFailure(failure);

        assertThat(failure).as(name).isNotNull().hasStackTraceContaining("user function failed on purpose");
        assertThat(failure.getSuppressed()).as("close() after the failure succeeded").isEmpty();
    }

    private static void feedAndFinish(OperatorTestHarness harness, List<Tuple2<Integer, String>> left,
            List<Tuple2<Integer, Long>> right) {
        StreamOperator<?> op = harness.operator(0);
        int first = op instanceof InputOrdered ordered ? ordered.firstInput() : 0;
        List<List<?>> inputs = List.of(left, right);
        for (int input : new int[] {first, 1 - first}) {
            for (Object record : inputs.get(input)) {
                harness.process(input, new StreamRecord<>(record));
            }
            endInput(op, input);
        }
        harness.finish();
    }
}
