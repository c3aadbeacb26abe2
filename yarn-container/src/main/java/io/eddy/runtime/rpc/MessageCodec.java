package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;

import java.io.IOException;

/**
 * Writes and reads one message type in an explicit binary format.
 *
 * <p>Contract: {@link #read} must consume exactly the bytes that {@link #write} produced (the
 * transport fails a frame whose payload is not fully consumed). Codecs are stateless and may be
 * called from any thread concurrently: {@code write} runs on the sending thread, {@code read} on
 * the connection's Netty event loop. A codec must not block. When the format of a message
 * changes, bump the protocol version given to {@link MessageRegistry#builder(int)}.
 *
 * @param <M> the message type
 */
public interface MessageCodec<M extends Message> {

    /** Writes {@code message} to {@code out}. */
    void write(M message, DataOutputView out) throws IOException;

    /** Reads a message written by {@link #write}. */
    M read(DataInputView in) throws IOException;
}
