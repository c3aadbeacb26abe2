package io.eddy.runtime.io.network.partition;

import java.io.IOException;

/** A requested partition was not registered at its producer within the partition request timeout. */
public final class PartitionNotFoundException extends IOException {

    private static final long serialVersionUID = 1L;

    public PartitionNotFoundException(String message) {
        super(message);
    }
}
