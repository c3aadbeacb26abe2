package io.eddy.runtime.cluster;

import java.util.Objects;

/**
 * The end of a worker's log file, as the master's web endpoint shows it (docs/dashboard.md,
 * "Worker logs"). A value.
 *
 * @param file the log file's path on the worker's host
 * @param fileLength the file's length when it was read
 * @param bytes its last bytes: from {@code fileLength - bytes.length} to {@code fileLength}
 */
public record LogTail(String file, long fileLength, byte[] bytes) {

    public LogTail {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(bytes, "bytes");
        if (bytes.length > fileLength) {
            throw new IllegalArgumentException("log tail of " + file + ": " + bytes.length + " bytes of a file of " + fileLength);
        }
    }

    /** Whether the file has more than these bytes (its start is cut). */
    public boolean truncated() {
        return bytes.length < fileLength;
    }
}
