package io.eddy.api.common.io.csv;

import io.eddy.api.common.io.FileOutputFormat;
import io.eddy.api.java.tuple.Tuple;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;

/**
 * Writes tuples or Java records as CSV lines, UTF-8: each field's {@code toString()} (an empty field
 * for null), fields separated by the field delimiter (default {@code ","}), lines ended by the
 * record delimiter (default {@code "\n"}). With {@link #quoteStrings(char)}, a {@code String} field
 * containing a delimiter, the quote character or a line break is written in quotes, quotes inside
 * doubled, which {@link CsvInputFormat} reads back to the same value. See {@link FileOutputFormat}
 * for layout, overwrite modes and the commit protocol.
 *
 * @param <T> a tuple type or a record class
 */
public final class CsvOutputFormat<T> extends FileOutputFormat<T> {

    private static final long serialVersionUID = 1L;

    private String fieldDelimiter = ",";
    private String recordDelimiter = "\n";
    private int quote = -1;

    /** Components of the record class seen last; resolved on the sink's task thread. */
    private transient Class<?> recordClass;
    private transient Method[] accessors;
    private transient StringBuilder line;

    public CsvOutputFormat(String outputPath) {
        super(outputPath);
    }

    public CsvOutputFormat<T> fieldDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("fieldDelimiter: '" + delimiter + "' (expected: a non-empty string such as \",\")");
        }
        this.fieldDelimiter = delimiter;
        return this;
    }

    public CsvOutputFormat<T> recordDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("recordDelimiter: '" + delimiter + "' (expected: a non-empty string such as \"\\n\")");
        }
        this.recordDelimiter = delimiter;
        return this;
    }

    /** Quotes String fields that contain a delimiter, the quote or a line break (off by default). */
    public CsvOutputFormat<T> quoteStrings(char quoteChar) {
        this.quote = quoteChar;
        return this;
    }

    @Override
    public void writeRecord(T record) throws IOException {
        if (line == null) {
            line = new StringBuilder(128);
        }
        line.setLength(0);
        if (record instanceof Tuple tuple) {
            for (int i = 0; i < tuple.getArity(); i++) {
                appendField(i, tuple.getField(i));
            }
        } else if (record != null && record.getClass().isRecord()) {
            Method[] methods = accessorsOf(record.getClass());
            for (int i = 0; i < methods.length; i++) {
                appendField(i, component(methods[i], record));
            }
        } else {
            throw new IOException("CsvOutputFormat writes tuples and Java records, not "
                    + (record == null ? "null" : record.getClass().getName())
                    + "; map the values to a tuple first, or use TextOutputFormat with a TextFormatter");
        }
        line.append(recordDelimiter);
        stream.write(line.toString().getBytes(StandardCharsets.UTF_8));
    }

    private void appendField(int index, Object value) {
        if (index > 0) {
            line.append(fieldDelimiter);
        }
        if (value == null) {
            return;
        }
        String text = value.toString();
        if (quote >= 0 && value instanceof String && needsQuotes(text)) {
            String q = String.valueOf((char) quote);
            line.append(q).append(text.replace(q, q + q)).append(q);
        } else {
            line.append(text);
        }
    }

    private boolean needsQuotes(String text) {
        return text.contains(fieldDelimiter) || text.indexOf(quote) >= 0 || text.indexOf('\n') >= 0
                || text.indexOf('\r') >= 0 || text.contains(recordDelimiter);
    }

    private Method[] accessorsOf(Class<?> type) {
        if (type != recordClass) {
            RecordComponent[] components = type.getRecordComponents();
            Method[] methods = new Method[components.length];
            for (int i = 0; i < components.length; i++) {
                methods[i] = components[i].getAccessor();
                methods[i].setAccessible(true);
            }
            accessors = methods;
            recordClass = type;
        }
        return accessors;
    }

    private static Object component(Method accessor, Object record) throws IOException {
        try {
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IOException("Cannot read component " + accessor.getName() + " of record " + record.getClass().getName()
                    + ": " + e, e);
        }
    }
}
