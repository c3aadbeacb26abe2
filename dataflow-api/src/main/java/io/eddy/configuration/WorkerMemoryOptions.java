package io.eddy.configuration;

/**
 * The size of a worker's managed memory: read by the worker, which allocates its pages
 * ({@code io.eddy.runtime.memory.MemoryOptions}), and by the batch optimizer, which assumes workers
 * of that size when it decides whether a loop's hash table on a static input stays in memory
 * ({@code docs/optimizer.md}, "Loops").
 */
public final class WorkerMemoryOptions {

    public static final ConfigOption<MemorySize> MANAGED_MEMORY_SIZE = ConfigOption.of("worker.memory.managed.size",
            MemorySize.class, MemorySize.ofMebiBytes(128),
            "Managed memory per worker, shared by the sorters, hash tables and caches of all its tasks. When it runs "
                    + "out, operators spill to io.tmp.dirs. Must fit into the worker's JVM heap next to user objects. "
                    + "The batch optimizer assumes workers of the size its program's configuration gives.");

    private WorkerMemoryOptions() {}
}
