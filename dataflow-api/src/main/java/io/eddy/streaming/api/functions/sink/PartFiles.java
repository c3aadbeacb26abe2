package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.io.HadoopFileSystems;
import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The part files of a {@link FileSink} in its directory, through the Hadoop {@link FileSystem} API
 * ({@code file://}, {@code hdfs://}, ...). A part moves through three names:
 * <pre>
 *   .part-&lt;subtask&gt;-&lt;n&gt;.inprogress  --close--&gt;  .part-&lt;subtask&gt;-&lt;n&gt;.pending  --commit--&gt;  part-&lt;subtask&gt;-&lt;n&gt;
 * </pre>
 * Files starting with {@code .} are hidden from readers of the directory (Eddy's and Hadoop's file
 * inputs skip them), so only committed parts are visible output. Local paths use the raw local
 * file system, so no {@code .crc} files appear. The file system instance is Hadoop's cached, shared
 * one and is not closed here. Used by one thread (the sink's task thread).
 */
final class PartFiles {

    /** The stage of a part file, told by its name. */
    enum Stage {
        IN_PROGRESS,
        PENDING,
        COMMITTED
    }

    /** A part file found in the directory. */
    record Entry(Stage stage, int subtask, long part) {}

    private static final Pattern HIDDEN = Pattern.compile("^\\.part-(\\d+)-(\\d+)\\.(inprogress|pending)$");
    private static final Pattern COMMITTED = Pattern.compile("^part-(\\d+)-(\\d+)$");

    private static final int LOCAL_BUFFER_BYTES = 64 * 1024;


    private final FileSystem fs;
    private final Path dir;

    private PartFiles(FileSystem fs, Path dir) {
        this.fs = fs;
        this.dir = dir;
    }

    /**
     * The part files of directory {@code basePath}, created if missing.
     *
     * @throws IOException naming the path if its file system cannot be reached or the directory not created
     */
    static PartFiles open(String basePath) throws IOException {
        Path path = new Path(basePath);
        FileSystem fs;
        try {
            fs = HadoopFileSystems.get(path);
        } catch (IOException e) {
            throw new IOException("FileSink: " + e.getMessage(), e);
        }
        Path dir = fs.makeQualified(path);
        if (!fs.mkdirs(dir)) {
            throw new IOException("FileSink: cannot create the directory " + dir + "; is it a file, or not writable?");
        }
        return new PartFiles(fs, dir);
    }

    Path directory() {
        return dir;
    }

    static String inProgressName(int subtask, long part) {
        return ".part-" + subtask + "-" + part + ".inprogress";
    }

    static String pendingName(int subtask, long part) {
        return ".part-" + subtask + "-" + part + ".pending";
    }

    static String committedName(int subtask, long part) {
        return "part-" + subtask + "-" + part;
    }

    /** Creates the in-progress file of a new part; fails if it exists. */
    FSDataOutputStream create(int subtask, long part) throws IOException {
        Path path = new Path(dir, inProgressName(subtask, part));
        if (fs instanceof RawLocalFileSystem raw) {
            // Without Hadoop's native library, RawLocalFileSystem.create forks 'chmod' for every file
            // (~20 ms); a part per checkpoint would pay that each time. Plain java.nio writes the same file.
            OutputStream file = Files.newOutputStream(raw.pathToFile(path).toPath(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new FSDataOutputStream(new BufferedOutputStream(file, LOCAL_BUFFER_BYTES), null);
        }
        return fs.create(path, false);
    }

    /** Renames a closed in-progress file to its pending name. */
    void toPending(int subtask, long part) throws IOException {
        Path src = new Path(dir, inProgressName(subtask, part));
        Path dst = new Path(dir, pendingName(subtask, part));
        if (!fs.exists(src) || fs.exists(dst) || !fs.rename(src, dst)) {
            throw new IOException("FileSink: cannot rename " + src + " to " + dst + " (source exists: " + fs.exists(src)
                    + ", target exists: " + fs.exists(dst) + "); is another job writing into " + dir + "?");
        }
    }

    /**
     * Renames a pending file to its committed name. Idempotent: a part already committed (pending
     * file gone, committed file present) is fine, as after a restore that repeats a commit.
     *
     * @throws IOException if neither file exists (the part is lost) or both do, naming them
     */
    void commit(int subtask, long part) throws IOException {
        Path src = new Path(dir, pendingName(subtask, part));
        Path dst = new Path(dir, committedName(subtask, part));
        boolean srcExists = fs.exists(src);
        boolean dstExists = fs.exists(dst);
        if (!srcExists && dstExists) {
            return;
        }
        if (srcExists && !dstExists && fs.rename(src, dst)) {
            return;
        }
        throw new IOException("FileSink: cannot commit " + src + " as " + dst + " (pending file exists: " + srcExists
                + ", committed file exists: " + dstExists + "). A checkpoint recorded this part, so its data would be lost: "
                + "was the directory changed outside the job, or does another job write into it?");
    }

    /** The part files in the directory, in no particular order; other files are ignored. */
    List<Entry> list() throws IOException {
        FileStatus[] statuses;
        try {
            statuses = fs.listStatus(dir);
        } catch (FileNotFoundException e) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        for (FileStatus status : statuses) {
            Entry e = parse(status.getPath().getName());
            if (e != null && status.isFile()) {
                entries.add(e);
            }
        }
        return entries;
    }

    /** The part file {@code name} names, or null if it is not a part file. */
    static Entry parse(String name) {
        Matcher m = HIDDEN.matcher(name);
        if (m.matches()) {
            Stage stage = m.group(3).equals("inprogress") ? Stage.IN_PROGRESS : Stage.PENDING;
            return entry(stage, m.group(1), m.group(2));
        }
        m = COMMITTED.matcher(name);
        return m.matches() ? entry(Stage.COMMITTED, m.group(1), m.group(2)) : null;
    }

    private static Entry entry(Stage stage, String subtask, String part) {
        try {
            return new Entry(stage, Integer.parseInt(subtask), Long.parseLong(part));
        } catch (NumberFormatException e) {
            // Digits too long for an int/long: not a name this sink writes.
            return null;
        }
    }

    /** Deletes the file of {@code entry}; a file already gone is fine. */
    void delete(Entry entry) throws IOException {
        String name = switch (entry.stage()) {
            case IN_PROGRESS -> inProgressName(entry.subtask(), entry.part());
            case PENDING -> pendingName(entry.subtask(), entry.part());
            case COMMITTED -> committedName(entry.subtask(), entry.part());
        };
        Path p = new Path(dir, name);
        if (!fs.delete(p, false) && fs.exists(p)) {
            throw new IOException("FileSink: cannot delete the leftover part file " + p + "; is the directory writable?");
        }
    }
}
