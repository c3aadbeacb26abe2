package io.eddy.runtime.operators;

import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * One logical input of an operator. Called on the task thread only.
 *
 * <p>The record is valid only during the call and is read-only for the receiver: the sender may
 * reuse the instance for its next record.
 */
@FunctionalInterface
public interface Input<T> {

    void processElement(StreamRecord<T> record) throws Exception;
}
