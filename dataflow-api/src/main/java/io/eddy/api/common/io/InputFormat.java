package io.eddy.api.common.io;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.configuration.Configuration;
import java.io.IOException;
import java.io.Serializable;

/**
 * Reads a source's records, split by split. A format object is created in the user's program and
 * travels serialized with the job.
 *
 * <p>Where each method runs:
 * <pre>
 *  master, at submission:  configure -> getStatistics -> createInputSplits -> getInputSplitAssigner
 *  each source subtask:    configure -> setRuntimeContext -> openInputFormat
 *                          -> (open(split) -> nextRecord* until reachedEnd -> close)* per assigned split
 *                          -> closeInputFormat
 * </pre>
 * Failures in the master (a missing path, no permission) must be reported from {@link
 * #createInputSplits} with the path named, so the job fails before any task starts. A bad record
 * fails with an {@link IOException} naming the file, the line (where there is one) and the text.
 *
 * @param <OT> the type of the records produced
 * @param <T> the type of the splits
 */
public interface InputFormat<OT, T extends InputSplit> extends Serializable {

    /** Applies the source's parameters; called before anything else, in the master and in each subtask. */
    default void configure(Configuration parameters) {
    }

    /** Size estimates for the optimizer; {@code cached} is a previous result or null. */
    default BaseStatistics getStatistics(BaseStatistics cached) throws IOException {
        return cached != null ? cached : BaseStatistics.unknown();
    }

    /** Creates the splits; called once in the master. At least {@code minNumSplits} where the data allows. */
    T[] createInputSplits(int minNumSplits) throws IOException;

    /** The assigner that hands these splits out (e.g. locality-aware for file splits). */
    InputSplitAssigner getInputSplitAssigner(T[] splits);

    /** Gives access to accumulators (e.g. a counter of skipped lines) and the subtask index. */
    default void setRuntimeContext(RuntimeContext context) {
    }

    /** Called once per subtask before the first split. */
    default void openInputFormat() throws IOException {
    }

    /** Starts reading one split. */
    void open(T split) throws IOException;

    /** True when the current split has no more records. */
    boolean reachedEnd() throws IOException;

    /**
     * The next record of the current split, or null if there is none after all (e.g. the last line
     * was skipped as invalid); the format may fill and return {@code reuse} or return a new object.
     */
    OT nextRecord(OT reuse) throws IOException;

    /** Ends reading the current split. */
    void close() throws IOException;

    /** Called once per subtask after the last split, also after a failure. */
    default void closeInputFormat() throws IOException {
    }
}
