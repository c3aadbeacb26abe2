package io.eddy.api.common.io;

import java.io.Serializable;

/**
 * One unit of work of a source: a part of a file, a range of a sequence. Splits are created once,
 * in the master, when a job is submitted ({@link InputFormat#createInputSplits}), and handed to
 * source subtasks lazily by an {@link InputSplitAssigner}, so fast subtasks take more of them.
 */
public interface InputSplit extends Serializable {

    /** The number of this split, unique within one source, from 0. */
    int getSplitNumber();
}
