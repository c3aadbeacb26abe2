package io.eddy.cli;

import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.MemorySize;
import io.eddy.yarn.YarnOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The flags that size and place a YARN application, shared by {@code eddy run --target yarn} and
 * {@code eddy yarn-session start} (a picocli mixin). Each sets one {@link YarnOptions} setting;
 * unset flags leave the setting to its system property or default (docs/yarn.md, "Options").
 */
final class YarnResourceFlags {

    /** The smallest container the client accepts; YARN rounds requests up to its minimum allocation anyway. */
    private static final long MIN_CONTAINER_MEMORY = 64L << 20;

    @Option(names = "--containers", paramLabel = "N", description = "Worker containers to start with; more are requested when jobs"
            + " need more slots, up to eddy.yarn.max-containers (default: per job, enough for the job's largest parallelism; a session, 1).")
    Integer containers;

    @Option(names = "--slots", paramLabel = "S", description = "Slots per worker container (default: 1).")
    Integer slots;

    @Option(names = "--container-memory", paramLabel = "SIZE", description = "Memory of a worker container, e.g. 1g or 768m (default: 1g).")
    String containerMemory;

    @Option(names = "--container-vcores", paramLabel = "V", description = "Virtual cores of a worker container (default: its slots).")
    Integer containerVcores;

    @Option(names = "--am-memory", paramLabel = "SIZE", description = "Memory of the ApplicationMaster's container (default: 1g).")
    String amMemory;

    @Option(names = "--queue", paramLabel = "QUEUE", description = "The YARN queue (default: default).")
    String queue;

    @Option(names = "--name", paramLabel = "NAME", description = "The YARN application name.")
    String name;

    /** Whether any of the flags was given. */
    boolean anyGiven() {
        return containers != null || slots != null || containerMemory != null || containerVcores != null || amMemory != null
                || queue != null || name != null;
    }

    /**
     * The given flags as Eddy settings ({@code yarn.*} keys, without the {@code eddy.} prefix), in a
     * stable order.
     *
     * @throws CliException (usage) naming the flag and the value if one is out of range or not a size
     */
    Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        putPositive(settings, YarnOptions.CONTAINERS, "--containers", containers);
        putPositive(settings, YarnOptions.SLOTS, "--slots", slots);
        putMemory(settings, YarnOptions.CONTAINER_MEMORY, "--container-memory", containerMemory);
        putPositive(settings, YarnOptions.CONTAINER_VCORES, "--container-vcores", containerVcores);
        putMemory(settings, YarnOptions.AM_MEMORY, "--am-memory", amMemory);
        putText(settings, YarnOptions.QUEUE, "--queue", queue);
        putText(settings, YarnOptions.NAME, "--name", name);
        return settings;
    }

    private static void putPositive(Map<String, String> settings, ConfigOption<Integer> option, String flag, Integer value) {
        if (value == null) {
            return;
        }
        if (value < 1) {
            throw CliException.usage(flag + ": " + value + " (expected: >= 1)");
        }
        settings.put(option.key(), value.toString());
    }

    private static void putMemory(Map<String, String> settings, ConfigOption<MemorySize> option, String flag, String value) {
        if (value == null) {
            return;
        }
        MemorySize size = parseMemory(flag, value);
        settings.put(option.key(), size.toString());
    }

    /** {@code value} as a memory size of at least 64 MB, or a usage error naming {@code flag}. */
    static MemorySize parseMemory(String flag, String value) {
        MemorySize size;
        try {
            size = MemorySize.parse(value);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw CliException.usage(flag + ": '" + value + "' is not a memory size (" + e.getMessage()
                    + "; expected a number with an optional unit k, m or g, e.g. 768m or 2g)");
        }
        if (size.bytes() < MIN_CONTAINER_MEMORY) {
            throw CliException.usage(flag + ": " + value + " is too small for a container running a JVM (expected: at least 64m; "
                    + "a plain number means bytes, write e.g. 512m or 1g)");
        }
        return size;
    }

    private static void putText(Map<String, String> settings, ConfigOption<String> option, String flag, String value) {
        if (value == null) {
            return;
        }
        if (value.isBlank()) {
            throw CliException.usage(flag + ": empty value (expected: a non-empty " + flag.substring(2) + ")");
        }
        settings.put(option.key(), value.trim());
    }
}
