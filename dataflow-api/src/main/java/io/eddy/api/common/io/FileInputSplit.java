package io.eddy.api.common.io;

import java.util.Arrays;
import java.util.Objects;

/**
 * A byte range {@code [start, start + length)} of one file, with the hosts that hold that range
 * locally. The path is kept as a URI string so the split is serializable without Hadoop types.
 * Immutable.
 */
public final class FileInputSplit implements LocatableInputSplit {

    private static final long serialVersionUID = 1L;

    private final int splitNumber;
    private final String path;
    private final long start;
    private final long length;
    private final String[] hosts;

    /**
     * @param splitNumber the number of the split within its source, from 0
     * @param path the file, as a fully qualified URI string (e.g. {@code hdfs://nn:8020/data/a.csv})
     * @param start the offset of the first byte of the range
     * @param length the number of bytes of the range (records that start in it may end after it)
     * @param hosts the hosts holding the range locally; may be empty, not null
     */
    public FileInputSplit(int splitNumber, String path, long start, long length, String[] hosts) {
        if (start < 0 || length < 0) {
            throw new IllegalArgumentException("FileInputSplit of " + path + ": start " + start + ", length " + length
                    + " (expected: both >= 0)");
        }
        this.splitNumber = splitNumber;
        this.path = Objects.requireNonNull(path, "path");
        this.start = start;
        this.length = length;
        this.hosts = Objects.requireNonNull(hosts, "hosts").clone();
    }

    @Override
    public int getSplitNumber() {
        return splitNumber;
    }

    /** The file, as a URI string. */
    public String getPath() {
        return path;
    }

    public long getStart() {
        return start;
    }

    public long getLength() {
        return length;
    }

    /** The offset just after the range. */
    public long getEnd() {
        return start + length;
    }

    @Override
    public String[] getHostnames() {
        return hosts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FileInputSplit other && other.splitNumber == splitNumber && other.path.equals(path)
                && other.start == start && other.length == length && Arrays.equals(other.hosts, hosts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(splitNumber, path, start, length);
    }

    @Override
    public String toString() {
        return "FileInputSplit #" + splitNumber + " " + path + " [" + start + ", " + getEnd() + ") hosts "
                + Arrays.toString(hosts);
    }
}
