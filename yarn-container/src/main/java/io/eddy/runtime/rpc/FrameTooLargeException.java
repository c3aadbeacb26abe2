package io.eddy.runtime.rpc;

/**
 * A message does not fit into one control-protocol frame. Thrown on the sending thread when the
 * message is encoded, before anything is sent.
 */
final class FrameTooLargeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final long atLeastBytes;

    FrameTooLargeException(long atLeastBytes, long limitBytes) {
        this("", atLeastBytes, limitBytes);
    }

    FrameTooLargeException(String prefix, long atLeastBytes, long limitBytes) {
        super(prefix + "frame of at least " + atLeastBytes + " bytes exceeds the maximum frame size of " + limitBytes
                + " bytes: raise " + RpcOptions.MAX_FRAME_SIZE.key() + " on both ends or send less in one message");
        this.atLeastBytes = atLeastBytes;
    }

    /** The size the frame had reached when it overflowed. */
    long atLeastBytes() {
        return atLeastBytes;
    }
}
