package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Objects;

/**
 * The answer to a request whose handler failed. Built into every {@link MessageRegistry} under the
 * reserved type id {@link #TYPE_ID}; the requester sees it as an {@link RpcRemoteException}.
 * Only text travels: the remote exception is never deserialized.
 *
 * @param errorClass the fully qualified class name of the remote exception
 * @param message the remote exception's message, or null if it had none
 * @param stackTrace the remote stack trace as text (with causes)
 */
public record ErrorResponse(String errorClass, String message, String stackTrace) implements Message {

    /** The reserved type id of this message (negative: user type ids are positive). */
    public static final int TYPE_ID = -1;

    public ErrorResponse {
        Objects.requireNonNull(errorClass, "errorClass");
        Objects.requireNonNull(stackTrace, "stackTrace");
    }

    /** Describes {@code error} (class name, message and full stack trace with causes). */
    public static ErrorResponse of(Throwable error) {
        StringWriter trace = new StringWriter();
        try (PrintWriter writer = new PrintWriter(trace)) {
            error.printStackTrace(writer);
        }
        return new ErrorResponse(error.getClass().getName(), error.getMessage(), trace.toString());
    }

    /** The codec of this message: three length-prefixed UTF-8 strings, the message nullable. */
    static final class Codec implements MessageCodec<ErrorResponse> {

        @Override
        public void write(ErrorResponse message, DataOutputView out) throws IOException {
            RpcCodecs.writeString(out, message.errorClass());
            RpcCodecs.writeNullableString(out, message.message());
            RpcCodecs.writeString(out, message.stackTrace());
        }

        @Override
        public ErrorResponse read(DataInputView in) throws IOException {
            return new ErrorResponse(RpcCodecs.readString(in), RpcCodecs.readNullableString(in), RpcCodecs.readString(in));
        }
    }
}
