package io.eddy.api.common.io;

/** What a file sink does when its output path exists already. */
public enum WriteMode {
    /** Fail the job before it starts, naming the path (the default). */
    NO_OVERWRITE,
    /** Delete the existing file or directory first. */
    OVERWRITE
}
