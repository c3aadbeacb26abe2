package io.eddy.benchmarks.hadoop;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The checksum a benchmark prints for a job's output: the SHA-256 (first 16 hex digits) of the
 * output directory's {@code part-*} files in name order, each file's name then its bytes — equal
 * exactly when two outputs have the same part files byte for byte, on any file system.
 */
final class OutputChecksum {

    private OutputChecksum() {}

    static String of(FileSystem fs, Path output) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        FileStatus[] parts = fs.listStatus(output, p -> p.getName().startsWith("part-"));
        Arrays.sort(parts, (a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
        byte[] buffer = new byte[1 << 16];
        for (FileStatus part : parts) {
            digest.update(part.getPath().getName().getBytes(StandardCharsets.UTF_8));
            try (InputStream in = fs.open(part.getPath())) {
                for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                    digest.update(buffer, 0, n);
                }
            }
        }
        return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    }
}
