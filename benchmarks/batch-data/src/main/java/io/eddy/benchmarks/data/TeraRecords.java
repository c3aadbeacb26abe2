package io.eddy.benchmarks.data;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.SplittableRandom;

/**
 * TeraSort-shaped records as text lines of exactly {@value #RECORD_BYTES} bytes: a
 * {@value #KEY_BYTES}-character key of printable ASCII ({@code '!'..'~'}, uniformly random), a
 * space, the record's number as 16 hexadecimal digits, a space, 71 filler characters, {@code '\n'}.
 * Reading the file as text lines gives every system the same records; the key is the line's first
 * ten characters, the value the rest (89 characters without the line break).
 */
public final class TeraRecords {

    /** Bytes per record, the line break included. */
    public static final int RECORD_BYTES = 100;

    /** Characters of the key. */
    public static final int KEY_BYTES = 10;

    /** The seed used by the benchmarks. */
    public static final long DEFAULT_SEED = 7L;

    private static final int FILLER = RECORD_BYTES - KEY_BYTES - 1 - 16 - 1 - 1;

    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private TeraRecords() {}

    /** Writes {@code records} records to {@code out}. */
    public static void write(OutputStream out, long records, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        BufferedOutputStream buffered = new BufferedOutputStream(out, 1 << 16);
        byte[] line = new byte[RECORD_BYTES];
        for (long r = 0; r < records; r++) {
            for (int i = 0; i < KEY_BYTES; i++) {
                line[i] = (byte) ('!' + random.nextInt(94));
            }
            line[KEY_BYTES] = ' ';
            for (int i = 0; i < 16; i++) {
                line[KEY_BYTES + 1 + i] = HEX[(int) (r >>> (60 - 4 * i)) & 0xf];
            }
            line[KEY_BYTES + 17] = ' ';
            byte fill = (byte) ('A' + (int) (r % 26));
            for (int i = 0; i < FILLER; i++) {
                line[KEY_BYTES + 18 + i] = fill;
            }
            line[RECORD_BYTES - 1] = '\n';
            buffered.write(line);
        }
        buffered.flush();
    }

    /** The key of a record line. */
    public static String key(String line) {
        return line.substring(0, KEY_BYTES);
    }

    /** The value of a record line (everything after the key). */
    public static String value(String line) {
        return line.substring(KEY_BYTES);
    }

    /** One record's share of a sort's checksum: summed over all records, independent of their order. */
    public static long checksumShare(String key, String value) {
        return (key.hashCode() & 0xffffffffL) * 31L + (value.hashCode() & 0xffffffffL);
    }
}
