package io.eddy.api.connector.source;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.List;

/**
 * A source whose reader runs on the task thread: the task asks the reader for records ({@link
 * SourceReader#pollNext}) between its mails, so checkpoints, timers and other mails run between two
 * calls and no lock is taken per record (a {@code SourceFunction} runs on a thread of its own and
 * emits under the checkpoint lock). Added with {@code StreamExecutionEnvironment.fromSource}.
 *
 * <p><b>Splits.</b> The work of a source is cut into <em>splits</em> (a file range, a partition, a
 * range of numbers). Every subtask calls {@link #createSplits} with the source's parallelism and
 * takes the splits at positions {@code subtask, subtask + parallelism, ...}; so the method must give
 * the same list, in the same order, on every subtask. A reader's checkpointed state is the list of
 * splits it has not finished, each with its position ({@link SourceReader#snapshotState}); after a
 * restore, at this or another parallelism, a subtask gets its share of the restored splits instead of
 * new ones, and the job's results are exactly once. Splits are stored with {@link #getSplitType()}.
 *
 * <p>The source object is serialized with the job and deserialized in every subtask; it holds the
 * configuration, the reader the work.
 *
 * @param <T> the records
 * @param <SplitT> the splits, immutable values
 */
public interface Source<T, SplitT> extends Function {

    /**
     * All splits of the source at {@code parallelism}: called once per subtask on a fresh start (not
     * after a restore), on the task thread; must give the same list on every subtask.
     */
    List<SplitT> createSplits(int parallelism) throws Exception;

    /** Creates the reader of one subtask. Task thread, before the first {@link SourceReader#addSplits}. */
    SourceReader<T, SplitT> createReader(SourceReaderContext context) throws Exception;

    /** The type of the splits, for checkpoints. */
    TypeInfo<SplitT> getSplitType();

    /** Whether the source may run with more than one subtask; a source that is not runs with parallelism 1. */
    default boolean isParallel() {
        return true;
    }
}
