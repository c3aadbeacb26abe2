package io.eddy.runtime.rpc;

/**
 * A decoded frame as handed from the {@link FrameCodec.FrameDecoder} to the connection. Exactly
 * one of {@code message} and {@code decodeError} is non-null, except for heartbeats (both null).
 * A frame whose payload could not be decoded still carries its kind and correlation id, so a
 * failed request can be answered and a failed response can fail its future.
 */
record InboundFrame(FrameKind kind, int typeId, long correlationId, Message message, Exception decodeError) {}
