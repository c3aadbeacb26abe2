package io.eddy.api.common.io;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 checks on byte ranges, for formats that must reject (or skip) malformed text instead of
 * silently turning it into replacement characters. Stateless.
 */
public final class Utf8 {

    private Utf8() {
    }

    /**
     * The position, relative to {@code off}, of the first byte that does not start a well-formed
     * UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or -1 if
     * the whole range is well-formed.
     */
    public static int firstInvalid(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            int c = b[i];
            if (c >= 0) {
                i++;
                continue;
            }
            int n = sequenceLength(c & 0xFF);
            if (n < 0 || !validContinuation(b, i, n, end)) {
                return i - off;
            }
            i += n + 1;
        }
        return -1;
    }

    /** Whether the range is well-formed UTF-8. */
    public static boolean isValid(byte[] b, int off, int len) {
        return firstInvalid(b, off, len) < 0;
    }

    /** The range decoded leniently (malformed bytes become U+FFFD), cut to {@code maxChars}, for error messages. */
    public static String excerpt(byte[] b, int off, int len, int maxChars) {
        String s = new String(b, off, len, StandardCharsets.UTF_8);
        return s.length() <= maxChars ? s : s.substring(0, maxChars) + "...";
    }

    /** The number of continuation bytes after lead byte {@code c} (>= 0x80), or -1 if it cannot lead. */
    private static int sequenceLength(int c) {
        if (c >= 0xC2 && c <= 0xDF) {
            return 1;
        }
        if (c >= 0xE0 && c <= 0xEF) {
            return 2;
        }
        if (c >= 0xF0 && c <= 0xF4) {
            return 3;
        }
        return -1;
    }

    private static boolean validContinuation(byte[] b, int i, int n, int end) {
        if (i + n >= end) {
            return false;
        }
        int lead = b[i] & 0xFF;
        int b1 = b[i + 1] & 0xFF;
        if ((b1 & 0xC0) != 0x80
                || (lead == 0xE0 && b1 < 0xA0)   // overlong 3-byte form
                || (lead == 0xED && b1 > 0x9F)   // UTF-16 surrogate
                || (lead == 0xF0 && b1 < 0x90)   // overlong 4-byte form
                || (lead == 0xF4 && b1 > 0x8F)) { // above U+10FFFF
            return false;
        }
        for (int k = 2; k <= n; k++) {
            if ((b[i + k] & 0xC0) != 0x80) {
                return false;
            }
        }
        return true;
    }
}
