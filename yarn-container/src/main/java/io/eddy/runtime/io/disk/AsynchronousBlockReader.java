package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.BlockingQueue;

/** Reads a spill file block by block, in order, on the I/O thread of the file's directory. */
final class AsynchronousBlockReader extends AsynchronousFileIOChannel implements BlockChannelReader {

    AsynchronousBlockReader(ID id, IOThread readerThread, BlockingQueue<MemorySegment> returnQueue) throws IOException {
        super(id, readerThread, returnQueue, "reading", StandardOpenOption.READ);
    }

    @Override
    public void readBlock(MemorySegment segment) throws IOException {
        addRequest(new IORequest() {
            @Override
            public void process() throws IOException {
                ByteBuffer buffer = segment.wrap(0, segment.size());
                try {
                    while (buffer.hasRemaining()) {
                        if (fileChannel.read(buffer) < 0) {
                            throw new EOFException("Spill file " + id + " ended " + buffer.position() + " bytes into a "
                                    + "block of " + segment.size() + " bytes: more blocks were requested than were "
                                    + "written, or the file was truncated");
                        }
                    }
                } catch (IOException e) {
                    throw describe("Reading", segment.size(), e);
                }
            }

            @Override
            public void complete(IOException error) {
                requestDone(segment, error);
            }
        });
    }

    @Override
    public String toString() {
        return "BlockChannelReader{" + id + "}";
    }
}
