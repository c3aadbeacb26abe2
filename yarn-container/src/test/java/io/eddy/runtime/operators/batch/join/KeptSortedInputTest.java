package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.operators.JoinType;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sorting drivers in a loop keep a static input sorted: superstep 1 sorts both inputs (the
 * static one larger than the sorter's and the kept buffer's memory, so both spill), later
 * supersteps get only the dynamic input and merge it with the kept records; every superstep's
 * output equals the reference over that superstep's inputs.
 */
class KeptSortedInputTest extends DriverTestBase {

    enum Driver { SORT_MERGE_INNER, SORT_MERGE_FULL_OUTER, CO_GROUP }

    static Stream<Arguments> cases() {
        return Stream.of(Driver.values()).flatMap(d -> Stream.of(Arguments.of(d, 0), Arguments.of(d, 1)));
    }

    @ParameterizedTest(name = "{0}, static input {1}")
    @MethodSource("cases")
    void aStaticInputIsSortedOnceAndMergedFromItsKeptRecordsInLaterSupersteps(Driver driver, int staticInput) throws Exception {
        int dynamicInput = 1 - staticInput;
        List<Tuple2<Integer, String>> left = leftRecords(21, staticInput == 0 ? 8000 : 300, 0, 2000, 10);
        List<Tuple2<Integer, Long>> right = rightRecords(22, staticInput == 1 ? 8000 : 300, 0, 2000);
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(descriptor(driver))
                .memoryManager(memoryManager).ioManager(ioManager).build()) {
            TwoInputDriver<?, ?, ?> op = (TwoInputDriver<?, ?, ?>) harness.operator(0);
            assertThat(op.keepsStaticInput(staticInput)).isTrue();
            harness.open();
            feed(harness, 0, left);
            feed(harness, 1, right);
            endInput(harness.operator(0), 0);
            endInput(harness.operator(0), 1);
            ((SuperstepAware) op).endSuperstep();
            assertSameElements(List.copyOf(harness.<String>output()), reference(driver, left, right));
            assertThat(op.keptSorted(staticInput).size()).isEqualTo(staticInput == 0 ? left.size() : right.size());
            assertThat(op.keptSorted(dynamicInput)).isNull();
            assertThat(op.firstSorterPages(100, 4)).as("sorter pages of input 0 once the static input is kept")
                    .isEqualTo(staticInput == 0 ? 4 : 96);

            for (int superstep = 2; superstep <= 3; superstep++) {
                List<Tuple2<Integer, String>> left2 = staticInput == 0 ? left : leftRecords(30 + superstep, 300, 0, 2000, 10);
                List<Tuple2<Integer, Long>> right2 = staticInput == 1 ? right : rightRecords(40 + superstep, 300, 0, 2000);
                ((SuperstepAware) op).startSuperstep(superstep);
                harness.clearOutputs();
                feed(harness, dynamicInput, dynamicInput == 0 ? left2 : right2);
                endInput(harness.operator(0), 0);
                endInput(harness.operator(0), 1);
                ((SuperstepAware) op).endSuperstep();
                assertSameElements(List.copyOf(harness.<String>output()), reference(driver, left2, right2));
            }

            ((SuperstepAware) op).startSuperstep(4);
            assertThatThrownBy(() -> feed(harness, staticInput, staticInput == 0 ? left.subList(0, 1) : right.subList(0, 1)))
                    .hasStackTraceContaining("kept static input " + staticInput);
        }
    }

    private static OperatorDescriptor descriptor(Driver driver) {
        return switch (driver) {
            case SORT_MERGE_INNER -> descriptor(JoinReference.kind(LocalStrategy.SORT_MERGE, JoinType.INNER), new JoinReference.PairingJoin(), 32);
            case SORT_MERGE_FULL_OUTER -> descriptor(JoinReference.kind(LocalStrategy.SORT_MERGE, JoinType.FULL_OUTER),
                    new JoinReference.PairingJoin(), 32);
            case CO_GROUP -> descriptor(new BatchKinds.CoGroup(KeySpec.of(0), KeySpec.of(0), null, null), new CoGroupOperatorTest.Describe(true), 32);
        };
    }

    private static List<String> reference(Driver driver, List<Tuple2<Integer, String>> left, List<Tuple2<Integer, Long>> right) {
        return switch (driver) {
            case SORT_MERGE_INNER -> JoinReference.join(left, right, JoinType.INNER);
            case SORT_MERGE_FULL_OUTER -> JoinReference.join(left, right, JoinType.FULL_OUTER);
            case CO_GROUP -> CoGroupOperatorTest.reference(left, right, true);
        };
    }

    private static void feed(OperatorTestHarness harness, int input, List<? extends Tuple2<Integer, ?>> records) {
        records.forEach(r -> harness.process(input, new StreamRecord<>(new Tuple2<>(r.f0, r.f1))));
    }
}
