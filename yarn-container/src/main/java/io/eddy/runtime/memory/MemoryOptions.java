package io.eddy.runtime.memory;

import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.configuration.WorkerMemoryOptions;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Configuration of a worker's managed memory and spilling (its size: {@link WorkerMemoryOptions#MANAGED_MEMORY_SIZE}). Read with {@link #managedMemoryBytes},
 * {@link #pageSize} and {@link #spillDirectories}, which check the values.
 */
public final class MemoryOptions {

    public static final ConfigOption<MemorySize> PAGE_SIZE = ConfigOption.of("worker.memory.page-size", MemorySize.class,
            new MemorySize(32 * 1024),
            "Size of one page of managed memory, which is also the block size of spill files. A power of two "
                    + "between 256 bytes and 1g.");

    public static final ConfigOption<String> TMP_DIRS = ConfigOption.of("io.tmp.dirs", String.class, null,
            "Directories for spill files, separated by ',' or the platform's path separator (':' on Unix); "
                    + "one I/O thread pair per directory, so list one directory per disk. If unset, a worker spills to its "
                    + "temporary directory (the worker's --tmp-dir, else the JVM's java.io.tmpdir).");

    private static final Pattern DIR_SEPARATOR = Pattern.compile("[," + Pattern.quote(File.pathSeparator) + "]");

    private MemoryOptions() {}

    /** The managed memory budget in bytes from {@code config}. */
    public static long managedMemoryBytes(Configuration config) {
        long bytes = config.get(WorkerMemoryOptions.MANAGED_MEMORY_SIZE).bytes();
        int pageSize = pageSize(config);
        if (bytes < pageSize) {
            throw new IllegalArgumentException(WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key() + ": " + bytes + " bytes (expected: at least "
                    + "one page of " + pageSize + " bytes, see " + PAGE_SIZE.key() + ")");
        }
        return bytes;
    }

    /** The page size in bytes from {@code config}: a power of two within the allowed range. */
    public static int pageSize(Configuration config) {
        long bytes = config.get(PAGE_SIZE).bytes();
        if (bytes < MemoryManager.MIN_PAGE_SIZE || bytes > (1L << 30) || Long.bitCount(bytes) != 1) {
            throw new IllegalArgumentException(PAGE_SIZE.key() + ": " + bytes + " bytes (expected: a power of two "
                    + "between " + MemoryManager.MIN_PAGE_SIZE + " bytes and 1g, e.g. 32k)");
        }
        return (int) bytes;
    }

    /** The spill directories from {@code config}, or the JVM's temp directory if none is set. */
    public static File[] spillDirectories(Configuration config) {
        return parseDirectories(config.get(TMP_DIRS));
    }

    /**
     * Splits {@code dirs} at ',' and the path separator, dropping blanks; null or blank gives the
     * JVM's {@code java.io.tmpdir}.
     */
    public static File[] parseDirectories(String dirs) {
        List<File> result = new ArrayList<>();
        if (dirs != null) {
            for (String part : DIR_SEPARATOR.split(dirs)) {
                if (!part.isBlank()) {
                    result.add(new File(part.trim()));
                }
            }
        }
        if (result.isEmpty()) {
            result.add(new File(System.getProperty("java.io.tmpdir")));
        }
        return result.toArray(new File[0]);
    }

    /** A memory manager sized from {@code config}. */
    public static MemoryManager createMemoryManager(Configuration config) {
        return new MemoryManager(managedMemoryBytes(config), pageSize(config));
    }
}
