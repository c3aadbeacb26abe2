package io.eddy.runtime.rpc;

/**
 * Marker for a control-protocol message. Messages are plain immutable values (records are the
 * norm) with an explicit {@link MessageCodec} registered in a {@link MessageRegistry}; the
 * transport never uses Java serialization for them.
 */
public interface Message {}
