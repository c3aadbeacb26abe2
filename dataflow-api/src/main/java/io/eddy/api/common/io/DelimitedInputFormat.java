package io.eddy.api.common.io;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Base of formats whose records are separated by a delimiter (default {@code "\n"}, which also
 * accepts {@code "\r\n"}: a {@code '\r'} before the {@code '\n'} is dropped).
 *
 * <p><b>Split boundaries.</b> A record belongs to the split in which it <em>starts</em>. A split
 * that starts mid-file skips the bytes before the first delimiter at or after its start (that
 * record belongs to the previous split); the last record a split reads may end past the split's
 * end, and is read to its delimiter. Every record is thus read exactly once. The file's last record
 * needs no final delimiter; a final delimiter does not create an empty last record.
 *
 * <p>A UTF-8 byte order mark at the start of a file is dropped.
 *
 * <p><b>Locations.</b> Line numbers are counted only in a split that starts at offset 0 (counting
 * elsewhere would mean reading the file from its start); other splits report the byte offset of
 * the record: {@code file:17} or {@code file:byte 1048576}.
 *
 * <p><b>Invalid records.</b> A subclass throws {@link ParseException} (via {@link #invalidRecord}) from
 * {@link #readRecord}; by default that fails the job. After {@link #ignoreInvalidLines()} the record is
 * skipped and counted in the {@link LongCounter} accumulator {@code "<source name>.invalid-lines"}
 * (the source name is the operator's name, see {@link #getInvalidLinesAccumulatorName()}).
 *
 * <p>Reading uses one buffer that grows to the longest record; records are handed to {@link
 * #readRecord} as a range of that buffer, valid only during the call. Used by one task thread.
 *
 * @param <OT> the type of the records produced
 */
public abstract class DelimitedInputFormat<OT> extends FileInputFormat<OT> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DelimitedInputFormat.class);

    private static final int DEFAULT_BUFFER_SIZE = 64 * 1024;
    private static final int DEFAULT_MAX_RECORD_LENGTH = 64 * 1024 * 1024;
    private static final int MAX_EXCERPT_CHARS = 200;
    /**
     * How far into a file an error message's line number is counted when the failing split starts
     * mid-file (the record's byte offset is given beyond it).
     */
    static final long MAX_COUNTED_BYTES = 256L << 20;

    private byte[] delimiter = {'\n'};
    private int bufferSize = DEFAULT_BUFFER_SIZE;
    private int maxRecordLength = DEFAULT_MAX_RECORD_LENGTH;
    private boolean ignoreInvalidLines;
    private String sourceName;

    // Reading state; owned by the subtask's task thread.
    private transient byte[] buf;
    private transient int pos;
    private transient int limit;
    /** File offset of buf[0]. */
    private transient long bufOffset;
    private transient long splitEnd;
    private transient boolean eof;
    private transient boolean end;
    /** Line number of the current record, from 1; -1 where unknown. */
    private transient long lineNumber;
    private transient long recordOffset;
    /** Index in buf of the current record's first byte. */
    private transient int recordStart;
    private transient RuntimeContext runtimeContext;
    private transient LongCounter invalidLines;

    protected DelimitedInputFormat(String... filePaths) {
        super(filePaths);
    }

    /** Sets the record delimiter (UTF-8 encoded, non-empty). {@code "\n"} also accepts {@code "\r\n"}. */
    public DelimitedInputFormat<OT> setDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("setDelimiter: '" + delimiter + "' (expected: a non-empty string such as \"\\n\")");
        }
        this.delimiter = delimiter.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    public byte[] getDelimiter() {
        return delimiter.clone();
    }

    /** The read buffer's initial size (default 64 KiB). */
    public DelimitedInputFormat<OT> setBufferSize(int bufferSize) {
        if (bufferSize < 16) {
            throw new IllegalArgumentException("setBufferSize: " + bufferSize + " (expected: >= 16 bytes)");
        }
        this.bufferSize = bufferSize;
        return this;
    }

    /** The longest record accepted (default 64 MiB); a longer one usually means a wrong delimiter. */
    public DelimitedInputFormat<OT> setMaxRecordLength(int maxRecordLength) {
        if (maxRecordLength < 1) {
            throw new IllegalArgumentException("setMaxRecordLength: " + maxRecordLength + " (expected: >= 1 byte)");
        }
        this.maxRecordLength = maxRecordLength;
        return this;
    }

    /** Skip records that cannot be parsed instead of failing, counting them (see the class comment). */
    public DelimitedInputFormat<OT> ignoreInvalidLines() {
        this.ignoreInvalidLines = true;
        return this;
    }

    public boolean isIgnoringInvalidLines() {
        return ignoreInvalidLines;
    }

    /** Names the source in the accumulator of skipped lines; by default the operator's name. */
    public DelimitedInputFormat<OT> setSourceName(String sourceName) {
        this.sourceName = sourceName;
        return this;
    }

    /** {@code "<source name>.invalid-lines"}: the source name given, else the operator's name, else "source". */
    public String getInvalidLinesAccumulatorName() {
        String name = sourceName;
        if (name == null && runtimeContext != null) {
            name = runtimeContext.getOperatorName();
        }
        return (name == null || name.isEmpty() ? "source" : name) + ".invalid-lines";
    }

    /** The number of lines this instance skipped as invalid so far. */
    public long getInvalidLineCount() {
        return invalidLines == null ? 0 : invalidLines.get();
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
    }

    protected RuntimeContext getRuntimeContext() {
        return runtimeContext;
    }

    @Override
    public void openInputFormat() throws IOException {
        if (ignoreInvalidLines) {
            invalidLinesCounter();
        }
    }

    /** The counter of skipped lines: the accumulator when running in a task, else a local one. */
    private LongCounter invalidLinesCounter() {
        if (invalidLines == null) {
            invalidLines = runtimeContext != null
                    ? runtimeContext.getLongCounter(getInvalidLinesAccumulatorName()) : new LongCounter();
        }
        return invalidLines;
    }

    /**
     * Turns one record into a value.
     *
     * @param reuse an object the format may fill and return, or null
     * @param bytes the buffer; the record is {@code bytes[offset, offset + numBytes)}, without the delimiter
     * @return the value, or null to skip the record (e.g. a comment)
     * @throws ParseException (created with {@link #invalidRecord}) if the record is malformed
     */
    protected abstract OT readRecord(OT reuse, byte[] bytes, int offset, int numBytes) throws IOException;

    @Override
    public void open(FileInputSplit split) throws IOException {
        super.open(split);
        if (buf == null) {
            buf = new byte[bufferSize];
        }
        pos = 0;
        limit = 0;
        eof = false;
        end = false;
        // A compressed file is one split read to its end; its offsets are in the decompressed data.
        splitEnd = isReadingCompressed() ? Long.MAX_VALUE : split.getEnd();
        lineNumber = split.getStart() == 0 ? 0 : -1;
        if (split.getStart() > 0) {
            bufOffset = Math.max(0, split.getStart() - delimiter.length);
            seek(bufOffset);
            skipPartialRecord();
        } else {
            bufOffset = 0;
        }
    }

    /** Moves past the first delimiter ending at or after the split's start; ends the split if there is none. */
    private void skipPartialRecord() throws IOException {
        int from = pos;
        while (true) {
            int i = indexOfDelimiter(from);
            if (i >= 0) {
                pos = i + delimiter.length;
                return;
            }
            // Keep only the bytes that may begin a delimiter cut by the buffer's end.
            pos = Math.max(pos, limit - (delimiter.length - 1));
            from = pos;
            from -= compact();
            if (!readMore()) {
                end = true;
                return;
            }
        }
    }

    @Override
    public boolean reachedEnd() throws IOException {
        if (end) {
            return true;
        }
        if (bufOffset + pos >= splitEnd) {
            end = true;
        } else if (pos >= limit) {
            compact();
            end = !readMore();
        }
        return end;
    }

    @Override
    public OT nextRecord(OT reuse) throws IOException {
        while (!reachedEnd()) {
            int length = nextRecordLength();
            if (length < 0) {
                return null;
            }
            if (recordOffset == 0 && startsWithByteOrderMark(length)) {
                recordStart += 3;
                length -= 3;
            }
            try {
                OT value = readRecord(reuse, buf, recordStart, length);
                if (value != null) {
                    return value;
                }
            } catch (ParseException e) {
                if (!ignoreInvalidLines) {
                    throw e;
                }
                skipped(e);
            }
        }
        return null;
    }

    /**
     * Finds the end of the record starting at {@code pos}, leaving it contiguous in the buffer from
     * {@code recordStart} and {@code pos} after its delimiter. Returns its length without delimiter
     * (and without the '\r' of a CRLF under the default delimiter), or -1 if the split has no more records.
     */
    private int nextRecordLength() throws IOException {
        recordOffset = bufOffset + pos;
        int from = pos;
        while (true) {
            int i = indexOfDelimiter(from);
            if (i >= 0) {
                recordStart = pos;
                pos = i + delimiter.length;
                return countLine(stripCr(i, i - recordStart));
            }
            from = Math.max(pos, limit - (delimiter.length - 1));
            from -= compact();
            if (!readMore()) {
                if (pos >= limit) {
                    end = true;
                    return -1;
                }
                recordStart = pos;
                pos = limit;
                return countLine(stripCr(limit, limit - recordStart));
            }
        }
    }

    /** A UTF-8 byte order mark at the file's start is not part of the first record. */
    private boolean startsWithByteOrderMark(int length) {
        return length >= 3 && buf[recordStart] == (byte) 0xEF && buf[recordStart + 1] == (byte) 0xBB
                && buf[recordStart + 2] == (byte) 0xBF;
    }

    private int stripCr(int recordEnd, int length) {
        if (length > 0 && delimiter.length == 1 && delimiter[0] == '\n' && buf[recordEnd - 1] == '\r') {
            return length - 1;
        }
        return length;
    }

    private int countLine(int length) {
        if (lineNumber >= 0) {
            lineNumber++;
        }
        return length;
    }

    /** The index of the first delimiter starting at or after {@code from} and ending before {@code limit}, or -1. */
    private int indexOfDelimiter(int from) {
        final byte[] b = buf;
        final byte d0 = delimiter[0];
        final int lim = limit;
        if (delimiter.length == 1) {
            for (int i = from; i < lim; i++) {
                if (b[i] == d0) {
                    return i;
                }
            }
            return -1;
        }
        int last = lim - delimiter.length;
        for (int i = from; i <= last; i++) {
            if (b[i] == d0 && matches(b, i, delimiter)) {
                return i;
            }
        }
        return -1;
    }

    /** Moves the unread bytes to the buffer's front; returns by how much positions shifted. */
    private int compact() {
        int shift = pos;
        if (shift > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= shift;
            bufOffset += shift;
            pos = 0;
        }
        return shift;
    }

    private void grow() throws IOException {
        if (buf.length >= maxRecordLength) {
            // the record is not complete, so lineNumber does not count it yet
            String where = location(lineNumber >= 0 ? lineNumber + 1 : countedLineNumber());
            throw new IOException(where + ": record longer than " + maxRecordLength + " bytes without a delimiter '"
                    + new String(delimiter, StandardCharsets.UTF_8).replace("\n", "\\n").replace("\r", "\\r")
                    + "': is the delimiter right? (setDelimiter; setMaxRecordLength raises the limit)");
        }
        byte[] bigger = new byte[(int) Math.min(maxRecordLength, 2L * buf.length)];
        System.arraycopy(buf, 0, bigger, 0, limit);
        buf = bigger;
    }

    /** Reads more bytes after {@code limit}; false at the end of the file. */
    private boolean readMore() throws IOException {
        if (eof) {
            return false;
        }
        if (limit == buf.length) {
            grow();
        }
        int n = stream.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
            return false;
        }
        limit += n;
        return true;
    }

    private void skipped(ParseException e) {
        LongCounter counter = invalidLinesCounter();
        counter.add(1L);
        if (counter.get() == 1) {
            LOG.warn("Skipping invalid lines of {}; they are counted in accumulator '{}'. First one: {}",
                    currentSplit.getPath(), getInvalidLinesAccumulatorName(), e.getMessage());
        } else {
            LOG.debug("Skipped invalid line: {}", e.getMessage());
        }
    }

    /** {@code file:line} where the line number is known, else {@code file:byte offset}. */
    protected String location() {
        return location(lineNumberForError());
    }

    private String location(long line) {
        String file = currentSplit == null ? "?" : currentSplit.getPath();
        return line > 0 ? file + ":" + line : file + ":byte " + recordOffset;
    }

    /**
     * The current record's line number for an error message: known when the split starts at the
     * file's start; else, for an error that fails the job, counted by reading the file up to the
     * record (at most {@link #MAX_COUNTED_BYTES}); else -1. Skipped lines
     * ({@link #ignoreInvalidLines()}) are not counted: there may be many of them.
     */
    private long lineNumberForError() {
        if (lineNumber > 0) {
            return lineNumber;
        }
        return ignoreInvalidLines ? -1 : countedLineNumber();
    }

    private long countedLineNumber() {
        if (currentSplit == null || isReadingCompressed() || recordOffset > MAX_COUNTED_BYTES) {
            return -1;
        }
        Path path = new Path(currentSplit.getPath());
        try (InputStream in = HadoopFileSystems.get(path, hadoopConfiguration()).open(path)) {
            return countDelimiters(in, delimiter, recordOffset) + 1;
        } catch (IOException e) {
            LOG.info("Could not count the lines of {} before byte {} for an error message; it gives the byte offset: {}",
                    path, recordOffset, e.toString());
            return -1;
        }
    }

    /**
     * How many delimiters lie within the first {@code length} bytes of {@code in}, matched from the
     * left without overlap, as the reader splits records.
     */
    static long countDelimiters(InputStream in, byte[] delimiter, long length) throws IOException {
        byte[] chunk = new byte[64 * 1024 + delimiter.length];
        long count = 0;
        long remaining = length;
        int carried = 0;
        while (true) {
            int n = remaining == 0 ? -1 : in.read(chunk, carried, (int) Math.min(chunk.length - carried, remaining));
            if (n < 0) {
                return count;
            }
            remaining -= n;
            int end = carried + n;
            int i = 0;
            while (i <= end - delimiter.length) {
                if (matches(chunk, i, delimiter)) {
                    count++;
                    i += delimiter.length;
                } else {
                    i++;
                }
            }
            // The bytes from i on may begin a delimiter that the next read completes.
            carried = end - i;
            System.arraycopy(chunk, i, chunk, 0, carried);
        }
    }

    /** Whether {@code delimiter} starts at {@code bytes[at]} (the caller made sure it fits). */
    private static boolean matches(byte[] bytes, int at, byte[] delimiter) {
        for (int k = 0; k < delimiter.length; k++) {
            if (bytes[at + k] != delimiter[k]) {
                return false;
            }
        }
        return true;
    }

    /** The current record's 1-based line number, or -1 where unknown (split not at the file's start). */
    protected long currentLineNumber() {
        return lineNumber;
    }

    /** The file offset of the current record's first byte. */
    protected long currentRecordOffset() {
        return recordOffset;
    }

    /**
     * The exception for a malformed current record, in the house format: {@code <file>:<line>: <what>
     * in field <n>: "<text>"} and what to do.
     *
     * @param what what is wrong, e.g. {@code "not an int"}
     * @param field the 1-based field number, or 0 when the whole record is meant
     * @param text the offending bytes' range
     */
    protected ParseException invalidRecord(String what, int field, byte[] bytes, int offset, int length) {
        String excerpt = Utf8.excerpt(bytes, offset, length, MAX_EXCERPT_CHARS);
        long line = lineNumberForError();
        String message = location(line) + ": " + what + (field > 0 ? " in field " + field : "") + ": \"" + excerpt
                + "\". Fix the input, or call ignoreInvalidLines() on the source to skip such lines and count them"
                + " in accumulator '" + getInvalidLinesAccumulatorName() + "'";
        return new ParseException(message, currentSplit == null ? null : currentSplit.getPath(), line, recordOffset);
    }

    @Override
    public void close() throws IOException {
        super.close();
        end = true;
    }
}
