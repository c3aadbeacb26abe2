package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import java.util.List;
import java.util.Map;

/** Handles and metadata with every kind of handle, for the storage and codec tests. */
final class CheckpointTestData {

    private CheckpointTestData() {}

    static OperatorSubtaskState subtaskState(StreamStateHandle keyed, StreamStateHandle operator) {
        KeyGroupsStateHandle k = new KeyGroupsStateHandle(new KeyGroupRange(4, 6), new long[] {8, 20, 33}, keyed);
        OperatorStateHandle o = new OperatorStateHandle(Map.of(
                "offsets", new OperatorStateHandle.StateMetaInfo(OperatorStateHandle.Mode.SPLIT, new long[] {8, 16}),
                "config", new OperatorStateHandle.StateMetaInfo(OperatorStateHandle.Mode.UNION, new long[] {24})), operator);
        return new OperatorSubtaskState(List.of(k), List.of(o));
    }

    static CheckpointMetadata metadata(long id, CheckpointType type) {
        OperatorSubtaskState s0 = subtaskState(new FileStateHandle("file:///tmp/cp/chk-1/a", 40, 0x1234abcd),
                new ByteStreamStateHandle("file:///tmp/cp/chk-1/b", new byte[] {1, 2, 3}));
        OperatorSubtaskState s1 = subtaskState(new ByteStreamStateHandle("inline", new byte[0]),
                new FileStateHandle("hdfs://nn:8020/cp/chk-1/c", 77, -1));
        return new CheckpointMetadata(id, 1_700_000_000_000L + id, type, Map.of(
                "source-uid", new CheckpointMetadata.OperatorState("source-uid", "Source: numbers", 2, 128, Map.of(0, s0, 1, s1)),
                "map-uid", new CheckpointMetadata.OperatorState("map-uid", "Map", 1, 128, Map.of())));
    }
}
