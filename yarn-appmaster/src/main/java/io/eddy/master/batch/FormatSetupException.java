package io.eddy.master.batch;

/**
 * A batch job's input or output format failed in the master: creating the splits of a source
 * (e.g. a missing input path), preparing a sink's output (e.g. an existing output path without
 * overwrite) or committing it. The message names the operator and carries the format's message.
 */
public final class FormatSetupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public FormatSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
