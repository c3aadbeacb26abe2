package io.eddy.runtime.operators.batch.io;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorProvider;
import java.util.Map;

/** The batch source and sink kinds ({@link BatchKinds#BATCH_SOURCE}, {@link BatchKinds#BATCH_SINK}). */
public final class BatchIoOperatorProvider implements OperatorProvider {

    @Override
    public Map<String, Creator> operators() {
        return Map.of(
                BatchKinds.BATCH_SOURCE, BatchSourceOperator::new,
                BatchKinds.BATCH_SINK, BatchSinkOperator::new);
    }
}
