package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorFactory;
import org.junit.jupiter.api.Test;

class BatchOperatorProviderTest {

    @Test
    void theServiceLoaderFindsEverySingleInputBatchKind() {
        OperatorFactory factory = OperatorFactory.load(getClass().getClassLoader());
        for (String kind : new BatchOperatorProvider().operators().keySet()) {
            assertThat(factory.supports(kind)).as(kind).isTrue();
        }
        assertThat(new BatchOperatorProvider().operators()).containsOnlyKeys(BatchKinds.MAP_PARTITION, BatchKinds.GROUP_REDUCE,
                BatchKinds.GROUP_COMBINE, BatchKinds.REDUCE, BatchKinds.REDUCE_COMBINE, BatchKinds.SORT_PARTITION);
    }
}
