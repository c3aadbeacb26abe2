package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.checkpoint.HadoopFileSystems;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.UUID;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One lane's file of an iteration snapshot (docs/iterations.md, "Snapshots and recovery"):
 * {@code <snapshot dir>/lane-<subtask>}, on any Hadoop file system (file://, hdfs://). It holds the
 * records a head needs to start the superstep after the snapshot, in sections written one after the
 * other: bulk, one (the partial solution); delta, two (the solution set, then the workset).
 *
 * <pre>
 *   header:  int MAGIC, int VERSION, int sections
 *   block*:  byte section, int records, int bytes, int crc32c(bytes), bytes   (records serialized back to back)
 *   end:     byte END, long records in all
 * </pre>
 *
 * <p>A writer writes to a temporary name and renames it when {@link Writer#commit()} finished, so a
 * lane file that exists is complete; a reader checks every block's checksum and the end's count and
 * names the file in every error. Not thread-safe: one head's task thread uses a writer or reader.
 */
final class SnapshotFile {

    private static final int MAGIC = 0x45445349;
    private static final int VERSION = 1;
    private static final int END = 0xFF;
    /** A block is written once its serialized records exceed this many bytes. */
    private static final int BLOCK_BYTES = 64 * 1024;

    private SnapshotFile() {}

    /** The file of lane {@code subtask} in snapshot directory {@code dir}. */
    static Path laneFile(String dir, int subtask) throws IOException {
        return new Path(HadoopFileSystems.path(dir), "lane-" + subtask);
    }

    /** Starts writing lane {@code subtask}'s file of the snapshot at {@code dir} with {@code sections} sections. */
    static Writer create(String dir, int subtask, int sections) throws IOException {
        Path target = laneFile(dir, subtask);
        FileSystem fs = HadoopFileSystems.fileSystem(target);
        Path temp = new Path(target.getParent(), "." + target.getName() + ".inprogress-" + UUID.randomUUID());
        return new Writer(fs, temp, target, sections);
    }

    /** Opens lane {@code subtask}'s file of the snapshot at {@code dir}, which must have {@code sections} sections. */
    static Reader open(String dir, int subtask, int sections) throws IOException {
        Path file = laneFile(dir, subtask);
        FileSystem fs = HadoopFileSystems.fileSystem(file);
        FSDataInputStream in;
        try {
            in = fs.open(file);
        } catch (IOException e) {
            throw new IOException("Cannot open the iteration snapshot file " + file + ": " + e.getMessage(), e);
        }
        return new Reader(file, in, sections);
    }

    /** Writes one lane file; {@link #commit()} makes it visible, {@link #close()} without commit deletes it. */
    static final class Writer implements AutoCloseable {
        private final FileSystem fs;
        private final Path temp;
        private final Path target;
        private final int sections;
        private final FSDataOutputStream out;
        private final DataOutputSerializer block = new DataOutputSerializer(BLOCK_BYTES + 1024);
        private final CRC32C crc = new CRC32C();
        private int section;
        private int blockRecords;
        private long records;
        private boolean done;

        private Writer(FileSystem fs, Path temp, Path target, int sections) throws IOException {
            this.fs = fs;
            this.temp = temp;
            this.target = target;
            this.sections = sections;
            fs.mkdirs(target.getParent());
            this.out = fs.create(temp, false);
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(sections);
        }

        /** Appends {@code record} to section {@code section}; sections are written in order, from 0. */
        <T> void write(int section, TypeSerializer<T> serializer, T record) throws IOException {
            if (section < this.section || section >= sections) {
                throw new IllegalStateException("Bug: the snapshot file " + target + " is written in section " + this.section
                        + " and got a record of section " + section + " (expected: sections 0.." + (sections - 1) + " in order)");
            }
            if (section != this.section) {
                flushBlock();
                this.section = section;
            }
            serializer.serialize(record, block);
            blockRecords++;
            records++;
            if (block.length() >= BLOCK_BYTES) {
                flushBlock();
            }
        }

        private void flushBlock() throws IOException {
            if (blockRecords == 0) {
                return;
            }
            crc.reset();
            crc.update(block.getSharedBuffer(), 0, block.length());
            out.writeByte(section);
            out.writeInt(blockRecords);
            out.writeInt(block.length());
            out.writeInt((int) crc.getValue());
            out.write(block.getSharedBuffer(), 0, block.length());
            block.clear();
            blockRecords = 0;
        }

        /** The records written so far. */
        long records() {
            return records;
        }

        /** Finishes the file, syncs it and renames it to its final name. */
        void commit() throws IOException {
            flushBlock();
            out.writeByte(END);
            out.writeLong(records);
            out.hsync();
            out.close();
            done = true;
            fs.delete(target, false); // a file of an earlier attempt of this snapshot, if any
            if (!fs.rename(temp, target)) {
                fs.delete(temp, false);
                throw new IOException("Cannot rename the iteration snapshot file " + temp + " to " + target);
            }
        }

        /** Deletes the temporary file unless {@link #commit()} ran. */
        @Override
        public void close() throws IOException {
            if (done) {
                return;
            }
            done = true;
            try {
                out.close();
            } finally {
                fs.delete(temp, false);
            }
        }

        @Override
        public String toString() {
            return target.toString();
        }
    }

    /** Reads one lane file, section after section. */
    static final class Reader implements AutoCloseable {
        /** What a reader hands each record to. */
        @FunctionalInterface
        interface RecordConsumer<T> {
            void accept(T record) throws Exception;
        }

        private final Path file;
        private final DataInputStream in;
        private final DataInputDeserializer block = new DataInputDeserializer();
        private final CRC32C crc = new CRC32C();
        private byte[] bytes = new byte[BLOCK_BYTES * 2];
        /** The section of the block read ahead but not consumed, -1 for none, END at the end. */
        private int pendingSection = -1;
        private int pendingRecords;
        private long records;

        private Reader(Path file, FSDataInputStream in, int sections) throws IOException {
            this.file = file;
            this.in = new DataInputStream(new java.io.BufferedInputStream(in, 64 * 1024));
            try {
                int magic = this.in.readInt();
                int version = this.in.readInt();
                int found = this.in.readInt();
                if (magic != MAGIC || version != VERSION || found != sections) {
                    throw corrupt("header " + Integer.toHexString(magic) + "/" + version + "/" + found + " (expected: "
                            + Integer.toHexString(MAGIC) + "/" + VERSION + "/" + sections + " sections)");
                }
            } catch (EOFException e) {
                throw corrupt("it ends within its header");
            }
        }

        /** Hands every record of section {@code section} to {@code consumer}; sections are read in order. */
        <T> long readSection(int section, TypeSerializer<T> serializer, RecordConsumer<T> consumer) throws Exception {
            long count = 0;
            while (true) {
                if (pendingSection == -1) {
                    readBlock();
                }
                if (pendingSection != section) {
                    if (pendingSection != END && pendingSection < section) {
                        throw corrupt("section " + pendingSection + " follows section " + section);
                    }
                    return count;
                }
                for (int i = 0; i < pendingRecords; i++) {
                    consumer.accept(serializer.deserialize(block));
                }
                count += pendingRecords;
                records += pendingRecords;
                pendingSection = -1;
            }
        }

        /** Checks that the file ends here and holds as many records as were read. */
        void checkEnd() throws IOException {
            if (pendingSection == -1) {
                readBlock();
            }
            if (pendingSection != END) {
                throw corrupt("section " + pendingSection + " was not read");
            }
        }

        private void readBlock() throws IOException {
            try {
                int section = in.readUnsignedByte();
                if (section == END) {
                    long total = in.readLong();
                    if (total != records) {
                        throw corrupt("it holds " + total + " records but " + records + " were read");
                    }
                    pendingSection = END;
                    return;
                }
                int count = in.readInt();
                int length = in.readInt();
                int checksum = in.readInt();
                if (count < 0 || length < 0) {
                    throw corrupt("a block says " + count + " records in " + length + " bytes");
                }
                if (bytes.length < length) {
                    bytes = new byte[length];
                }
                in.readFully(bytes, 0, length);
                crc.reset();
                crc.update(bytes, 0, length);
                if ((int) crc.getValue() != checksum) {
                    throw corrupt("a block's checksum does not match");
                }
                block.setBuffer(bytes, 0, length);
                pendingSection = section;
                pendingRecords = count;
            } catch (EOFException e) {
                throw corrupt("it ends before its end marker (truncated)");
            }
        }

        private IOException corrupt(String what) {
            return new IOException("The iteration snapshot file " + file + " is corrupt: " + what);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }

        @Override
        public String toString() {
            return file.toString();
        }
    }
}
