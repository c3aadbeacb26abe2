package io.eddy.runtime.io.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.MemoryManager;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChannelViewsTest {

    private static final int PAGE = 4096;

    @TempDir
    Path tmp;

    private IOManager io;
    private MemoryManager memory;

    @BeforeEach
    void start() {
        io = new IOManager(tmp.toFile());
        memory = new MemoryManager(64 * PAGE, PAGE);
    }

    @AfterEach
    void stop() {
        io.close();
        memory.close();
    }

    /** One random record: a kind tag and the values of that kind; written and checked from the same seed. */
    private static void writeRecord(ChannelWriterOutputView out, Random r) throws IOException {
        int kind = r.nextInt(7);
        out.writeByte(kind);
        switch (kind) {
            case 0 -> out.writeInt(r.nextInt());
            case 1 -> out.writeLong(r.nextLong());
            case 2 -> out.writeUTF(randomString(r, r.nextInt(3000)));
            case 3 -> {
                byte[] big = randomString(r, r.nextInt(100_000)).getBytes(StandardCharsets.UTF_8);
                out.writeInt(big.length);
                out.write(big);
            }
            case 4 -> {
                out.writeDouble(r.nextDouble());
                out.writeFloat(r.nextFloat());
                out.writeShort(r.nextInt());
                out.writeChar(r.nextInt());
                out.writeBoolean(r.nextBoolean());
            }
            case 5 -> {
                int n = r.nextInt(10_000);
                out.writeInt(n);
                out.skipBytesToWrite(n);
            }
            default -> {
                byte[] bytes = new byte[r.nextInt(20_000)];
                r.nextBytes(bytes);
                out.writeInt(bytes.length);
                out.write(new DataInputDeserializer(bytes), bytes.length);
            }
        }
    }

    private static void checkRecord(ChannelReaderInputView in, Random r, int index) throws IOException {
        int kind = r.nextInt(7);
        assertThat(in.readByte()).as("kind of record %d", index).isEqualTo((byte) kind);
        switch (kind) {
            case 0 -> assertThat(in.readInt()).isEqualTo(r.nextInt());
            case 1 -> assertThat(in.readLong()).isEqualTo(r.nextLong());
            case 2 -> assertThat(in.readUTF()).isEqualTo(randomString(r, r.nextInt(3000)));
            case 3 -> {
                byte[] expected = randomString(r, r.nextInt(100_000)).getBytes(StandardCharsets.UTF_8);
                byte[] actual = new byte[in.readInt()];
                in.readFully(actual);
                assertThat(actual).isEqualTo(expected);
            }
            case 4 -> {
                assertThat(in.readDouble()).isEqualTo(r.nextDouble());
                assertThat(in.readFloat()).isEqualTo(r.nextFloat());
                assertThat(in.readShort()).isEqualTo((short) r.nextInt());
                assertThat(in.readChar()).isEqualTo((char) r.nextInt());
                assertThat(in.readBoolean()).isEqualTo(r.nextBoolean());
            }
            case 5 -> {
                int n = r.nextInt(10_000);
                assertThat(in.readInt()).isEqualTo(n);
                in.skipBytesToRead(n);
            }
            default -> {
                byte[] expected = new byte[r.nextInt(20_000)];
                r.nextBytes(expected);
                assertThat(in.readInt()).isEqualTo(expected.length);
                byte[] actual = new byte[expected.length];
                assertThat(in.read(actual, 0, actual.length)).isEqualTo(expected.length);
                assertThat(actual).isEqualTo(expected);
            }
        }
    }

    private static String randomString(Random r, int length) {
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int k = r.nextInt(20);
            s.append(k == 0 ? (char) (0x80 + r.nextInt(0x700)) : k == 1 ? (char) (0x800 + r.nextInt(0xD000)) : k == 2 ? '\0'
                    : (char) ('a' + r.nextInt(26)));
        }
        return s.toString();
    }

    private void roundTrip(int writeSegments, int readSegments, int records) throws Exception {
        long seed = 42L + writeSegments * 31L + readSegments;
        FileIOChannel.ID id = io.createChannel();
        List<MemorySegment> writeMemory = memory.allocatePages("writer", writeSegments);
        ChannelWriterOutputView out = new ChannelWriterOutputView(
                io.createBlockChannelWriter(id, new LinkedBlockingQueue<>()), writeMemory, PAGE);
        Random w = new Random(seed);
        for (int i = 0; i < records; i++) {
            writeRecord(out, w);
        }
        long bytes = out.getBytesWritten();
        List<MemorySegment> returned = out.close();
        assertThat(returned).hasSameSizeAs(writeMemory).containsExactlyInAnyOrderElementsOf(writeMemory);
        int blocks = out.getBlockCount();
        assertThat(blocks).isGreaterThan(10);
        assertThat(out.getBytesWritten()).isEqualTo(bytes);
        assertThat(id.getPathFile()).hasSize((long) blocks * PAGE);
        memory.release(returned);

        List<MemorySegment> readMemory = memory.allocatePages("reader", readSegments);
        ChannelReaderInputView in = new ChannelReaderInputView(
                io.createBlockChannelReader(id, new LinkedBlockingQueue<>()), readMemory, blocks);
        Random r = new Random(seed);
        for (int i = 0; i < records; i++) {
            checkRecord(in, r, i);
        }
        assertThatThrownBy(in::readByte).isInstanceOf(EOFException.class);
        assertThatThrownBy(in::readLong).isInstanceOf(EOFException.class);
        assertThat(in.read(new byte[10], 0, 10)).isEqualTo(-1);
        assertThat(in.skipBytes(5)).isZero();
        assertThat(in.readLine()).isNull();
        List<MemorySegment> readBack = in.closeAndDelete();
        assertThat(readBack).containsExactlyInAnyOrderElementsOf(readMemory);
        assertThat(id.getPathFile()).doesNotExist();
        memory.release(readBack);
        assertThat(memory.verifyEmpty()).isTrue();
    }

    @Test
    void randomRecordsRoundTripWithReadAhead() throws Exception {
        roundTrip(4, 3, 300);
    }

    @Test
    void randomRecordsRoundTripWithOneSegmentEachSide() throws Exception {
        roundTrip(1, 1, 150);
    }

    @Test
    void anEmptyFileHasNoBlocksAndEndsAtOnce() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        List<MemorySegment> segs = memory.allocatePages("op", 2);
        ChannelWriterOutputView out = new ChannelWriterOutputView(io.createBlockChannelWriter(id, new LinkedBlockingQueue<>()), segs, PAGE);
        assertThat(out.close()).hasSize(2);
        assertThat(out.getBlockCount()).isZero();
        assertThat(out.getBytesWritten()).isZero();
        ChannelReaderInputView in = new ChannelReaderInputView(io.createBlockChannelReader(id, new LinkedBlockingQueue<>()), segs, 0);
        assertThatThrownBy(in::readInt).isInstanceOf(EOFException.class).hasMessageContaining(id.getPath());
        assertThat(in.close()).hasSize(2);
    }

    @Test
    void linesBytesAndPartialBlocksAreReadAsWritten() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        List<MemorySegment> segs = memory.allocatePages("op", 2);
        ChannelWriterOutputView out = new ChannelWriterOutputView(io.createBlockChannelWriter(id, new LinkedBlockingQueue<>()), segs, PAGE);
        StringBuilder longLine = new StringBuilder();
        for (int i = 0; i < 9000; i++) {
            longLine.append((char) ('A' + i % 26));
        }
        out.writeBytes("first\r\nsecond\r" + longLine + "\nlast");
        out.writeChars("xy");
        assertThat(out.getBytesWritten()).isEqualTo(7 + 7 + 9000 + 1 + 4 + 4);
        out.close();
        assertThat(out.getBlockCount()).isEqualTo(3);
        ChannelReaderInputView in = new ChannelReaderInputView(
                io.createBlockChannelReader(id, new LinkedBlockingQueue<>()), segs, out.getBlockCount());
        assertThat(in.readLine()).isEqualTo("first");
        assertThat(in.readLine()).isEqualTo("second");
        assertThat(in.readLine()).isEqualTo(longLine.toString());
        assertThat(in.readLine()).isEqualTo("last\0x\0y");
        assertThat(in.readLine()).isNull();
        in.closeAndDelete();
    }

    @Test
    void closingTheReaderEarlyReturnsAllMemory() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        List<MemorySegment> segs = memory.allocatePages("op", 3);
        ChannelWriterOutputView out = new ChannelWriterOutputView(io.createBlockChannelWriter(id, new LinkedBlockingQueue<>()), segs, PAGE);
        for (int i = 0; i < 20_000; i++) {
            out.writeLong(i);
        }
        out.close();
        ChannelReaderInputView in = new ChannelReaderInputView(
                io.createBlockChannelReader(id, new LinkedBlockingQueue<>()), segs, out.getBlockCount());
        assertThat(in.readLong()).isZero();
        assertThat(in.readLong()).isEqualTo(1);
        List<MemorySegment> back = in.close();
        assertThat(back).containsExactlyInAnyOrderElementsOf(segs);
        assertThat(in.getChannel().getReturnQueue()).isEmpty();
        assertThatThrownBy(in::close).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aWrongBlockSizeIsReportedAsACorruptBlock() throws Exception {
        FileIOChannel.ID id = io.createChannel();
        List<MemorySegment> segs = memory.allocatePages("op", 1);
        ChannelWriterOutputView out = new ChannelWriterOutputView(io.createBlockChannelWriter(id, new LinkedBlockingQueue<>()), segs, PAGE);
        for (int i = 0; i < 3000; i++) {
            out.writeInt(i);
        }
        out.close();
        List<MemorySegment> small = List.of(MemorySegment.allocateHeap(PAGE / 2, "op"));
        ChannelReaderInputView in = new ChannelReaderInputView(
                io.createBlockChannelReader(id, new LinkedBlockingQueue<>()), new ArrayList<>(small), out.getBlockCount() * 2);
        assertThatThrownBy(() -> {
            for (int i = 0; i < 3000; i++) {
                in.readInt();
            }
        }).isInstanceOf(IOException.class).hasMessageContaining("Corrupt block").hasMessageContaining(id.getPath())
                .hasMessageContaining("same segment size");
        in.close();
    }
}
