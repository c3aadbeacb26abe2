package io.eddy.runtime.operators.sort;

import io.eddy.runtime.io.disk.FileIOChannel;

/**
 * One sorted run on disk: its file, the number of blocks a {@code ChannelReaderInputView} must
 * read, and the number of records in it. Immutable.
 */
record SpillRun(FileIOChannel.ID channel, int blockCount, long recordCount, long bytes) {}
