package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.runtime.operators.streaming.BuiltinOperatorProvider;
import io.eddy.runtime.operators.OperatorFactory;
import io.eddy.runtime.operators.batch.io.BatchIoOperatorProvider;
import io.eddy.runtime.operators.batch.join.BatchJoinOperatorProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchOperatorProviderTest {

    @Test
    void theServiceLoaderFindsEveryBatchKind() {
        OperatorFactory factory = OperatorFactory.load(getClass().getClassLoader());
        for (Class<?> kind : BatchKinds.BatchKind.class.getPermittedSubclasses()) {
            assertThat(factory.supports(kind.asSubclass(OperatorKind.class))).as(kind.getName()).isTrue();
        }
    }

    @Test
    void aKindProvidedTwiceNamesBothProviders() {
        assertThatThrownBy(() -> OperatorFactory.of(new BatchOperatorProvider(), new BuiltinOperatorProvider(), new BatchOperatorProvider()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(BatchKinds.class.getName())
                .hasMessageContaining("provided by both " + BatchOperatorProvider.class.getName() + " and " + BatchOperatorProvider.class.getName());
    }

    @Test
    void eachProviderRegistersItsOwnKindsOnly() {
        OperatorFactory drivers = OperatorFactory.of(new BatchOperatorProvider());
        for (Class<? extends OperatorKind> kind : List.of(BatchKinds.MapPartition.class, BatchKinds.GroupReduce.class,
                BatchKinds.GroupCombine.class, BatchKinds.Reduce.class, BatchKinds.ReduceCombine.class, BatchKinds.SortPartition.class)) {
            assertThat(drivers.supports(kind)).as(kind.getName()).isTrue();
        }
        assertThat(drivers.supports(BatchKinds.Join.class)).isFalse();
        assertThat(OperatorFactory.of(new BatchJoinOperatorProvider()).supports(BatchKinds.Join.class)).isTrue();
        assertThat(OperatorFactory.of(new BatchIoOperatorProvider()).supports(BatchKinds.BatchSource.class)).isTrue();
    }
}
