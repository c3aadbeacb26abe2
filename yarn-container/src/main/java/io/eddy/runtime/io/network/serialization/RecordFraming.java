package io.eddy.runtime.io.network.serialization;

import io.eddy.core.memory.DataOutputSerializer;

/**
 * How a record is framed on the wire: a 4-byte big-endian length, then the serialized bytes. The
 * writer serializes into a reused {@link DataOutputSerializer} behind room for the length, then
 * fills the length in; {@link RecordDeserializer} reads the same framing back, also across buffers.
 */
public final class RecordFraming {

    /** Bytes in front of every record for its length. */
    public static final int LENGTH_PREFIX = 4;

    private RecordFraming() {}

    /** Starts a record in {@code out}: drops what it held and reserves the length prefix. */
    public static void start(DataOutputSerializer out) {
        out.clear();
        out.setPosition(LENGTH_PREFIX);
    }

    /**
     * Ends the record started with {@link #start}: writes its length into the prefix.
     *
     * @return the bytes of the framed record in {@code out.getSharedBuffer()}, prefix included
     */
    public static int finish(DataOutputSerializer out) {
        int total = out.length();
        int length = total - LENGTH_PREFIX;
        byte[] buffer = out.getSharedBuffer();
        buffer[0] = (byte) (length >>> 24);
        buffer[1] = (byte) (length >>> 16);
        buffer[2] = (byte) (length >>> 8);
        buffer[3] = (byte) length;
        return total;
    }
}
