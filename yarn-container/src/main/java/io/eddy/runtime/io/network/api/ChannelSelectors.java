package io.eddy.runtime.io.network.api;

import io.eddy.jobgraph.KeyGroups;
import java.util.SplittableRandom;
import java.util.function.ToIntFunction;

/** The channel selectors of the ship strategies. Each call returns a new, independent instance. */
public final class ChannelSelectors {

    private ChannelSelectors() {}

    /** Everything to subpartition 0: for one-to-one edges (each producer has exactly one consumer). */
    public static <T> ChannelSelector<T> forward() {
        return new Base<>() {
            @Override
            public void setup(int numberOfChannels) {
                super.setup(numberOfChannels);
                if (numberOfChannels != 1) {
                    throw new IllegalArgumentException("forward partitioning needs exactly one consumer per producer, got "
                            + numberOfChannels + " subpartitions: give producer and consumer the same parallelism, or use rebalance()");
                }
            }

            @Override
            public int selectChannel(T record) {
                return 0;
            }
        };
    }

    /** Cycles through the subpartitions (rebalance). */
    public static <T> ChannelSelector<T> roundRobin() {
        return new Base<>() {
            private int next = -1;

            @Override
            public int selectChannel(T record) {
                next++;
                if (next >= numberOfChannels) {
                    next = 0;
                }
                return next;
            }
        };
    }

    /** A uniformly random subpartition, from a generator seeded per instance. */
    public static <T> ChannelSelector<T> shuffle() {
        return shuffle(System.nanoTime() ^ Thread.currentThread().getId());
    }

    /** A uniformly random subpartition, from a generator with the given seed. */
    public static <T> ChannelSelector<T> shuffle(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return new Base<>() {
            @Override
            public int selectChannel(T record) {
                return random.nextInt(numberOfChannels);
            }
        };
    }

    /** Every record to every subpartition. */
    public static <T> ChannelSelector<T> broadcast() {
        return new Base<>() {
            @Override
            public int selectChannel(T record) {
                throw new UnsupportedOperationException("Bug: a broadcast selector selects no single channel; use broadcastEmit");
            }

            @Override
            public boolean isBroadcast() {
                return true;
            }
        };
    }

    /**
     * The subtask that owns the record's key group: {@link KeyGroups#subtaskForKey}, so records reach
     * the subtask holding their keyed state.
     *
     * <p>An {@link Integer} key is unboxed at once and not remembered as {@link #lastKey()}: with
     * the key selector inlined, the JIT then never allocates the box (C2 leaves out a box that
     * does not escape), and a local consumer extracts the int again for less than the box would
     * cost. A keyBy on an int field so costs no object per record. Its key group is remembered
     * ({@link #lastKeyGroup()}), so that the consumer need not hash the int again.
     */
    public static <T> ChannelSelector<T> keyGroups(KeyExtractor<T> keyExtractor, int maxParallelism) {
        return new KeyGroupSelector<>(maxParallelism) {
            /** The last key (null after an Integer key) and its key group. */
            private Object lastKey;
            private int lastKeyGroup = -1;

            @Override
            public int selectChannel(T record) {
                Object key;
                try {
                    key = keyExtractor.keyOf(record);
                } catch (Exception e) {
                    throw new KeyExtractionException("Extracting the partitioning key of record " + abbreviate(record)
                            + " failed with " + e + ": check the key selector of this keyBy/hash edge", e);
                }
                int keyGroup;
                // Separate branches, so that no path stores the Integer key in a field: with a
                // store of it on any path (even `lastKey = isInteger ? null : key`) the box
                // escapes, and C2 allocates it per record.
                if (key instanceof Integer intKey) {
                    keyGroup = KeyGroups.keyGroupForHash(Integer.hashCode(intKey.intValue()), maxParallelism);
                    lastKey = null;
                    lastKeyGroup = keyGroup;
                } else {
                    keyGroup = KeyGroups.keyGroupFor(key, maxParallelism);
                    lastKey = key;
                    lastKeyGroup = keyGroup;
                }
                return KeyGroups.subtaskForKeyGroup(keyGroup, maxParallelism, numberOfChannels);
            }

            @Override
            public Object lastKey() {
                return lastKey;
            }

            @Override
            public int lastKeyGroup() {
                return lastKeyGroup;
            }
        };
    }

    /**
     * Like {@link #keyGroups}, for a key given by its hash alone ({@code HashingKeySelector}, the key
     * fields of a batch exchange): no key object per record. The same key group as {@code keyGroups}
     * for a key whose {@code hashCode()} is {@code hasher.applyAsInt(record)}.
     */
    public static <T> ChannelSelector<T> hashedKeyGroups(ToIntFunction<T> hasher, int maxParallelism) {
        return new KeyGroupSelector<>(maxParallelism) {
            @Override
            public int selectChannel(T record) {
                int keyGroup = KeyGroups.keyGroupForHash(hasher.applyAsInt(record), maxParallelism);
                return KeyGroups.subtaskForKeyGroup(keyGroup, maxParallelism, numberOfChannels);
            }
        };
    }

    /**
     * The subpartition the record names itself: {@code index.applyAsInt(record)}, which must lie in
     * {@code [0, numberOfChannels)} (a range partition's {@code PARTITION_BY_INDEX} edge).
     */
    public static <T> ChannelSelector<T> byIndex(ToIntFunction<T> index) {
        return new Base<>() {
            @Override
            public int selectChannel(T record) {
                int channel = index.applyAsInt(record);
                if (channel < 0 || channel >= numberOfChannels) {
                    throw new IllegalArgumentException("record " + abbreviate(record) + " names subpartition " + channel + ", but there are "
                            + numberOfChannels + " (expected: 0.." + (numberOfChannels - 1) + "): the partition index must be computed "
                            + "for the consumer's parallelism");
                }
                return channel;
            }
        };
    }

    static String abbreviate(Object record) {
        String text = String.valueOf(record);
        return text.length() > 100 ? text.substring(0, 100) + "..." : text;
    }

    /** A key selector failed while a record writer routed a record. */
    public static final class KeyExtractionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        KeyExtractionException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A selector by key group: at most {@code maxParallelism} channels. */
    private abstract static class KeyGroupSelector<T> extends Base<T> {
        final int maxParallelism;

        KeyGroupSelector(int maxParallelism) {
            if (maxParallelism <= 0 || maxParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
                throw new IllegalArgumentException("maxParallelism: " + maxParallelism + " (expected: 1.."
                        + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
            }
            this.maxParallelism = maxParallelism;
        }

        @Override
        public void setup(int numberOfChannels) {
            super.setup(numberOfChannels);
            if (numberOfChannels > maxParallelism) {
                throw new IllegalArgumentException("key-group partitioning to " + numberOfChannels
                        + " subtasks exceeds the maximum parallelism " + maxParallelism + ": raise the job's max parallelism");
            }
        }
    }

    private abstract static class Base<T> implements ChannelSelector<T> {
        int numberOfChannels;

        @Override
        public void setup(int numberOfChannels) {
            if (numberOfChannels <= 0) {
                throw new IllegalArgumentException("numberOfChannels: " + numberOfChannels + " (expected: > 0)");
            }
            this.numberOfChannels = numberOfChannels;
        }

        @Override
        public boolean isBroadcast() {
            return false;
        }
    }
}
