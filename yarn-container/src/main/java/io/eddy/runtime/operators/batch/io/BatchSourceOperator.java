package io.eddy.runtime.operators.batch.io;

import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.InputSplit;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.AbstractStreamOperator;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.InputSplitProvider;
import io.eddy.runtime.operators.MailboxAccess;
import io.eddy.runtime.operators.SourceHead;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * {@code batchSource}: reads the splits of an {@link InputFormat} ({@link
 * BatchKinds#PARAM_INPUT_FORMAT}) that the master hands this subtask one at a time, on the task
 * thread, as the task's default action.
 *
 * <pre>
 *  open():   configure -> setRuntimeContext -> openInputFormat
 *  run():    (next split from the master -> open(split) -> nextRecord* until reachedEnd -> close)* until no split is left
 *  close():  close() of a split still open (after a failure) -> closeInputFormat   (also after a failure or cancellation)
 * </pre>
 *
 * Between two records it runs the task's pending mails. {@link #cancel()} (any thread) makes
 * {@link #run()} return after the current record; the task also interrupts its thread, which wakes
 * it from waiting for the master's next split. Records are read with {@code nextRecord(null)}, so
 * every record is a new object and downstream operators may keep it.
 */
public final class BatchSourceOperator<OUT> extends AbstractStreamOperator<OUT> implements SourceHead {

    private final InputFormat<OUT, InputSplit> format;
    // Written by the cancelling thread, read by the task thread.
    private volatile boolean cancelled;
    // Task thread: whether openInputFormat was entered, and whether a split is open.
    private boolean formatOpened;
    private boolean splitOpen;
    private long records;
    private int splits;

    @SuppressWarnings("unchecked")
    public BatchSourceOperator(OperatorDescriptor descriptor, BatchKinds.BatchSource kind) {
        super(null);
        this.format = (InputFormat<OUT, InputSplit>) kind.format();
    }

    @Override
    public void open() throws Exception {
        super.open();
        format.configure(new Configuration());
        format.setRuntimeContext(getRuntimeContext());
        formatOpened = true;
        format.openInputFormat();
    }

    @Override
    public void run() throws Exception {
        InputSplitProvider provider = context.environment().inputSplitProvider();
        MailboxAccess mailbox = context.environment().mailbox();
        StreamRecord<OUT> reuse = new StreamRecord<>(null);
        while (!cancelled) {
            InputSplit split = provider.next();
            if (split == null) {
                return;
            }
            splits++;
            splitOpen = true;
            format.open(split);
            while (!cancelled && !format.reachedEnd()) {
                OUT record = format.nextRecord(null);
                if (record != null) {
                    if (mailbox.hasMail()) {
                        mailbox.runPendingMails();
                    }
                    records++;
                    output.collect(reuse.replace(record));
                }
            }
            splitOpen = false;
            format.close();
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    @Override
    public void close() throws Exception {
        try {
            if (splitOpen) {
                splitOpen = false;
                format.close();
            }
        } finally {
            try {
                if (formatOpened) {
                    formatOpened = false;
                    format.closeInputFormat();
                }
            } finally {
                super.close();
            }
        }
    }

    /** The number of splits this subtask read (at least started), for tests and logs. */
    public int splitsRead() {
        return splits;
    }

    /** The number of records this subtask emitted. */
    public long recordsRead() {
        return records;
    }

    @Override
    public int numberOfInputs() {
        return 0;
    }

    @Override
    public Input<?> input(int index) {
        throw new IllegalArgumentException("input: " + index + " (a batch source has no inputs: operator '" + context.nameWithSubtask() + "')");
    }
}
