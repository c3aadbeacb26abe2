package io.eddy.api.common.io;

import java.io.IOException;

/**
 * A record of an input file that cannot be read: bad field count, an unparseable value, an
 * unterminated quote, invalid UTF-8. The message reads {@code <file>:<line>: <what> in field <n>:
 * "<text>"} followed by what to do; where the line number is unknown (a split that does not start
 * at the beginning of its file) the location is {@code <file>:byte <offset>}.
 */
public class ParseException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final long byteOffset;

    /**
     * @param message the full message, location first
     * @param file the file, as a URI string
     * @param line the 1-based line number, or -1 when unknown
     * @param byteOffset the offset of the record's first byte in the file
     */
    public ParseException(String message, String file, long line, long byteOffset) {
        super(message);
        this.file = file;
        this.line = line;
        this.byteOffset = byteOffset;
    }

    public String getFile() {
        return file;
    }

    /** The 1-based line number, or -1 when the reading split did not start at the file's beginning. */
    public long getLine() {
        return line;
    }

    /** The offset of the bad record's first byte in the file. */
    public long getByteOffset() {
        return byteOffset;
    }
}
