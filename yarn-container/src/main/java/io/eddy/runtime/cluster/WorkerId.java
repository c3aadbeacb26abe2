package io.eddy.runtime.cluster;

import java.util.Objects;

/**
 * The id of a worker within its cluster, e.g. {@code worker-1}. Chosen by whoever starts the
 * worker (the {@code LocalCluster}, the container launcher) and unique among the workers registered
 * with one master.
 *
 * @param value the printable id
 */
public record WorkerId(String value) {

    public WorkerId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("worker id: '" + value + "' (expected: a non-blank name such as worker-1)");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
