package io.eddy.cli;

import io.eddy.master.remote.ClusterClient;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.yarn.client.YarnCluster;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options that choose a cluster: {@code --target} ({@link ExecutionTarget}), and for a
 * {@code remote} cluster {@code --master HOST:PORT} (with {@code --secret-file}) or {@code
 * --cluster-dir DIR} (a cluster started by {@code eddy cluster start}). {@code --master} or {@code
 * --cluster-dir} without {@code --target} mean {@code --target remote}. A picocli mixin.
 */
final class ClusterTarget {

    /** The resolved master address and secret file of a {@code remote} cluster. */
    record Endpoint(InetSocketAddress master, Path secretFile) {}

    @Option(names = "--target", paramLabel = "TARGET",
            description = "Where to run or which cluster to talk to: " + ExecutionTarget.VALUES + ".")
    private String target;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    private Choice choice;

    @Option(names = "--secret-file", paramLabel = "PATH",
            description = "The cluster secret file (default: DIR/secret of the cluster directory, .eddy/cluster/secret without one).")
    private Path secretFile;

    static final class Choice {
        @Option(names = "--master", paramLabel = "HOST:PORT", description = "The master of a running cluster (--target remote).")
        String master;

        @Option(names = "--cluster-dir", paramLabel = "DIR",
                description = "The directory of a cluster started by 'eddy cluster start' (--target remote).")
        Path clusterDir;
    }

    /**
     * The chosen target: {@code --target}, else {@code remote} if {@code --master} or {@code
     * --cluster-dir} is given, else {@code defaultTarget}.
     *
     * @throws CliException (usage) for a malformed {@code --target} or one combined with the
     *     options of a {@code remote} cluster
     */
    ExecutionTarget target(ExecutionTarget defaultTarget) {
        if (target == null) {
            return choice != null ? ExecutionTarget.REMOTE : defaultTarget;
        }
        ExecutionTarget parsed = ExecutionTarget.parse(target);
        if (parsed.kind() != ExecutionTarget.Kind.REMOTE && (choice != null || secretFile != null)) {
            throw CliException.usage("--master, --cluster-dir and --secret-file choose a 'remote' cluster: they cannot be combined with "
                    + "--target " + parsed + " (drop them, or use --target remote)");
        }
        return parsed;
    }

    /**
     * Connects an administrative client to the cluster the options name ({@code list}, {@code
     * cancel}, {@code savepoint}): a {@code remote} cluster (the default) or a running YARN
     * application ({@code yarn-session:APPID}, {@code yarn:APPID}).
     *
     * @throws CliException for a target without a cluster ({@code local}, {@code yarn} without an
     *     id), an unknown application, or a missing secret file
     * @throws IOException if the master cannot be reached
     */
    ClusterClient connect() throws IOException {
        ExecutionTarget chosen = target(ExecutionTarget.REMOTE);
        switch (chosen.kind()) {
            case REMOTE -> {
                Endpoint endpoint = resolve();
                return ClusterClient.connect(endpoint.master(), endpoint.secretFile());
            }
            case LOCAL -> throw CliException.usage("--target local: an embedded cluster lives only inside 'eddy run'; name a running "
                    + "cluster (--target remote with --master/--cluster-dir, or --target yarn-session:APPID)");
            default -> {
                if (!chosen.isYarnApplication()) {
                    throw CliException.usage("--target yarn starts a new application ('eddy run' only): name a running one with --target "
                            + "yarn:APPID or --target yarn-session:APPID (see 'eddy yarn-session list' or 'yarn application -list')");
                }
                YarnCluster cluster = YarnClients.retrieve(chosen.applicationIdOrNull());
                return ClusterClient.connect(cluster.master(), cluster.secret());
            }
        }
    }

    /**
     * The endpoint of the {@code remote} cluster the options choose; without {@code --master} or
     * {@code --cluster-dir}, the cluster in the default directory.
     *
     * @throws CliException if the address is malformed, no cluster runs in the directory, or the
     *     secret file is missing
     */
    Endpoint resolve() {
        InetSocketAddress address;
        Path secret = secretFile;
        if (choice != null && choice.master != null) {
            try {
                address = HostPort.parse(choice.master, "--master");
            } catch (IllegalArgumentException e) {
                throw CliException.usage(e.getMessage());
            }
            if (secret == null) {
                secret = ClusterDirectory.resolve(null).secretFile();
            }
        } else {
            ClusterDirectory dir = ClusterDirectory.resolve(choice == null ? null : choice.clusterDir);
            address = dir.masterAddress();
            if (secret == null) {
                secret = dir.secretFile();
            }
        }
        Path absoluteSecret = secret.toAbsolutePath().normalize();
        if (!Files.isReadable(absoluteSecret)) {
            throw CliException.usage("The cluster secret file " + absoluteSecret + " does not exist or is not readable: pass the file "
                    + "the cluster was started with via --secret-file, or use --cluster-dir with the directory of 'eddy cluster start'");
        }
        return new Endpoint(address, absoluteSecret);
    }
}
