package io.eddy.cli;

import io.eddy.runtime.cluster.rpc.HostPort;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The directory of a cluster started by {@code eddy cluster start}: the secret, the master's
 * address, the processes (name, pid, start time) and their logs.
 *
 * <pre>
 * DIR/secret           the cluster secret (owner-only)
 * DIR/master.address   HOST:PORT of the master
 * DIR/processes        one line per process: NAME PID START_MILLIS (workers first, master last)
 * DIR/NAME.log, .out   each process's log and console output
 * </pre>
 */
final class ClusterDirectory {

    /** The directory {@code eddy cluster start} uses when none is given. */
    static final String DEFAULT = ".eddy/cluster";

    private final Path dir;

    ClusterDirectory(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    static ClusterDirectory resolve(Path dirOrNull) {
        return new ClusterDirectory(dirOrNull != null ? dirOrNull : Paths.get(DEFAULT));
    }

    Path path() {
        return dir;
    }

    Path secretFile() {
        return dir.resolve("secret");
    }

    Path addressFile() {
        return dir.resolve("master.address");
    }

    Path processesFile() {
        return dir.resolve("processes");
    }

    /** One process of the cluster, identified by pid and start time (so a reused pid is not mistaken for it). */
    record ProcessEntry(String name, long pid, long startMillis) {}

    /** The master's address; fails naming the directory and how to start a cluster if none runs there. */
    InetSocketAddress masterAddress() {
        try {
            String text = Files.readString(addressFile(), StandardCharsets.UTF_8).trim();
            return HostPort.parse(text, addressFile().toString());
        } catch (NoSuchFileException e) {
            throw CliException.failure("No cluster is running in " + dir + " (no master.address file): start one with "
                    + "'eddy cluster start --dir " + dir + "' or pass --master HOST:PORT", e);
        } catch (IOException e) {
            throw CliException.failure("Cannot read " + addressFile() + ": " + e.getMessage(), e);
        }
    }

    void writeMasterAddress(InetSocketAddress address) throws IOException {
        writeAtomically(addressFile(), HostPort.format(address) + "\n");
    }

    void writeProcesses(List<ProcessEntry> entries) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (ProcessEntry e : entries) {
            sb.append(e.name()).append(' ').append(e.pid()).append(' ').append(e.startMillis()).append('\n');
        }
        writeAtomically(processesFile(), sb.toString());
    }

    /** The processes written by {@link #writeProcesses}; empty if there is no such file. */
    List<ProcessEntry> readProcesses() throws IOException {
        List<ProcessEntry> entries = new ArrayList<>();
        if (!Files.exists(processesFile())) {
            return entries;
        }
        for (String line : Files.readAllLines(processesFile(), StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.trim().split("\\s+");
            if (parts.length != 3) {
                throw corruptProcessLine(line, null);
            }
            try {
                entries.add(new ProcessEntry(parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2])));
            } catch (NumberFormatException e) {
                throw corruptProcessLine(line, e);
            }
        }
        return entries;
    }

    private IOException corruptProcessLine(String line, Exception cause) {
        return new IOException("Corrupt line in " + processesFile() + ": '" + line + "' (expected: NAME PID START_MILLIS); stop the processes"
                + " of this cluster by hand and delete the file", cause);
    }

    /** Deletes the secret, the address and the process list; the logs stay for diagnosis. */
    void clearRuntimeFiles() throws IOException {
        Files.deleteIfExists(secretFile());
        Files.deleteIfExists(addressFile());
        Files.deleteIfExists(processesFile());
    }

    private void writeAtomically(Path target, String content) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
