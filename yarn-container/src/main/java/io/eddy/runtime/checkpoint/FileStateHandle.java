package io.eddy.runtime.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * State in a file of checkpoint storage, read and deleted through the Hadoop {@code FileSystem}
 * API, so {@code file://} and {@code hdfs://} work alike.
 *
 * @param uri the file's full URI, e.g. {@code hdfs://nn:8020/eddy/cp/<job>/chk-7/<uuid>}
 * @param size the file's length in bytes
 * @param crc32c the CRC-32C of the file's bytes, checked on every read
 */
public record FileStateHandle(String uri, long size, int crc32c) implements StreamStateHandle {

    public FileStateHandle {
        Objects.requireNonNull(uri, "uri");
        if (size < 0) {
            throw new IllegalArgumentException("size: " + size);
        }
    }

    @Override
    public InputStream openInputStream() throws IOException {
        return StateFiles.open(this);
    }

    @Override
    public long stateSize() {
        return size;
    }

    @Override
    public void discardState() throws IOException {
        StateFiles.delete(this);
    }
}
