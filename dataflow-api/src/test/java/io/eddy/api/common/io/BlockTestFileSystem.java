package io.eddy.api.common.io;

import java.net.URI;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under the scheme {@code blocktest:///}, pretending files are stored in
 * blocks of {@link #BLOCK_SIZE} bytes, block {@code i} on host {@code "host-" + (i % 3)}. Registered
 * through {@code META-INF/services/org.apache.hadoop.fs.FileSystem} in the test resources.
 */
public final class BlockTestFileSystem extends RawLocalFileSystem {

    public static final long BLOCK_SIZE = 256 * 1024;
    private static final URI NAME = URI.create("blocktest:///");

    @Override
    public URI getUri() {
        return NAME;
    }

    @Override
    public String getScheme() {
        return "blocktest";
    }

    @Override
    public long getDefaultBlockSize() {
        return BLOCK_SIZE;
    }

    @Override
    public long getDefaultBlockSize(Path f) {
        return BLOCK_SIZE;
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len) {
        int blocks = (int) ((file.getLen() + BLOCK_SIZE - 1) / BLOCK_SIZE);
        BlockLocation[] out = new BlockLocation[blocks];
        for (int i = 0; i < blocks; i++) {
            String host = "host-" + (i % 3);
            long offset = i * BLOCK_SIZE;
            out[i] = new BlockLocation(new String[] {host + ":9866"}, new String[] {host}, offset,
                    Math.min(BLOCK_SIZE, file.getLen() - offset));
        }
        return out;
    }
}
