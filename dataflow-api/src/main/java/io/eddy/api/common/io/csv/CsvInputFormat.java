package io.eddy.api.common.io.csv;

import io.eddy.api.common.io.DelimitedInputFormat;
import io.eddy.api.common.io.ParseException;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads CSV files into tuples, Java records or POJOs.
 *
 * <pre>{@code
 * CsvInputFormat<Tuple3<Integer, String, Double>> f =
 *     CsvInputFormat.<Tuple3<Integer, String, Double>>forTuples("hdfs:///in/people.csv", Integer.class, String.class, Double.class)
 *         .ignoreFirstLine().ignoreComments("#");
 * CsvInputFormat<Person> p = CsvInputFormat.forRecords("file:///tmp/people.csv", Person.class);
 * CsvInputFormat<Person> q = CsvInputFormat.forPojos("file:///tmp/people.csv", Person.class, "id", "name");
 * }</pre>
 *
 * <p>Syntax: fields separated by a delimiter (default {@code ","}), lines by the line delimiter
 * (default {@code "\n"}, also accepting {@code "\r\n"}). A field that starts with the quote
 * character (default {@code '"'}) runs to the next lone quote; a doubled quote inside stands for
 * one; the delimiter inside quotes is text. Quoted fields cannot contain line delimiters. Blank
 * lines and lines starting with the comment prefix are skipped, as is each file's first line after
 * {@link #ignoreFirstLine()}. Values are strict: no spaces around numbers, no empty numbers; an
 * empty String field is {@code ""}.
 *
 * <p>Field selection: without {@link #includeFields}, each line has exactly one field per target
 * field. With a mask, column {@code i} is read if {@code mask[i]}, the line must have at least
 * {@code mask.length} fields, and fields after the mask are ignored.
 *
 * <p>Errors: a bad line fails the job with {@code <file>:<line>: <what> in field <n>: "<text>"}
 * (fields numbered from 1, as columns of the file); after {@link #ignoreInvalidLines()} it is
 * skipped and counted (see {@link DelimitedInputFormat}).
 *
 * @param <T> the type of the records produced
 */
public final class CsvInputFormat<T> extends DelimitedInputFormat<T> {

    private static final long serialVersionUID = 1L;

    private final RowBuilder<T> builder;
    private final FieldParser[] parsers;
    private byte[] fieldDelimiter = {','};
    private int quote = '"';
    private byte[] commentPrefix;
    private boolean skipFirstLine;
    private boolean[] includedMask;

    private transient Object[] values;

    private CsvInputFormat(String filePath, RowBuilder<T> builder) {
        super(filePath);
        this.builder = builder;
        Class<?>[] types = builder.fieldTypes();
        this.parsers = new FieldParser[types.length];
        for (int i = 0; i < types.length; i++) {
            parsers[i] = FieldParser.forType(types[i]);
        }
    }

    /** CSV lines as {@code Tuple<n>} whose field {@code i} has type {@code fieldTypes[i]}. */
    public static <T extends Tuple> CsvInputFormat<T> forTuples(String filePath, Class<?>... fieldTypes) {
        return new CsvInputFormat<>(filePath, RowBuilder.forTuples(fieldTypes));
    }

    /** CSV lines as records of {@code recordClass}: one column per component, in declaration order. */
    public static <T> CsvInputFormat<T> forRecords(String filePath, Class<T> recordClass) {
        return new CsvInputFormat<>(filePath, RowBuilder.forRecords(recordClass));
    }

    /** CSV lines as POJOs: column {@code i} (of the included ones) sets field {@code fieldNames[i]}. */
    public static <T> CsvInputFormat<T> forPojos(String filePath, Class<T> pojoClass, String... fieldNames) {
        return new CsvInputFormat<>(filePath, RowBuilder.forPojos(pojoClass, fieldNames));
    }

    /** The type of the produced values: the tuple, record or POJO type. */
    public TypeInfo<T> getProducedType() {
        return builder.producedType();
    }

    /** The field delimiter (default ","), non-empty. */
    public CsvInputFormat<T> fieldDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("fieldDelimiter: '" + delimiter + "' (expected: a non-empty string such as \",\")");
        }
        this.fieldDelimiter = delimiter.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    /** The line delimiter (default "\n", which also accepts "\r\n"). */
    public CsvInputFormat<T> lineDelimiter(String delimiter) {
        setDelimiter(delimiter);
        return this;
    }

    /** The quote character (default '"'); must be ASCII. */
    public CsvInputFormat<T> quoteCharacter(char quoteChar) {
        if (quoteChar == 0 || quoteChar > 127) {
            throw new IllegalArgumentException("quoteCharacter: '" + quoteChar + "' (expected: an ASCII character such as '\"')");
        }
        this.quote = quoteChar;
        return this;
    }

    /** Quote characters are ordinary text. */
    public CsvInputFormat<T> disableQuoting() {
        this.quote = -1;
        return this;
    }

    /** Skips lines starting with {@code prefix} (e.g. "#"). */
    public CsvInputFormat<T> ignoreComments(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            throw new IllegalArgumentException("ignoreComments: '" + prefix + "' (expected: a non-empty prefix such as \"#\")");
        }
        this.commentPrefix = prefix.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    /** Skips the first line of each file (a header). */
    public CsvInputFormat<T> ignoreFirstLine() {
        this.skipFirstLine = true;
        return this;
    }

    /**
     * Reads only the columns whose flag is true; as many must be true as the target has fields.
     */
    public CsvInputFormat<T> includeFields(boolean... mask) {
        int selected = 0;
        for (boolean b : mask) {
            selected += b ? 1 : 0;
        }
        if (selected != parsers.length) {
            throw new IllegalArgumentException("includeFields: mask " + Arrays.toString(mask) + " selects " + selected
                    + " columns but the target " + builder.producedType() + " has " + parsers.length
                    + " fields (expected: one selected column per field)");
        }
        this.includedMask = mask.clone();
        return this;
    }

    /** {@link #includeFields(boolean...)} with a mask such as {@code "1101"} ('1' or 'T' reads the column, '0' or 'F' skips it). */
    public CsvInputFormat<T> includeFields(String mask) {
        boolean[] flags = new boolean[mask.length()];
        for (int i = 0; i < flags.length; i++) {
            char c = mask.charAt(i);
            if (c == '1' || c == 'T' || c == 't') {
                flags[i] = true;
            } else if (c != '0' && c != 'F' && c != 'f') {
                throw new IllegalArgumentException("includeFields: mask \"" + mask + "\" has '" + c + "' at " + i
                        + " (expected: only 1/T to read a column and 0/F to skip it)");
            }
        }
        return includeFields(flags);
    }

    @Override
    public CsvInputFormat<T> ignoreInvalidLines() {
        super.ignoreInvalidLines();
        return this;
    }

    @Override
    protected T readRecord(T reuse, byte[] bytes, int offset, int numBytes) throws IOException {
        if (numBytes == 0 || (skipFirstLine && currentRecordOffset() == 0) || startsWith(bytes, offset, numBytes, commentPrefix)) {
            return null;
        }
        if (values == null) {
            values = new Object[parsers.length];
        }
        parseFields(bytes, offset, offset + numBytes);
        try {
            return builder.build(reuse, values);
        } catch (IllegalArgumentException e) {
            throw invalidRecord(e.getMessage(), 0, bytes, offset, numBytes);
        }
    }

    /** Splits the line into fields and parses the included ones into {@link #values}. */
    private void parseFields(byte[] bytes, int lineStart, int lineEnd) throws ParseException {
        int expected = includedMask != null ? includedMask.length : parsers.length;
        int column = 0;
        int target = 0;
        int p = lineStart;
        while (true) {
            int fieldStart = p;
            int fieldEnd;
            int next;
            boolean quoted = quote >= 0 && p < lineEnd && bytes[p] == quote;
            if (quoted) {
                int close = closingQuote(bytes, p + 1, lineEnd);
                if (close < 0) {
                    throw invalidRecord("unterminated quote", column + 1, bytes, p, lineEnd - p);
                }
                fieldStart = p + 1;
                fieldEnd = close;
                next = close + 1;
                if (next < lineEnd && !delimiterAt(bytes, next, lineEnd)) {
                    throw invalidRecord("text after the closing quote", column + 1, bytes, p, lineEnd - p);
                }
            } else {
                next = indexOfDelimiter(bytes, p, lineEnd);
                fieldEnd = next < 0 ? lineEnd : next;
                next = fieldEnd;
            }
            if (includedMask == null || (column < includedMask.length && includedMask[column])) {
                if (target >= parsers.length) {
                    throw invalidRecord("too many fields (expected: " + expected + " separated by '" + delimiterText() + "')",
                            column + 1, bytes, lineStart, lineEnd - lineStart);
                }
                values[target] = parse(target, column, bytes, fieldStart, fieldEnd, quoted);
                target++;
            }
            column++;
            if (next >= lineEnd || (includedMask != null && column >= includedMask.length)) {
                break;
            }
            p = next + fieldDelimiter.length;
        }
        if (column < expected) {
            throw invalidRecord("too few fields: " + column + " (expected: " + expected + " separated by '"
                    + delimiterText() + "')", 0, bytes, lineStart, lineEnd - lineStart);
        }
    }

    private Object parse(int target, int column, byte[] bytes, int start, int end, boolean quoted) throws ParseException {
        try {
            return parsers[target].parse(bytes, start, end, quoted ? quote : -1);
        } catch (FieldParser.FieldException e) {
            throw invalidRecord(e.getMessage(), column + 1, bytes, start, end - start);
        }
    }

    /** The index of the quote closing a field whose text starts at {@code from}, skipping doubled quotes; -1 if none. */
    private int closingQuote(byte[] bytes, int from, int end) {
        for (int i = from; i < end; i++) {
            if (bytes[i] == quote) {
                if (i + 1 < end && bytes[i + 1] == quote) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    private int indexOfDelimiter(byte[] bytes, int from, int end) {
        byte d0 = fieldDelimiter[0];
        for (int i = from; i < end; i++) {
            if (bytes[i] == d0 && delimiterAt(bytes, i, end)) {
                return i;
            }
        }
        return -1;
    }

    private boolean delimiterAt(byte[] bytes, int i, int end) {
        if (i + fieldDelimiter.length > end) {
            return false;
        }
        for (int k = 0; k < fieldDelimiter.length; k++) {
            if (bytes[i + k] != fieldDelimiter[k]) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] bytes, int offset, int length, byte[] prefix) {
        if (prefix == null || length < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (bytes[offset + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private String delimiterText() {
        return new String(fieldDelimiter, StandardCharsets.UTF_8).replace("\t", "\\t");
    }
}
