package io.eddy.iteration.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.OperatorFactory;
import org.junit.jupiter.api.Test;

class IterationOperatorProviderTest {

    @Test
    void theWorkersServiceLoaderFindsTheThreeLoopKinds() {
        OperatorFactory factory = OperatorFactory.load(getClass().getClassLoader());
        assertThat(factory.supports(IterationKinds.BulkHead.class)).isTrue();
        assertThat(factory.supports(IterationKinds.BulkTail.class)).isTrue();
        assertThat(factory.supports(IterationKinds.TerminationTail.class)).isTrue();

        assertThat(factory.create(OperatorDescriptor.builder(new IterationKinds.BulkHead("l")).inputType(Types.INT).outputType(Types.INT)
                .build(), "head")).isInstanceOf(BulkIterationHead.class);
        assertThat(factory.create(OperatorDescriptor.builder(new IterationKinds.BulkTail("l")).inputType(Types.INT).build(), "tail"))
                .isInstanceOf(BulkIterationTail.class);
        assertThat(factory.create(OperatorDescriptor.builder(new IterationKinds.TerminationTail("l")).inputType(Types.INT).build(), "t"))
                .isInstanceOf(TerminationCriterionTail.class);
    }

    @Test
    void theProviderRegistersExactlyTheLoopKinds() {
        OperatorFactory factory = OperatorFactory.of(new IterationOperatorProvider());
        assertThat(factory.supports(IterationKinds.BulkHead.class)).isTrue();
        assertThat(factory.supports(IterationKinds.BulkTail.class)).isTrue();
        assertThat(factory.supports(IterationKinds.TerminationTail.class)).isTrue();
    }
}
