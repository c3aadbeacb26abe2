package io.eddy.api.common.io;

/**
 * What a file sink does when its output path exists already: the {@code DataSet} sinks ({@link
 * FileOutputFormat}) and the {@code DataStream} text file sink take the same modes.
 */
public enum WriteMode {
    /** An existing path is an error, found before the job starts and naming the path (the default). */
    NO_OVERWRITE,
    /** The existing file or directory is deleted or replaced. */
    OVERWRITE
}
