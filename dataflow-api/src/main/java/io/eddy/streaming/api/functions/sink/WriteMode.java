package io.eddy.streaming.api.functions.sink;

/** What a file sink does when its target path exists. */
public enum WriteMode {
    /** An existing path is an error (found at plan time); the default. */
    NO_OVERWRITE,
    /** An existing file or directory at the path is replaced. */
    OVERWRITE
}
