package io.eddy.optimizer;

import io.eddy.api.common.io.OutputFormat;

/**
 * Marks a sink whose records go back to the client ({@code DataSet.collect()}, {@code count()},
 * {@code print()}): the optimizer turns such a sink into a {@code collectSink} operator with this
 * id, which the client reads through {@code JobClient.openCollectStream(id)}. It is never opened
 * as a format: the methods that write fail.
 */
public final class CollectOutputFormat<T> implements OutputFormat<T> {

    private static final long serialVersionUID = 1L;

    private final String collectId;

    public CollectOutputFormat(String collectId) {
        this.collectId = java.util.Objects.requireNonNull(collectId, "collectId");
    }

    public String collectId() {
        return collectId;
    }

    @Override
    public void open(int subtask, int parallelism) {
        throw new UnsupportedOperationException("Bug: the collect marker format '" + collectId + "' reached a batchSink; the optimizer "
                + "translates it into a collectSink");
    }

    @Override
    public void writeRecord(T record) {
        throw new UnsupportedOperationException("Bug: the collect marker format '" + collectId + "' cannot write records");
    }

    @Override
    public void close() {
        // Nothing was opened.
    }
}
