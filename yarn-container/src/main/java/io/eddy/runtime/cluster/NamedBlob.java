package io.eddy.runtime.cluster;

import java.util.Objects;

/**
 * A named array of bytes shipped with a job, such as a user jar.
 *
 * @param name the file name (no directories), e.g. {@code wordcount.jar}
 * @param bytes the content
 */
public record NamedBlob(String name, byte[] bytes) {

    public NamedBlob {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(bytes, "bytes");
        if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.equals("..") || name.equals(".")) {
            throw new IllegalArgumentException("blob name: '" + name + "' (expected: a plain file name without directories)");
        }
    }

    @Override
    public String toString() {
        return name + " (" + bytes.length + " bytes)";
    }
}
