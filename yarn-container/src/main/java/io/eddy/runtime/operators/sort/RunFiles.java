package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.BlockChannelReader;
import io.eddy.runtime.io.disk.BlockChannelWriter;
import io.eddy.runtime.io.disk.ChannelReaderInputView;
import io.eddy.runtime.io.disk.ChannelWriterOutputView;
import io.eddy.runtime.io.disk.FileIOChannel;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The spill files of one sorter: writes runs, opens readers over them, and remembers every file
 * and open channel so that {@link #deleteAll()} removes them all, also after a failure.
 *
 * <p>Not thread-safe: owned by the sorter's thread.
 */
final class RunFiles {

    /** Writes the content of one run to the view and returns the number of records written. */
    @FunctionalInterface
    interface RunContent {
        long writeTo(DataOutputView out) throws IOException;
    }

    private final IOManager ioManager;
    private final int pageSize;
    private final String owner;
    /** Files created and not yet deleted. */
    private final Set<FileIOChannel.ID> files = new LinkedHashSet<>();
    /** Channels opened and not yet closed. */
    private final Set<FileIOChannel> openChannels = new LinkedHashSet<>();

    RunFiles(IOManager ioManager, int pageSize, String owner) {
        this.ioManager = ioManager;
        this.pageSize = pageSize;
        this.owner = owner;
    }

    /** Writes a new run with {@code writePages} as write buffers (they stay the caller's). */
    SpillRun write(List<MemorySegment> writePages, RunContent content) throws IOException {
        FileIOChannel.ID id = ioManager.createChannel();
        files.add(id);
        BlockChannelWriter writer = ioManager.createBlockChannelWriter(id, new LinkedBlockingQueue<>());
        openChannels.add(writer);
        ChannelWriterOutputView view = new ChannelWriterOutputView(writer, writePages, pageSize);
        long records = content.writeTo(view);
        long bytes = view.getBytesWritten();
        view.close();
        openChannels.remove(writer);
        return new SpillRun(id, view.getBlockCount(), records, bytes);
    }

    /** Opens a reader over {@code run} that reads ahead with {@code readPages} (they stay the caller's). */
    <T> RunReader<T> open(SpillRun run, List<MemorySegment> readPages, TypeSerializer<T> serializer) throws IOException {
        BlockChannelReader reader = ioManager.createBlockChannelReader(run.channel(), new LinkedBlockingQueue<>());
        openChannels.add(reader);
        return new RunReader<>(new ChannelReaderInputView(reader, readPages, run.blockCount()), run, serializer);
    }

    /** Closes the reader of a consumed run and deletes its file. */
    void delete(RunReader<?> reader) throws IOException {
        FileIOChannel channel = reader.view().getChannel();
        openChannels.remove(channel);
        files.remove(reader.run().channel());
        reader.view().closeAndDelete();
    }

    /** The number of spill files that exist now. */
    int liveFiles() {
        return files.size();
    }

    /**
     * Closes every open channel and deletes every file of this sorter; tries all of them and then
     * throws the first failure (later ones suppressed).
     */
    void deleteAll() throws IOException {
        IOException failure = null;
        for (FileIOChannel channel : new ArrayList<>(openChannels)) {
            try {
                channel.closeAndDelete();
            } catch (IOException e) {
                failure = addFailure(failure, e);
            }
        }
        openChannels.clear();
        for (FileIOChannel.ID id : new ArrayList<>(files)) {
            try {
                Files.deleteIfExists(id.getPathFile().toPath());
            } catch (IOException e) {
                failure = addFailure(failure, new IOException("Cannot delete spill file " + id.getPath() + " of " + owner, e));
            }
        }
        files.clear();
        if (failure != null) {
            throw failure;
        }
    }

    private static IOException addFailure(IOException first, IOException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    /** Reads the records of one run; {@link RunFiles#delete} closes it. */
    static final class RunReader<T> implements MutableObjectIterator<T> {
        private final ChannelReaderInputView view;
        private final SpillRun run;
        private final TypeSerializer<T> serializer;
        private long remaining;

        RunReader(ChannelReaderInputView view, SpillRun run, TypeSerializer<T> serializer) {
            this.view = view;
            this.run = run;
            this.serializer = serializer;
            this.remaining = run.recordCount();
        }

        ChannelReaderInputView view() {
            return view;
        }

        SpillRun run() {
            return run;
        }

        @Override
        public T next(T reuse) throws IOException {
            if (remaining == 0) {
                return null;
            }
            remaining--;
            return serializer.deserialize(reuse, view);
        }

        @Override
        public T next() throws IOException {
            if (remaining == 0) {
                return null;
            }
            remaining--;
            return serializer.deserialize(view);
        }
    }
}
