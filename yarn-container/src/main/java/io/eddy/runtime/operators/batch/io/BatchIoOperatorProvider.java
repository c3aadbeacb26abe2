package io.eddy.runtime.operators.batch.io;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;

/** The batch source and sink kinds ({@link BatchKinds.BatchSource}, {@link BatchKinds.BatchSink}). */
public final class BatchIoOperatorProvider implements OperatorProvider {

    @Override
    public void register(OperatorRegistry registry) {
        registry.add(BatchKinds.BatchSource.class, BatchSourceOperator::new);
        registry.add(BatchKinds.BatchSink.class, BatchSinkOperator::new);
    }
}
