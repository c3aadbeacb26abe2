package io.eddy.api.common.io;

import java.io.Serializable;

/**
 * Turns a record into one line of text for {@link TextOutputFormat}; the line delimiter is added
 * by the format. Travels serialized with the job; called on the sink's task thread.
 *
 * @param <T> the type of the records
 */
@FunctionalInterface
public interface TextFormatter<T> extends Serializable {

    String format(T record);
}
