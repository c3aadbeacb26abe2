package io.eddy.jobgraph;

/**
 * Maps keys to key groups and key groups to subtasks. Keyed state is partitioned into a fixed
 * number of key groups (the maximum parallelism), so that it can be redistributed when the
 * parallelism changes; the hash partitioner and the keyed state backend both use this class, so a
 * key's records always reach the subtask that holds its state.
 */
public final class KeyGroups {

    /** The default maximum parallelism (number of key groups). */
    public static final int DEFAULT_MAX_PARALLELISM = 128;

    /** The largest supported maximum parallelism. */
    public static final int UPPER_BOUND_MAX_PARALLELISM = 1 << 15;

    private KeyGroups() {}

    /**
     * The key group of {@code key}: a murmur-style mix of its {@link #hashOf hash}, so poor hash
     * codes still spread. Equal keys get the same key group in every JVM, which is what lets a
     * producer route a key to the subtask whose state another JVM restored.
     */
    public static int keyGroupFor(Object key, int maxParallelism) {
        if (key == null) {
            throw new NullPointerException("A key must not be null: the key selector returned null");
        }
        return keyGroupForHash(hashOf(key), maxParallelism);
    }

    /**
     * The hash of a key that key groups are computed from: {@code key.hashCode()}, except for an
     * enum constant, whose {@code hashCode()} is its identity and differs between JVMs: there the
     * hash of its name. Keys holding enums inside (a tuple with an enum field) are refused by
     * {@code keyBy} for the same reason.
     */
    public static int hashOf(Object key) {
        return key instanceof Enum<?> constant ? constant.name().hashCode() : key.hashCode();
    }

    /** The key group of a key whose {@link #hashOf hash} is {@code hash}: {@code keyGroupForHash(hashOf(k), m) == keyGroupFor(k, m)}. */
    public static int keyGroupForHash(int hash, int maxParallelism) {
        int h = mix(hash);
        // For a power of two (the default) a mask is floorMod without the division, which costs
        // more than the rest of the hashing; every record of a keyBy edge pays it.
        return isPowerOfTwo(maxParallelism) ? h & (maxParallelism - 1) : Math.floorMod(h, maxParallelism);
    }

    /** The subtask (of {@code parallelism}) that owns {@code keyGroup}. */
    public static int subtaskForKeyGroup(int keyGroup, int maxParallelism, int parallelism) {
        int scaled = keyGroup * parallelism; // below 2^30: both factors are at most 2^15
        return isPowerOfTwo(maxParallelism) ? scaled >>> Integer.numberOfTrailingZeros(maxParallelism) : scaled / maxParallelism;
    }

    private static boolean isPowerOfTwo(int n) {
        return (n & (n - 1)) == 0;
    }

    /** The subtask that owns {@code key}. */
    public static int subtaskForKey(Object key, int maxParallelism, int parallelism) {
        return subtaskForKeyGroup(keyGroupFor(key, maxParallelism), maxParallelism, parallelism);
    }

    /** The first key group owned by {@code subtask}, inclusive. */
    public static int firstKeyGroup(int subtask, int maxParallelism, int parallelism) {
        return (subtask * maxParallelism + parallelism - 1) / parallelism;
    }

    /** The last key group owned by {@code subtask}, inclusive. */
    public static int lastKeyGroup(int subtask, int maxParallelism, int parallelism) {
        return ((subtask + 1) * maxParallelism - 1) / parallelism;
    }

    private static int mix(int h) {
        h *= 0xcc9e2d51;
        h = Integer.rotateLeft(h, 15);
        h *= 0x1b873593;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
