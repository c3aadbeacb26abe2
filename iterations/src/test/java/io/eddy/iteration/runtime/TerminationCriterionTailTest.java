package io.eddy.iteration.runtime;

import io.eddy.runtime.iteration.TaskIterationContext;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.aggregators.DoubleSumAggregator;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.OperatorDescriptor;
import org.junit.jupiter.api.Test;

class TerminationCriterionTailTest {

    private static final OperatorDescriptor DESCRIPTOR =
            OperatorDescriptor.builder(new IterationKinds.TerminationTail("loop")).inputType(Types.STRING).build();

    @Test
    void countsEachSuperstepsRecordsIntoTheTerminationAggregator() throws Exception {
        TaskIterationContext loop = LoopContexts.withTerminationCriterion("loop");
        LongSumAggregator count = loop.aggregator(IterationSpec.TERMINATION_AGGREGATOR);
        try (LoopTaskRig task = LoopTaskRig.tail(DESCRIPTOR, loop, LoopTaskRig.environment(null, null, null)).open()) {
            assertThat(task.operator()).isInstanceOf(TerminationCriterionTail.class);
            task.process("a", "b", "c").endSuperstep();
            assertThat(count.getAggregate()).isEqualTo(3L);

            task.startSuperstep(2).endSuperstep();
            assertThat(count.getAggregate()).as("an empty superstep counts 0: the loop ends").isZero();

            task.startSuperstep(3).process("d", "e").endSuperstep();
            assertThat(count.getAggregate()).isEqualTo(2L);
        }
    }

    @Test
    void outsideALoopTheTailFailsWhenItOpens() {
        LoopTaskRig task = LoopTaskRig.tail(DESCRIPTOR, null, LoopTaskRig.environment(null, null, null));
        assertThatThrownBy(task::open).hasStackTraceContaining("runs in a task outside an iteration group");
        task.close();
    }

    @Test
    void anAggregatorOfAnotherTypeIsABug() {
        TaskIterationContext loop = LoopContexts.withAggregator("loop", IterationSpec.TERMINATION_AGGREGATOR, new DoubleSumAggregator());
        LoopTaskRig task = LoopTaskRig.tail(DESCRIPTOR, loop, LoopTaskRig.environment(null, null, null));
        assertThatThrownBy(task::open).hasStackTraceContaining("is a " + DoubleSumAggregator.class.getName() + " (expected: a "
                + LongSumAggregator.class.getName());
        task.close();
    }
}
