package io.eddy.yarn.client;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.URL;

/**
 * Builds the launch contexts of Eddy's containers (docs/yarn.md, "Contracts"): the shipped files
 * as local resources linked under their file names ({@code PUBLIC} when every user may read them,
 * else {@code APPLICATION}: see {@link ResourceVisibility}), {@code
 * CLASSPATH=$PWD:$PWD/*}, and a {@code java} command whose console output and log go to the
 * container's log directory. The cluster secret is a local resource only: never on a command line
 * or in the environment.
 */
public final class LaunchContexts {

    /**
     * The main class of the ApplicationMaster's container, {@code YarnApplicationMasterMain}. Named,
     * not referenced: the AM depends on the client's staging and launch classes, never the other
     * way round.
     */
    public static final String APPLICATION_MASTER_MAIN = "io.eddy.yarn.appmaster.YarnApplicationMasterMain";

    /** The share of a container's memory given to the JVM heap. */
    public static final double HEAP_FRACTION = 0.75;

    private LaunchContexts() {}

    /**
     * A JVM command line of a container, before expansion by the NodeManager.
     *
     * @param jvmOptions options after Eddy's heap and logging ones ({@link ContainerJvmOptions}, which checks them)
     */
    public record JavaCommand(int containerMemoryMb, String logName, String mainClass, List<String> jvmOptions, List<String> arguments) {
        public JavaCommand {
            Objects.requireNonNull(logName, "logName");
            Objects.requireNonNull(mainClass, "mainClass");
            jvmOptions = List.copyOf(jvmOptions);
            arguments = List.copyOf(arguments);
        }

        /**
         * {@code $JAVA_HOME/bin/java -Xmx<75%>m -Dlog4j2.configurationFile=log4j2-process.xml
         * -Deddy.log.file=<LOG_DIR>/<name>.log JVM-OPTIONS MAIN ARGS 1><LOG_DIR>/<name>.out 2><LOG_DIR>/<name>.err}.
         */
        public String render() {
            String logDir = ApplicationConstants.LOG_DIR_EXPANSION_VAR;
            StringBuilder b = new StringBuilder()
                    .append(Environment.JAVA_HOME.$$()).append("/bin/java")
                    .append(" -Xmx").append(heapMb(containerMemoryMb)).append('m')
                    .append(" -Dlog4j2.configurationFile=log4j2-process.xml")
                    .append(" -Deddy.log.file=").append(logDir).append('/').append(logName).append(".log");
            for (String option : jvmOptions) {
                b.append(' ').append(option);
            }
            b.append(' ').append(mainClass);
            for (String argument : arguments) {
                b.append(' ').append(argument);
            }
            return b.append(" 1>").append(logDir).append('/').append(logName).append(".out")
                    .append(" 2>").append(logDir).append('/').append(logName).append(".err").toString();
        }
    }

    /** The heap of a JVM in a container of {@code containerMemoryMb}: 75%, at least 32 MB. */
    public static int heapMb(int containerMemoryMb) {
        return Math.max(32, (int) (containerMemoryMb * HEAP_FRACTION));
    }

    /**
     * The shipped files as local resources, each linked in the container's directory under its file
     * name: {@code PUBLIC} those in {@code publicFiles} (see {@link ResourceVisibility}), {@code
     * APPLICATION} the others.
     */
    public static Map<String, LocalResource> localResources(List<FileStatus> shippedFiles, Set<Path> publicFiles) {
        Map<String, LocalResource> resources = new LinkedHashMap<>();
        for (FileStatus file : shippedFiles) {
            LocalResourceVisibility visibility = publicFiles.contains(file.getPath()) ? LocalResourceVisibility.PUBLIC
                    : LocalResourceVisibility.APPLICATION;
            LocalResource resource = LocalResource.newInstance(URL.fromPath(file.getPath()), LocalResourceType.FILE,
                    visibility, file.getLen(), file.getModificationTime());
            if (resources.put(file.getPath().getName(), resource) != null) {
                throw new IllegalArgumentException("Bug: two shipped files are named " + file.getPath().getName());
            }
        }
        return resources;
    }

    /** {@code CLASSPATH=$PWD:$PWD/*} (with YARN's cross-platform separators) plus {@code extra}. */
    public static Map<String, String> environment(Map<String, String> extra) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(Environment.CLASSPATH.name(), Environment.PWD.$$() + ApplicationConstants.CLASS_PATH_SEPARATOR + Environment.PWD.$$() + "/*");
        env.putAll(extra);
        return env;
    }

    /** A launch context of the shipped files, the environment and one command. */
    public static ContainerLaunchContext launchContext(List<FileStatus> shippedFiles, Set<Path> publicFiles, Map<String, String> extraEnvironment,
            JavaCommand command) {
        return ContainerLaunchContext.newInstance(localResources(shippedFiles, publicFiles), environment(extraEnvironment), List.of(command.render()),
                Map.<String, ByteBuffer>of(), null, null);
    }
}
