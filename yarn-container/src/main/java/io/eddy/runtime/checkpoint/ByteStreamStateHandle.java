package io.eddy.runtime.checkpoint;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Objects;

/**
 * Small state kept inline: in the acknowledgement and the checkpoint metadata instead of a file
 * (the memory storage, and file storage below its inline threshold).
 *
 * @param name a name for logs (the file it would have been)
 * @param data the bytes; not copied, not to be changed
 */
public record ByteStreamStateHandle(String name, byte[] data) implements StreamStateHandle {

    public ByteStreamStateHandle {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
    }

    @Override
    public InputStream openInputStream() {
        return new ByteArrayInputStream(data);
    }

    @Override
    public long stateSize() {
        return data.length;
    }

    @Override
    public void discardState() {}

    @Override
    public String toString() {
        return "ByteStreamStateHandle{" + name + ", " + data.length + " bytes}";
    }
}
