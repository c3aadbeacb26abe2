package io.eddy.runtime.io.network.partition;

import java.io.IOException;

/** The single reader's view of a {@link PipelinedSubpartition}; releasing it releases the subpartition. */
final class PipelinedSubpartitionView implements SubpartitionView {

    private final PipelinedSubpartition subpartition;

    PipelinedSubpartitionView(PipelinedSubpartition subpartition) {
        this.subpartition = subpartition;
    }

    @Override
    public BufferAndBacklog getNextBuffer() throws IOException {
        return subpartition.pollBuffer();
    }

    @Override
    public boolean isAvailable() {
        return subpartition.isAvailable();
    }

    @Override
    public boolean isErroneous() {
        return subpartition.isErroneous();
    }

    @Override
    public int backlog() {
        return subpartition.backlog();
    }

    @Override
    public void release() {
        subpartition.release();
    }

    @Override
    public String toString() {
        return subpartition.toString();
    }
}
