package io.eddy.api.common.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;

/**
 * Base of formats that read files through the Hadoop {@link FileSystem} API ({@code file://},
 * {@code hdfs://}, anything with a Hadoop client on the class path).
 *
 * <p>Input: one or more paths; a directory stands for the files in it, and (by default) in its
 * subdirectories. Files and directories whose names start with {@code _} or {@code .} found while
 * listing are skipped (markers such as {@code _SUCCESS}, temporary and checksum files); a path
 * given explicitly is always read.
 *
 * <p>Splits ({@link #createInputSplits}, in the master): each file is cut into ranges no larger than
 * its block size, and no larger than {@code totalSize / minNumSplits} so there are at least as many
 * splits as requested; a remainder smaller than a tenth of a split joins the previous split. Each
 * split carries the hosts of the block holding its first byte, for the {@link
 * LocatableInputSplitAssigner}. Empty files give no split. A missing path fails here, naming it.
 *
 * <p>Compressed files: a file whose extension names a Hadoop compression codec ({@code .gz},
 * {@code .bz2}, {@code .deflate}, ...; {@code io.compression.codecs}) is read decompressed, as one
 * split (a decompressor cannot start mid-stream); statistics count its compressed size.
 *
 * <p>Reading (in a subtask): {@link #open} opens the file and seeks to the split's start; the
 * subclass reads from {@link #stream}. Not thread-safe: one instance per subtask, used by its task thread.
 *
 * @param <OT> the type of the records produced
 */
public abstract class FileInputFormat<OT> implements InputFormat<OT, FileInputSplit> {

    private static final long serialVersionUID = 1L;

    /** A remainder smaller than this fraction of a split is added to the previous split. */
    private static final double SPLIT_SLOP = 1.1;

    private final String[] filePaths;
    private boolean enumerateNestedFiles = true;
    private long minSplitSize = 1;

    /** The split being read; owned by the subtask's task thread, like the fields below. */
    protected transient FileInputSplit currentSplit;
    /** The open file (decompressed if it is compressed), positioned at the split's start by {@link #open}. */
    protected transient InputStream stream;
    /** The raw file under {@link #stream}, for seeking. */
    private transient FSDataInputStream fileStream;
    private transient CompressionCodecFactory codecs;
    private transient org.apache.hadoop.conf.Configuration hadoopConf;

    /** @param filePaths files or directories, as paths or URIs; at least one */
    protected FileInputFormat(String... filePaths) {
        if (filePaths == null || filePaths.length == 0) {
            throw new IllegalArgumentException("FileInputFormat: no input path given (expected: at least one file or directory)");
        }
        for (String p : filePaths) {
            if (p == null || p.isBlank()) {
                throw new IllegalArgumentException("FileInputFormat: input path " + Arrays.toString(filePaths)
                        + " contains an empty path");
            }
        }
        this.filePaths = filePaths.clone();
    }

    /** The input paths as given. */
    public String[] getFilePaths() {
        return filePaths.clone();
    }

    /** Whether subdirectories of an input directory are read too (default true). */
    public FileInputFormat<OT> setNestedFileEnumeration(boolean enumerateNestedFiles) {
        this.enumerateNestedFiles = enumerateNestedFiles;
        return this;
    }

    /** The smallest split to create, in bytes (default 1). */
    public FileInputFormat<OT> setMinSplitSize(long minSplitSize) {
        if (minSplitSize < 1) {
            throw new IllegalArgumentException("setMinSplitSize: " + minSplitSize + " (expected: >= 1 byte)");
        }
        this.minSplitSize = minSplitSize;
        return this;
    }

    /** Whether files may be cut into several splits; formats that cannot start mid-file return false. */
    protected boolean isSplittable() {
        return true;
    }

    /** The Hadoop configuration of this instance, created on first use from the class path. */
    protected org.apache.hadoop.conf.Configuration hadoopConfiguration() {
        if (hadoopConf == null) {
            hadoopConf = HadoopFileSystems.newConfiguration();
        }
        return hadoopConf;
    }

    @Override
    public BaseStatistics getStatistics(BaseStatistics cached) throws IOException {
        long total = 0;
        for (FileStatus file : listFiles()) {
            total += file.getLen();
        }
        return new BaseStatistics(total, BaseStatistics.UNKNOWN, BaseStatistics.UNKNOWN);
    }

    @Override
    public FileInputSplit[] createInputSplits(int minNumSplits) throws IOException {
        int wanted = Math.max(1, minNumSplits);
        List<FileStatus> files = listFiles();
        long totalLength = 0;
        for (FileStatus file : files) {
            totalLength += file.getLen();
        }
        long maxSplitSize = Math.max(1, (totalLength + wanted - 1) / wanted);
        List<FileInputSplit> splits = new ArrayList<>();
        for (FileStatus file : files) {
            if (file.getLen() > 0) {
                addSplits(file, maxSplitSize, splits);
            }
        }
        return splits.toArray(new FileInputSplit[0]);
    }

