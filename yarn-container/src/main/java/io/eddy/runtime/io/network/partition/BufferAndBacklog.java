package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.Buffer;

/**
 * A buffer taken from a subpartition.
 *
 * @param buffer the data or event
 * @param backlog buffers still queued behind it (the receiver makes room for them)
 * @param moreAvailable whether another poll would return something right away
 */
public record BufferAndBacklog(Buffer buffer, int backlog, boolean moreAvailable) {}
