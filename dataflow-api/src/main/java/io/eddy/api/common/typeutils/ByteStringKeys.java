package io.eddy.api.common.typeutils;

import io.eddy.core.memory.MemorySegment;

/**
 * The normalized-key layout of keys that are byte strings ordered by unsigned bytes, a proper
 * prefix first (UTF-8 strings, Hadoop's {@code Text} and {@code BytesWritable}). A key of {@code n}
 * bytes ({@code 2 <= n <= 255}) holds the first {@code n - 1} bytes of the string, padded with
 * zeros, then a <em>length mark</em>: the string's length if it is at most {@code n - 1}, else
 * {@code n}.
 *
 * <pre>
 *   "ab"  in 6 bytes:  61 62 00 00 00 | 02     whole: equal keys mean equal strings
 *   "ab\0" in 6 bytes: 61 62 00 00 00 | 03     after "ab", as the shorter string sorts first
 *   "abcdefg":         61 62 63 64 65 | 06     a prefix only
 * </pre>
 *
 * <p>The byte order of the keys is the order of the strings: the content bytes decide unless one
 * padded content equals the other, and then the strings differ only by trailing zero bytes or by
 * what lies past the content, where the mark orders the shorter (or fitting) string first. A key
 * of 1 byte, or of more than 255, is the plain zero-padded prefix without a mark.
 */
public final class ByteStringKeys {

    private ByteStringKeys() {}

    /** How many bytes of the string a key of {@code numBytes} holds. */
    public static int contentBytes(int numBytes) {
        return marksLength(numBytes) ? numBytes - 1 : numBytes;
    }

    private static boolean marksLength(int numBytes) {
        return numBytes >= 2 && numBytes <= 255;
    }

    /**
     * Completes a key whose content (the first {@code min(length, contentBytes(numBytes))} bytes of
     * the string) is already written at {@code offset}: pads the content with zeros and writes the
     * length mark.
     *
     * @param written how many content bytes were written at {@code offset}
     * @param length the whole string's length in bytes, or any value above {@code contentBytes(numBytes)} if it is longer
     */
    public static void finish(MemorySegment target, int offset, int numBytes, int written, long length) {
        int content = contentBytes(numBytes);
        for (int p = offset + written; p < offset + content; p++) {
            target.put(p, (byte) 0);
        }
        if (marksLength(numBytes)) {
            target.put(offset + content, (byte) (length <= content ? length : numBytes));
        }
    }

    /** Writes the key of the string {@code bytes[from, from + length)}. */
    public static void put(byte[] bytes, int from, int length, MemorySegment target, int offset, int numBytes) {
        int written = Math.min(length, contentBytes(numBytes));
        target.put(offset, bytes, from, written);
        finish(target, offset, numBytes, written, length);
    }

    /** Whether the key at {@code offset} is a whole string (equal keys mean equal strings). */
    public static boolean isWhole(MemorySegment key, int offset, int numBytes) {
        return marksLength(numBytes) && (key.get(offset + numBytes - 1) & 0xff) < numBytes;
    }
}
