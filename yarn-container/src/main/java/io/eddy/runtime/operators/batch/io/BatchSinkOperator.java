package io.eddy.runtime.operators.batch.io;

import io.eddy.api.common.io.OutputFormat;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code batchSink}: writes its input to an {@link OutputFormat} ({@link
 * BatchKinds#PARAM_OUTPUT_FORMAT}); emits nothing.
 *
 * <pre>
 *  open():     configure -> setRuntimeContext -> open(subtask, parallelism)
 *  record:     writeRecord
 *  finish():   close()          (the subtask's output is complete; the master commits it after the job)
 *  close():    abort()          if finish() did not complete (failure or cancellation)
 * </pre>
 */
public final class BatchSinkOperator<IN> extends OneInputOperator<IN, Object> {

    private static final Logger LOG = LoggerFactory.getLogger(BatchSinkOperator.class);

    private final OutputFormat<IN> format;
    // Task thread: whether open(subtask, n) was entered, and whether close() of the format succeeded.
    private boolean formatOpened;
    private boolean completed;

    @SuppressWarnings("unchecked")
    public BatchSinkOperator(OperatorDescriptor descriptor, BatchKinds.BatchSink kind) {
        super(null);
        this.format = (OutputFormat<IN>) kind.format();
    }

    @Override
    public void open() throws Exception {
        super.open();
        TaskEnvironment env = context.environment();
        format.configure(new Configuration());
        format.setRuntimeContext(getRuntimeContext());
        formatOpened = true;
        format.open(env.subtaskIndex(), env.parallelism());
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        format.writeRecord(record.getValue());
    }

    @Override
    public void finish() throws Exception {
        format.close();
        completed = true;
    }

    @Override
    public void close() throws Exception {
        try {
            if (formatOpened && !completed) {
                formatOpened = false;
                abort();
            }
        } finally {
            super.close();
        }
    }

    private void abort() {
        try {
            format.abort();
        } catch (RuntimeException e) {
            // The task is failing already; its cause stays the primary failure.
            LOG.warn("Sink '{}' failed to abort its output format {}", context.nameWithSubtask(), format, e);
        }
    }
}
