package io.eddy.runtime.io.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.MemorySegment;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IOManagerTest {

    private static final int BLOCK = 4096;

    @TempDir
    Path tmp;

    private IOManager io;

    @BeforeEach
    void start() throws IOException {
        io = new IOManager(Files.createDirectory(tmp.resolve("d0")).toFile(), Files.createDirectory(tmp.resolve("d1")).toFile());
    }

    @AfterEach
    void stop() {
        io.close();
    }

    private static MemorySegment block(int fill) {
        MemorySegment s = MemorySegment.allocateHeap(BLOCK, "test");
        for (int i = 0; i < BLOCK; i += 4) {
            s.putInt(i, fill * 31 + i);
        }
        return s;
    }

    private static int firstValue(MemorySegment s) {
        return s.getInt(0);
    }

    @Test
    void createsOneSpillDirectoryPerGivenDirectoryAndStartsNamedDaemonThreads() {
        File[] dirs = io.spillingDirectories();
        assertThat(dirs).hasSize(2);
        assertThat(dirs[0]).isDirectory().hasParent(tmp.resolve("d0").toFile());
        assertThat(dirs[0].getName()).startsWith("eddy-io-");
        Set<String> names = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("eddy-io-") && t.isDaemon()) {
                names.add(t.getName());
            }
        }
        assertThat(names).contains("eddy-io-writer-0", "eddy-io-writer-1", "eddy-io-reader-0", "eddy-io-reader-1");
    }

    @Test
    void channelsAreSpreadRoundRobinAndEnumeratorsShareAPrefix() {
        FileIOChannel.ID a = io.createChannel();
        FileIOChannel.ID b = io.createChannel();
        assertThat(a).isNotEqualTo(b);
        assertThat(a.getThreadNum()).isNotEqualTo(b.getThreadNum());
        assertThat(a.getPathFile().getParentFile()).isEqualTo(io.spillingDirectories()[a.getThreadNum()]);

        FileIOChannel.Enumerator e = io.createChannelEnumerator();
        FileIOChannel.ID first = e.next();
        FileIOChannel.ID second = e.next();
        String prefix = first.getPathFile().getName().split("\\.")[0];
        assertThat(second.getPathFile().getName()).startsWith(prefix + ".").isNotEqualTo(first.getPathFile().getName());
        assertThat(first.getThreadNum()).isNotEqualTo(second.getThreadNum());
    }

    @Test
    void aWriterCountsItsBytesForTheSpillAccountOfTheThreadThatOpenedIt() throws Exception {
        LongAdder task = new LongAdder();
        SpillAccount.bind(task);
        try {
            writeBlocks(3);
            // a thread the task's thread starts (a source thread) inherits the account
            Thread child = new Thread(() -> {
                try {
                    writeBlocks(2);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            child.start();
            child.join();
        } finally {
            SpillAccount.unbind();
        }
        writeBlocks(4); // a thread without an account: the worker's total only
        assertThat(task.sum()).isEqualTo(5L * BLOCK);
        assertThat(io.spilledBytes()).isEqualTo(9L * BLOCK);
    }

    private void writeBlocks(int n) throws IOException {
        BlockingQueue<MemorySegment> returns = new LinkedBlockingQueue<>();
        BlockChannelWriter writer = io.createBlockChannelWriter(io.createChannel(), returns);
        for (int i = 0; i < n; i++) {
            writer.writeBlock(MemorySegment.allocateHeap(BLOCK, "test"));
        }
        writer.close();
    }

    @Test
    void writesAndReadsManyBlocksInOrder() throws Exception {
        int numBlocks = 200;
        FileIOChannel.ID id = io.createChannel();
        BlockingQueue<MemorySegment> writeReturns = new LinkedBlockingQueue<>();
        BlockChannelWriter writer = io.createBlockChannelWriter(id, writeReturns);
        List<MemorySegment> pool = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            pool.add(MemorySegment.allocateHeap(BLOCK, "test"));
        }
        for (int i = 0; i < numBlocks; i++) {
            MemorySegment s = i < pool.size() ? pool.get(i) : writer.getNextReturnedBlock();
            block(i).copyTo(0, s, 0, BLOCK);
            writer.writeBlock(s);
        }
        writer.close();
        assertThat(writer.getSize()).isEqualTo((long) numBlocks * BLOCK);
        assertThat(id.getPathFile()).hasSize((long) numBlocks * BLOCK);
        assertThat(io.spilledBytes()).as("the worker's spilled bytes metric").isEqualTo((long) numBlocks * BLOCK);
        assertThat(writeReturns).hasSize(pool.size());

        BlockingQueue<MemorySegment> readReturns = new LinkedBlockingQueue<>();
        BlockChannelReader reader = io.createBlockChannelReader(id, readReturns);
        for (MemorySegment s : pool) {
            reader.readBlock(s);
        }
        for (int i = 0; i < numBlocks; i++) {
            MemorySegment s = reader.getNextReturnedBlock();
            assertThat(firstValue(s)).as("block %d", i).isEqualTo(i * 31);
            assertThat(s.compare(block(i), 0, 0, BLOCK)).as("content of block %d", i).isZero();
            if (i + pool.size() < numBlocks) {
                reader.readBlock(s);
            }
        }
        reader.closeAndDelete();
        assertThat(id.getPathFile()).doesNotExist();
    }

    @Test
    void openingAFileInADeletedDirectoryFailsNamingTheFile() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        deleteTree(id.getPathFile().getParentFile());
        assertThatThrownBy(() -> io.createBlockChannelWriter(id, new LinkedBlockingQueue<>()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(id.getPath())
                .hasMessageContaining("io.tmp.dirs");
    }

    @Test
    void anAsynchronousReadErrorReachesTheCallerAndTheSegmentComesBack() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        BlockChannelWriter writer = io.createBlockChannelWriter(id, new LinkedBlockingQueue<>());
        writer.writeBlock(block(1));
        writer.close();

        BlockingQueue<MemorySegment> returns = new LinkedBlockingQueue<>();
        BlockChannelReader reader = io.createBlockChannelReader(id, returns);
        reader.readBlock(MemorySegment.allocateHeap(BLOCK, "test"));
        MemorySegment tooMany = MemorySegment.allocateHeap(BLOCK, "test");
        reader.readBlock(tooMany);
        assertThat(firstValue(reader.getNextReturnedBlock())).isEqualTo(31);
        assertThatThrownBy(reader::getNextReturnedBlock)
                .isInstanceOf(IOException.class)
                .hasMessageContaining(id.getPath())
                .hasMessageContaining("more blocks were requested than were written");
        assertThatThrownBy(() -> reader.readBlock(tooMany)).isInstanceOf(IOException.class)
                .hasMessageContaining(id.getPath());
        assertThatThrownBy(reader::close).isInstanceOf(IOException.class).hasMessageContaining(id.getPath());
        assertThat(reader.isClosed()).isTrue();
        reader.deleteChannel();
        assertThat(id.getPathFile()).doesNotExist();
    }

    @Test
    void writesAfterCloseAreRefused() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        BlockChannelWriter writer = io.createBlockChannelWriter(id, new LinkedBlockingQueue<>());
        writer.close();
        writer.close();
        assertThatThrownBy(() -> writer.writeBlock(block(0))).isInstanceOf(IOException.class)
                .hasMessageContaining(id.getPath()).hasMessageContaining("closed");
    }

    @Test
    void closeStopsTheThreadsAndDeletesTheDirectoriesWithTheirFiles() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        BlockChannelWriter writer = io.createBlockChannelWriter(id, new LinkedBlockingQueue<>());
        writer.writeBlock(block(0));
        writer.close();
        assertThat(id.getPathFile()).exists();
        File[] dirs = io.spillingDirectories();
        assertThat(io.ioThreads()).hasSize(4).allMatch(Thread::isAlive);

        Thread.currentThread().interrupt();
        try {
            io.close();
            assertThat(Thread.currentThread().isInterrupted()).as("interrupt flag is kept").isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(dirs).allSatisfy(d -> assertThat(d).doesNotExist());
        assertThat(io.isClosed()).isTrue();
        assertThatThrownBy(() -> io.createBlockChannelWriter(io.createChannel(), new LinkedBlockingQueue<>()))
                .isInstanceOf(IOException.class).hasMessageContaining("closed");
        assertThat(io.ioThreads()).hasSize(4).noneMatch(Thread::isAlive);
        io.close();
    }

    @Test
    void requestsOfAClosedManagerFailInTheirChannel() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        BlockingQueue<MemorySegment> returns = new LinkedBlockingQueue<>();
        BlockChannelWriter writer = io.createBlockChannelWriter(id, returns);
        io.close();
        MemorySegment segment = block(0);
        assertThatThrownBy(() -> writer.writeBlock(segment)).isInstanceOf(IOException.class)
                .hasMessageContaining("I/O manager is closed");
        writer.close();
    }

    private static void deleteTree(File dir) throws IOException {
        File[] files = dir.listFiles();
        if (files != null) {
            for (File f : files) {
                Files.delete(f.toPath());
            }
        }
        Files.delete(dir.toPath());
    }
}
