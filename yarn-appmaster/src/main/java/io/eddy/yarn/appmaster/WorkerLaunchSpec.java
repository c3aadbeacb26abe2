package io.eddy.yarn.appmaster;

import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.worker.ContainerMain;
import io.eddy.yarn.client.ContainerJvmOptions;
import io.eddy.yarn.client.LaunchContexts;
import io.eddy.yarn.client.StagingLayout;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;

/**
 * The launch context of a worker container (docs/yarn.md, "AM → ResourceManager and
 * NodeManagers"): the shipped files as local resources, {@code CLASSPATH=$PWD:$PWD/*}, and
 *
 * <pre>
 * java -Xmx&lt;75%&gt; ... -XX:+UseParallelGC [yarn.container-jvm-options] io.eddy.runtime.worker.ContainerMain --master &lt;AM host:port&gt; --slots S --name &lt;container id&gt;
 *      --host &lt;the container's node&gt; --tmp-dir &lt;first of LOCAL_DIRS&gt; --secret-file eddy-secret
 *      --settings-file eddy-conf.properties [--master-address-file &lt;staging&gt;/&lt;appId&gt;/master.address]
 * </pre>
 *
 * The secret reaches the worker only as the local resource {@code eddy-secret}. With a master
 * address file, the worker outlives its AM attempt and serves the next one (docs/yarn.md, "AM
 * restart").
 *
 * @param shippedFiles the statuses of the files in {@code yarn.ship-files}
 * @param publicFiles those of them every user may read ({@link io.eddy.yarn.client.ResourceVisibility})
 * @param master the master's control address as workers reach it
 * @param slots slots per worker
 * @param containerMemoryMb the worker container's memory
 * @param masterAddressFile where each AM attempt publishes its address, or null if workers end with their attempt
 * @param jvmOptions the worker JVM's options ({@link ContainerJvmOptions#worker})
 */
record WorkerLaunchSpec(List<FileStatus> shippedFiles, Set<Path> publicFiles, InetSocketAddress master, int slots, int containerMemoryMb,
        String masterAddressFile, List<String> jvmOptions) {

    /** A worker of Eddy's JVM options only ({@link ContainerJvmOptions#WORKER_DEFAULTS}). */
    WorkerLaunchSpec(List<FileStatus> shippedFiles, Set<Path> publicFiles, InetSocketAddress master, int slots, int containerMemoryMb,
            String masterAddressFile) {
        this(shippedFiles, publicFiles, master, slots, containerMemoryMb, masterAddressFile, ContainerJvmOptions.WORKER_DEFAULTS);
    }

    WorkerLaunchSpec(List<FileStatus> shippedFiles, Set<Path> publicFiles, InetSocketAddress master, int slots, int containerMemoryMb) {
        this(shippedFiles, publicFiles, master, slots, containerMemoryMb, null);
    }

    WorkerLaunchSpec {
        shippedFiles = List.copyOf(shippedFiles);
        publicFiles = Set.copyOf(publicFiles);
        jvmOptions = List.copyOf(jvmOptions);
        if (shippedFiles.stream().noneMatch(f -> f.getPath().getName().equals(StagingLayout.SECRET_FILE))) {
            throw new IllegalArgumentException("Bug: the shipped files lack " + StagingLayout.SECRET_FILE + ": " + shippedFiles);
        }
    }

    /** The launch context of the worker named {@code containerId} on the node {@code nodeHost}. */
    ContainerLaunchContext build(String containerId, String nodeHost) {
        List<String> arguments = new ArrayList<>(List.of(
                "--master", HostPort.format(master),
                "--slots", Integer.toString(slots),
                "--name", containerId,
                "--host", nodeHost,
                // The first of the container's local directories (bash, which runs YARN's launch script, cuts the list).
                "--tmp-dir", "${LOCAL_DIRS%%,*}",
                "--secret-file", StagingLayout.SECRET_FILE,
                // The application's settings (the AM's too): worker settings such as managed memory take effect in every container.
                "--settings-file", StagingLayout.SETTINGS_FILE));
        if (masterAddressFile != null) {
            arguments.addAll(List.of("--master-address-file", masterAddressFile));
        }
        return LaunchContexts.launchContext(shippedFiles, publicFiles, Map.of(),
                new LaunchContexts.JavaCommand(containerMemoryMb, "worker", ContainerMain.class.getName(), jvmOptions, arguments));
    }
}
