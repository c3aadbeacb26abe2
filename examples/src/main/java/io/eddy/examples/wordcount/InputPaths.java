package io.eddy.examples.wordcount;

import io.eddy.api.common.io.HadoopFileSystems;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;

/**
 * Checks the input option of the example programs up front, on any file system Eddy reads through
 * Hadoop: a local path, {@code file://} or {@code hdfs://} (the program may run on YARN and read HDFS).
 */
public final class InputPaths {

    private InputPaths() {}

    /**
     * @throws CommandLine.ParameterException naming {@code option} and {@code path} if the path does
     *     not exist or its file system cannot be reached (exit code 2 through picocli)
     */
    public static void requireExisting(CommandLine.Model.CommandSpec spec, String option, String path) {
        Path p = new Path(path);
        try {
            if (!HadoopFileSystems.get(p).exists(p)) {
                throw new CommandLine.ParameterException(spec.commandLine(), option + ": " + path
                        + " does not exist (give an existing file or directory, local or hdfs://)");
            }
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + ": cannot check " + path + ": " + e.getMessage());
        }
    }
}
