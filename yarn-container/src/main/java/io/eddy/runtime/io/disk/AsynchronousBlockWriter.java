package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Appends segments to a spill file on the I/O thread of the file's directory. */
final class AsynchronousBlockWriter extends AsynchronousFileIOChannel implements BlockChannelWriter {

    /** Written by the I/O thread, read by any. */
    private final AtomicLong bytesWritten = new AtomicLong();

    /** The bytes every spill file of the worker's I/O manager has had written (a metric). */
    private final LongAdder spilled;
    /** The task's spill bytes ({@link SpillAccount} of the thread that opened the writer), or null. */
    private final LongAdder account;

    AsynchronousBlockWriter(ID id, IOThread writerThread, BlockingQueue<MemorySegment> returnQueue, LongAdder spilled, LongAdder account)
            throws IOException {
        super(id, writerThread, returnQueue, "writing", StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        this.spilled = spilled;
        this.account = account;
    }

    @Override
    public void writeBlock(MemorySegment segment) throws IOException {
        addRequest(new IORequest() {
            @Override
            public void process() throws IOException {
                ByteBuffer buffer = segment.wrap(0, segment.size());
                try {
                    while (buffer.hasRemaining()) {
                        fileChannel.write(buffer);
                    }
                } catch (IOException e) {
                    throw describe("Writing", segment.size(), e);
                }
                bytesWritten.addAndGet(segment.size());
                spilled.add(segment.size());
                if (account != null) {
                    account.add(segment.size());
                }
            }

            @Override
            public void complete(IOException error) {
                requestDone(segment, error);
            }
        });
    }

    @Override
    public long getSize() {
        return bytesWritten.get();
    }

    @Override
    public String toString() {
        return "BlockChannelWriter{" + id + "}";
    }
}
