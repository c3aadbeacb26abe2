package io.eddy.api.connector.source;

import io.eddy.api.common.functions.rich.RuntimeContext;

/** What a {@link SourceReader} learns about the subtask it reads for. */
public interface SourceReaderContext {

    /** The subtask's runtime context: index, parallelism, accumulators. */
    RuntimeContext getRuntimeContext();

    /** The subtask's index, 0-based. */
    default int getIndexOfSubtask() {
        return getRuntimeContext().getIndexOfThisSubtask();
    }
}
