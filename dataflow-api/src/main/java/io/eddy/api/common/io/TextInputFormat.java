package io.eddy.api.common.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads text files as lines: one {@code String} per line, without the line's {@code "\n"} or
 * {@code "\r\n"}; empty lines give empty strings. The text must be UTF-8: a line with malformed
 * UTF-8 fails the job with its location (or, after {@link #ignoreInvalidLines()}, is skipped and
 * counted). See {@link DelimitedInputFormat} for splitting and locations.
 */
public class TextInputFormat extends DelimitedInputFormat<String> {

    private static final long serialVersionUID = 1L;

    /** @param filePath a file or a directory of files, as a path or URI */
    public TextInputFormat(String filePath) {
        super(filePath);
    }

    /** @param filePaths files or directories, as paths or URIs */
    public TextInputFormat(String... filePaths) {
        super(filePaths);
    }

    @Override
    protected String readRecord(String reuse, byte[] bytes, int offset, int numBytes) throws IOException {
        int bad = Utf8.firstInvalid(bytes, offset, numBytes);
        if (bad >= 0) {
            throw invalidRecord("invalid UTF-8 at byte " + (bad + 1) + " of the line", 0, bytes, offset, numBytes);
        }
        return new String(bytes, offset, numBytes, StandardCharsets.UTF_8);
    }
}
