package io.eddy.cli;

import io.eddy.runtime.cluster.rpc.HostPort;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The options that choose a cluster: {@code --master HOST:PORT} (with {@code --secret-file}) or
 * {@code --cluster-dir DIR} (a cluster started by {@code eddy cluster start}). A picocli mixin.
 */
final class ClusterTarget {

    /** The resolved master address and secret file. */
    record Endpoint(InetSocketAddress master, Path secretFile) {}

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    private Choice choice;

    @Option(names = "--secret-file", paramLabel = "PATH",
            description = "The cluster secret file (default: DIR/secret of the cluster directory, .eddy/cluster/secret without one).")
    private Path secretFile;

    static final class Choice {
        @Option(names = "--master", paramLabel = "HOST:PORT", description = "The master of a running cluster.")
        String master;

        @Option(names = "--cluster-dir", paramLabel = "DIR", description = "The directory of a cluster started by 'eddy cluster start'.")
        Path clusterDir;
    }

    /** Whether {@code --master} or {@code --cluster-dir} was given. */
    boolean isGiven() {
        return choice != null;
    }

    /**
     * The endpoint chosen by the options; without any, the cluster in the default directory.
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
