package io.eddy.api.common.io;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;

/**
 * Hands out splits preferring those stored on the requesting host: first a split local to
 * {@code host}, and only when none is left a remote one (in creation order). Hosts compare
 * case-insensitively. Returned splits become available again, local to their hosts as before.
 *
 * <p>Used by the master's job thread only (see {@link InputSplitAssigner}), so unsynchronized.
 */
public final class LocatableInputSplitAssigner implements InputSplitAssigner {

    // All fields are owned by the master's job thread.
    private final LinkedHashSet<LocatableInputSplit> unassigned = new LinkedHashSet<>();
    /** Per lower-case host, the splits it holds; may contain already assigned splits (skipped lazily). */
    private final Map<String, ArrayDeque<LocatableInputSplit>> byHost = new HashMap<>();
    private int localAssignments;
    private int remoteAssignments;

    public LocatableInputSplitAssigner(LocatableInputSplit[] splits) {
        this(Arrays.asList(splits));
    }

    public LocatableInputSplitAssigner(Collection<? extends LocatableInputSplit> splits) {
        for (LocatableInputSplit split : splits) {
            add(split);
        }
    }

    @Override
    public InputSplit getNextInputSplit(String host, int subtask) {
        if (host != null) {
            ArrayDeque<LocatableInputSplit> local = byHost.get(host.toLowerCase(Locale.ROOT));
            while (local != null && !local.isEmpty()) {
                LocatableInputSplit candidate = local.pollFirst();
                if (unassigned.remove(candidate)) {
                    localAssignments++;
                    return candidate;
                }
            }
        }
        var it = unassigned.iterator();
        if (!it.hasNext()) {
            return null;
        }
        LocatableInputSplit remote = it.next();
        it.remove();
        remoteAssignments++;
        return remote;
    }

    @Override
    public void returnInputSplits(Collection<InputSplit> splits, int subtask) {
        for (InputSplit split : splits) {
            if (!(split instanceof LocatableInputSplit locatable)) {
                throw new IllegalArgumentException("Bug: returned split " + split + " of subtask " + subtask
                        + " is not a LocatableInputSplit, so it did not come from this assigner");
            }
            add(locatable);
        }
    }

    private void add(LocatableInputSplit split) {
        if (!unassigned.add(split)) {
            return;
        }
        for (String host : split.getHostnames()) {
            byHost.computeIfAbsent(host.toLowerCase(Locale.ROOT), h -> new ArrayDeque<>()).addLast(split);
        }
    }

    /** The number of splits not handed out. */
    public int getNumberOfRemainingSplits() {
        return unassigned.size();
    }

    /** How many splits went to a host that holds them. */
    public int getNumberOfLocalAssignments() {
        return localAssignments;
    }

    /** How many splits went to a host that does not hold them. */
    public int getNumberOfRemoteAssignments() {
        return remoteAssignments;
    }
}
