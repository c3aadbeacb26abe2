package io.eddy.runtime.rpc;

/** What a control-protocol frame carries; the byte code is part of the wire format. */
enum FrameKind {
    /** A message that expects no answer (correlation id 0). */
    ONE_WAY(0),
    /** A message that expects a {@link #RESPONSE} or an {@link #ERROR} with the same correlation id. */
    REQUEST(1),
    /** The answer to a request. */
    RESPONSE(2),
    /** The failure of a request: the payload is an {@link ErrorResponse}. */
    ERROR(3),
    /** A liveness beat with no payload (type id 0, correlation id 0). */
    HEARTBEAT(4);

    private static final FrameKind[] BY_CODE = values();

    final byte code;

    FrameKind(int code) {
        this.code = (byte) code;
    }

    /** The kind for a code read from the wire, or null if unknown. */
    static FrameKind ofCode(byte code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
