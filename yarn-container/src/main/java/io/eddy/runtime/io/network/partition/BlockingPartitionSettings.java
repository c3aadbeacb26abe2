package io.eddy.runtime.io.network.partition;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How a blocking result partition stores its data.
 *
 * @param memoryBytes how many bytes of buffers one partition keeps on the heap; the rest goes to its spill file
 * @param spillDirectory where spill files are created (one per partition), e.g. the worker's {@code io.tmp.dirs}
 */
public record BlockingPartitionSettings(long memoryBytes, Path spillDirectory) {

    public BlockingPartitionSettings {
        Objects.requireNonNull(spillDirectory, "spillDirectory");
        if (memoryBytes < 0) {
            throw new IllegalArgumentException("memoryBytes of a blocking partition: " + memoryBytes
                    + " (expected: >= 0; 0 spills everything)");
        }
    }
}
