package io.eddy.runtime.io.network.partition;

import java.io.IOException;

/** The producer of a partition failed; consumers see this from their reads. */
public final class ProducerFailedException extends IOException {

    private static final long serialVersionUID = 1L;

    public ProducerFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    public ProducerFailedException(String message) {
        super(message);
    }
}