    private void addSplits(FileStatus file, long maxSplitSize, List<FileInputSplit> splits) throws IOException {
        FileSystem fs = HadoopFileSystems.get(file.getPath(), hadoopConfiguration());
        long len = file.getLen();
        BlockLocation[] blocks = fs.getFileBlockLocations(file, 0, len);
        String path = file.getPath().toString();
        if (!isSplittable() || isCompressed(file.getPath())) {
            splits.add(new FileInputSplit(splits.size(), path, 0, len, hostsAt(blocks, 0)));
            return;
        }
        long blockSize = file.getBlockSize() > 0 ? file.getBlockSize() : len;
        long splitSize = Math.max(minSplitSize, Math.min(maxSplitSize, blockSize));
        long offset = 0;
        while ((double) (len - offset) / splitSize > SPLIT_SLOP) {
            splits.add(new FileInputSplit(splits.size(), path, offset, splitSize, hostsAt(blocks, offset)));
            offset += splitSize;
        }
        splits.add(new FileInputSplit(splits.size(), path, offset, len - offset, hostsAt(blocks, offset)));
    }

    private static String[] hostsAt(BlockLocation[] blocks, long offset) throws IOException {
        for (BlockLocation block : blocks) {
            if (offset >= block.getOffset() && offset < block.getOffset() + block.getLength()) {
                return block.getHosts();
            }
        }
        return new String[0];
    }

    /** The codec for {@code path}'s extension, or null for an uncompressed file. */
    private CompressionCodec codecFor(Path path) {
        if (codecs == null) {
            codecs = new CompressionCodecFactory(hadoopConfiguration());
        }
        return codecs.getCodec(path);
    }

    /** Whether {@code path} is read through a decompressor, as one split. */
    protected boolean isCompressed(Path path) {
        return codecFor(path) != null;
    }

    @Override
    public InputSplitAssigner getInputSplitAssigner(FileInputSplit[] splits) {
        return new LocatableInputSplitAssigner(splits);
    }

    /** The files to read, in input order and, within a directory, by name. Fails naming a missing path. */
    protected List<FileStatus> listFiles() throws IOException {
        List<FileStatus> files = new ArrayList<>();
        for (String p : filePaths) {
            Path path = new Path(p);
            FileSystem fs = HadoopFileSystems.get(path, hadoopConfiguration());
            FileStatus status;
            try {
                status = fs.getFileStatus(path);
            } catch (FileNotFoundException e) {
                throw new FileNotFoundException("Input path does not exist: " + HadoopFileSystems.qualify(path, fs)
                        + " (given as '" + p + "'); check the path passed to the source");
            } catch (IOException e) {
                throw new IOException("Cannot read input path " + p + ": " + e.getMessage(), e);
            }
            if (status.isDirectory()) {
                addDirectory(fs, status.getPath(), files);
            } else {
                files.add(status);
            }
        }
        return files;
    }

    private void addDirectory(FileSystem fs, Path dir, List<FileStatus> files) throws IOException {
        FileStatus[] children = fs.listStatus(dir);
        Arrays.sort(children);
        for (FileStatus child : children) {
            String name = child.getPath().getName();
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            if (child.isDirectory()) {
                if (enumerateNestedFiles) {
                    addDirectory(fs, child.getPath(), files);
                }
            } else {
                files.add(child);
            }
        }
    }

    /** Opens the split's file and seeks to its start. Subclasses call this first. */
    @Override
    public void open(FileInputSplit split) throws IOException {
        this.currentSplit = Objects.requireNonNull(split, "split");
        Path path = new Path(split.getPath());
        FileSystem fs = HadoopFileSystems.get(path, hadoopConfiguration());
        try {
            this.fileStream = fs.open(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Input file " + path + " disappeared after the job was planned: " + e.getMessage());
        }
        CompressionCodec codec = codecFor(path);
        if (codec != null && !(codec instanceof SplittableCompressionCodec) && split.getStart() > 0) {
            throw new IOException("Bug: split " + split + " starts mid-file in a " + codec.getClass().getSimpleName()
                    + " compressed file, which can only be read from its start");
        }
        this.stream = codec != null ? codec.createInputStream(fileStream) : fileStream;
        if (split.getStart() > 0) {
            seek(split.getStart());
        }
    }

    /**
     * Whether the current split is read through a decompressor: it then covers its whole file, and
     * offsets in the stream are positions in the decompressed data, unrelated to the split's length.
     */
    protected boolean isReadingCompressed() {
        return stream != null && stream != fileStream;
    }

    /** Moves the uncompressed file to {@code offset}; only for splits of uncompressed files. */
    protected void seek(long offset) throws IOException {
        if (stream != fileStream) {
            throw new IOException("Bug: cannot seek to " + offset + " in compressed file " + currentSplit.getPath());
        }
        fileStream.seek(offset);
    }

    /** Closes the file of the current split. */
    @Override
    public void close() throws IOException {
        InputStream s = stream;
        stream = null;
        fileStream = null;
        if (s != null) {
            s.close();
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + Arrays.toString(filePaths);
    }
}
