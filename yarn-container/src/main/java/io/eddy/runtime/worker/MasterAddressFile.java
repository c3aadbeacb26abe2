package io.eddy.runtime.worker;

import io.eddy.api.common.io.HadoopFileSystems;
import io.eddy.runtime.cluster.rpc.HostPort;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A file, on any Hadoop file system, holding the {@code HOST:PORT} of the current master: a master
 * that replaces another (a new YARN ApplicationMaster attempt) writes it, and workers of the one
 * before read it to find their new master ({@link ContainerMain}, {@code --master-address-file}).
 * A write replaces the file through a rename, so a reader sees the old or the new address, or no
 * file for a moment; never a partial one.
 */
public final class MasterAddressFile {

    /** The most a reader reads; an address is far shorter. */
    private static final int MAX_BYTES = 1024;

    private MasterAddressFile() {}

    /** Publishes {@code address} at {@code path}, replacing what was there. */
    public static void write(String path, InetSocketAddress address) throws IOException {
        Path target = new Path(path);
        FileSystem fs = HadoopFileSystems.get(target);
        Path temporary = new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
        try (OutputStream out = fs.create(temporary, false)) {
            out.write((HostPort.format(address) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        fs.delete(target, false);
        if (!fs.rename(temporary, target)) {
            fs.delete(temporary, false);
            throw new IOException("Cannot publish the master's address: renaming " + temporary + " to " + target + " failed");
        }
    }

    /**
     * The address published at {@code path}, or null if there is no file (yet).
     *
     * @throws IllegalArgumentException if the file holds no {@code HOST:PORT}
     */
    public static InetSocketAddress read(String path) throws IOException {
        Path file = new Path(path);
        byte[] bytes;
        try (InputStream in = HadoopFileSystems.get(file).open(file)) {
            bytes = in.readNBytes(MAX_BYTES);
        } catch (FileNotFoundException e) {
            return null;
        }
        return HostPort.parse(new String(bytes, StandardCharsets.UTF_8).trim(), "the master address file " + path);
    }
}
