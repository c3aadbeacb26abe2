package io.eddy.streaming.api.functions.sink;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;

/**
 * Writes one record into a part file of a {@link FileSink}. Called on the task thread only, with
 * the part file's buffered stream; it must not close the stream.
 *
 * @param <IN> the type of the records
 */
@FunctionalInterface
public interface Encoder<IN> extends Serializable {

    void encode(IN element, OutputStream stream) throws IOException;

    /** Each record's {@code String.valueOf} as a UTF-8 line ending in {@code '\n'}. */
    static <IN> Encoder<IN> simpleString() {
        return (element, stream) -> {
            stream.write(String.valueOf(element).getBytes(StandardCharsets.UTF_8));
            stream.write('\n');
        };
    }
}
