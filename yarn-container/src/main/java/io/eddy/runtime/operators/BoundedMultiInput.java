package io.eddy.runtime.operators;

/**
 * An operator that wants to know when each of its logical inputs has ended (e.g. a hash join
 * builds its table from one input and may then start probing). Called on the task thread, once
 * per input, after that input's last record and before {@link StreamOperator#finish()}.
 */
public interface BoundedMultiInput {

    void endInput(int inputIndex) throws Exception;
}
