package io.eddy.master.checkpoint;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checkpoint storage in a map, recording what was written and deleted; can be told to fail. */
final class InMemoryCoordinatorStorage implements CoordinatorStorage {

    final Map<String, CheckpointMetadata> written = new HashMap<>();
    final List<String> discarded = new ArrayList<>();
    final List<Long> disposed = new ArrayList<>();
    final Set<String> corrupt = new HashSet<>();
    boolean failMetadataWrites;

    @Override
    public PendingLocation initializeLocation(long checkpointId, CheckpointType type, String targetDirectoryOrNull) {
        String pointer = type.isSavepoint() ? (targetDirectoryOrNull == null ? "sp-default" : targetDirectoryOrNull) + "/savepoint-" + checkpointId
                : "mem:/chk-" + checkpointId;
        return new PendingLocation() {
            @Override
            public String targetLocation() {
                return pointer;
            }

            @Override
            public String complete(CheckpointMetadata metadata) throws IOException {
                if (failMetadataWrites) {
                    throw new IOException("disk full at " + pointer);
                }
                written.put(pointer, metadata);
                return pointer;
            }

            @Override
            public void dispose() {
                disposed.add(checkpointId);
            }
        };
    }

    @Override
    public CheckpointMetadata load(String pointer) throws IOException {
        if (corrupt.contains(pointer) || !written.containsKey(pointer)) {
            throw new IOException("checksum mismatch in " + pointer + "/_metadata");
        }
        return written.get(pointer);
    }

    /** Deletes like the real storages: all checkpoints (not savepoints) but the newest {@code retained}. */
    @Override
    public void discardSubsumed(int retained) {
        List<String> checkpoints = written.entrySet().stream().filter(e -> !e.getValue().type().isSavepoint())
                .sorted((a, b) -> Long.compare(b.getValue().checkpointId(), a.getValue().checkpointId())).map(Map.Entry::getKey).toList();
        for (String pointer : checkpoints.subList(Math.min(retained, checkpoints.size()), checkpoints.size())) {
            discarded.add(pointer);
            written.remove(pointer);
        }
    }
}
