package io.eddy.jobgraph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyGroupsTest {

    private static final Object[] KEYS = {0, 1, 42, -7, 123456789, Integer.MIN_VALUE, "a", "user-17", "", 99L};

    /**
     * Key groups are part of every savepoint: a key must land in the same group in every version.
     * The expected values come from the general formulas (the mixed hash's floorMod, the subtask
     * by division), so the power-of-two fast paths are held to them.
     */
    @Test
    void aKeyKeepsItsKeyGroupAcrossVersions() {
        assertThat(keyGroups(128)).containsExactly(0, 109, 69, 110, 84, 52, 104, 46, 0, 75);
        assertThat(keyGroups(4096)).containsExactly(0, 1901, 1733, 1646, 1748, 2868, 3304, 686, 0, 1099);
        assertThat(keyGroups(100)).containsExactly(0, 93, 89, 10, 52, 4, 28, 6, 0, 75);
    }

    @Test
    void theMaskForAPowerOfTwoIsTheRemainderOfADivision() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            int hash = random.nextInt();
            int withPowerOfTwo = KeyGroups.keyGroupForHash(hash, 128);
            // The mask keeps the low bits: the group for 32 is the group for 128 modulo 32. 96 takes the dividing path.
            assertThat(withPowerOfTwo % 32).isEqualTo(KeyGroups.keyGroupForHash(hash, 32));
            assertThat(withPowerOfTwo).isBetween(0, 127);
            assertThat(KeyGroups.keyGroupForHash(hash, 96)).isBetween(0, 95);
        }
    }

    @Test
    void subtasksOwnContiguousRangesForEveryShape() {
        for (int maxParallelism : new int[] {1, 2, 7, 96, 128, 1000, 1 << 15}) {
            for (int parallelism = 1; parallelism <= Math.min(maxParallelism, 40); parallelism++) {
                for (int subtask = 0; subtask < parallelism; subtask++) {
                    int first = KeyGroups.firstKeyGroup(subtask, maxParallelism, parallelism);
                    int last = KeyGroups.lastKeyGroup(subtask, maxParallelism, parallelism);
                    for (int keyGroup = first; keyGroup <= last; keyGroup++) {
                        assertThat(KeyGroups.subtaskForKeyGroup(keyGroup, maxParallelism, parallelism))
                                .as("key group %d of max parallelism %d at parallelism %d", keyGroup, maxParallelism, parallelism)
                                .isEqualTo(subtask)
                                .isEqualTo((int) ((long) keyGroup * parallelism / maxParallelism));
                    }
                }
            }
        }
    }

    private static int[] keyGroups(int maxParallelism) {
        int[] groups = new int[KEYS.length];
        for (int i = 0; i < KEYS.length; i++) {
            groups[i] = KeyGroups.keyGroupFor(KEYS[i], maxParallelism);
            assertThat(KeyGroups.keyGroupForHash(KEYS[i].hashCode(), maxParallelism)).isEqualTo(groups[i]);
        }
        return groups;
    }
}
