package io.eddy.runtime.checkpoint;

import java.util.Objects;

/**
 * The keyed state of one subtask's key groups, in one stream: {@code offsets[i]} is where key group
 * {@code range.first() + i} starts, so a restoring subtask whose range only overlaps this one seeks
 * to the key groups it owns and reads nothing else (rescaling). The format of each key group's
 * section is the keyed backend's (docs/checkpointing.md, "Keyed state format").
 */
public record KeyGroupsStateHandle(KeyGroupRange range, long[] offsets, StreamStateHandle delegate) {

    public KeyGroupsStateHandle {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(offsets, "offsets");
        Objects.requireNonNull(delegate, "delegate");
        if (offsets.length != range.size()) {
            throw new IllegalArgumentException(offsets.length + " offsets for the " + range.size() + " key groups " + range);
        }
    }

    /** The offset of key group {@code keyGroup}, which must be in {@link #range()}. */
    public long offsetOf(int keyGroup) {
        if (!range.contains(keyGroup)) {
            throw new IllegalArgumentException("key group " + keyGroup + " is not in " + range);
        }
        return offsets[keyGroup - range.first()];
    }

    /** This handle restricted to the key groups also in {@code other}, or null if none are. */
    public KeyGroupsStateHandle intersection(KeyGroupRange other) {
        KeyGroupRange both = range.intersection(other);
        if (both.isEmpty()) {
            return null;
        }
        long[] sub = java.util.Arrays.copyOfRange(offsets, both.first() - range.first(), both.last() - range.first() + 1);
        return new KeyGroupsStateHandle(both, sub, delegate);
    }
}
