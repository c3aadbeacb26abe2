package io.eddy.api.common.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Writes one line of UTF-8 text per record: the record's {@code toString()}, or what a {@link
 * TextFormatter} makes of it, followed by {@code "\n"}. A null record is written as {@code "null"}.
 * See {@link FileOutputFormat} for layout, overwrite modes and the commit protocol.
 *
 * @param <T> the type of the records
 */
public class TextOutputFormat<T> extends FileOutputFormat<T> {

    private static final long serialVersionUID = 1L;

    private final TextFormatter<T> formatter;
    private byte[] lineDelimiter = {'\n'};

    /** Writes {@code toString()} of each record. */
    public TextOutputFormat(String outputPath) {
        this(outputPath, String::valueOf);
    }

    public TextOutputFormat(String outputPath, TextFormatter<T> formatter) {
        super(outputPath);
        this.formatter = Objects.requireNonNull(formatter, "formatter");
    }

    /** The line delimiter (default {@code "\n"}). */
    public TextOutputFormat<T> setLineDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("setLineDelimiter: '" + delimiter + "' (expected: a non-empty string such as \"\\n\")");
        }
        this.lineDelimiter = delimiter.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    @Override
    public void writeRecord(T record) throws IOException {
        String line = formatter.format(record);
        stream.write(String.valueOf(line).getBytes(StandardCharsets.UTF_8));
        stream.write(lineDelimiter);
    }
}
