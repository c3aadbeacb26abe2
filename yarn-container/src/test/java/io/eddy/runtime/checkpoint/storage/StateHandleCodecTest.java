package io.eddy.runtime.checkpoint.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateHandleCodecTest {

    @FunctionalInterface
    private interface Write {
        void write(DataOutputSerializer out) throws IOException;
    }

    private static DataInputDeserializer bytes(Write write) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        write.write(out);
        return new DataInputDeserializer(out.getCopyOfBuffer());
    }

    @Test
    void streamHandlesRoundTrip() throws IOException {
        StreamStateHandle file = new FileStateHandle("hdfs://nn:8020/eddy/cp/job/chk-3/9f", 123_456_789_012L, 0xcafebabe);
        StreamStateHandle inline = new ByteStreamStateHandle("chk-3/x", new byte[] {5, 6, 7});
        assertThat(StateHandleCodec.readStreamHandle(bytes(out -> StateHandleCodec.writeStreamHandle(file, out)))).isEqualTo(file);
        StreamStateHandle back = StateHandleCodec.readStreamHandle(bytes(out -> StateHandleCodec.writeStreamHandle(inline, out)));
        assertThat(back).isInstanceOf(ByteStreamStateHandle.class);
        assertThat(((ByteStreamStateHandle) back).data()).containsExactly(5, 6, 7);
        assertThat(((ByteStreamStateHandle) back).name()).isEqualTo("chk-3/x");
    }

    @Test
    void subtaskStateTaskSnapshotAndRestoreRoundTrip() throws IOException {
        OperatorSubtaskState state = CheckpointTestData.subtaskState(new FileStateHandle("file:///a", 40, 7),
                new ByteStreamStateHandle("b", new byte[] {1})).withRawOperatorState(List.of(new FileStateHandle("file:///raw", 9, 3),
                new ByteStreamStateHandle("c", new byte[] {2, 3})));
        assertThat(state.stateSize()).isEqualTo(40 + 1 + 9 + 2);
        assertThat(StateHandleCodec.readSubtaskState(bytes(out -> StateHandleCodec.writeSubtaskState(state, out))))
                .usingRecursiveComparison().isEqualTo(state);

        TaskStateSnapshot snapshot = new TaskStateSnapshot(Map.of("op-a", state, "op-b", OperatorSubtaskState.EMPTY));
        assertThat(StateHandleCodec.readTaskStateSnapshot(bytes(out -> StateHandleCodec.writeTaskStateSnapshot(snapshot, out))))
                .usingRecursiveComparison().isEqualTo(snapshot);

        TaskRestore restore = new TaskRestore(42, snapshot);
        TaskRestore back = StateHandleCodec.readTaskRestore(bytes(out -> StateHandleCodec.writeTaskRestore(restore, out)));
        assertThat(back.checkpointId()).isEqualTo(42);
        assertThat(back).usingRecursiveComparison().isEqualTo(restore);
        assertThat(StateHandleCodec.readTaskStateSnapshot(bytes(out -> StateHandleCodec.writeTaskStateSnapshot(TaskStateSnapshot.EMPTY, out))))
                .isEqualTo(TaskStateSnapshot.EMPTY);
    }

    @Test
    void unknownVersionAndCorruptKindsAreRefused() throws IOException {
        DataInputDeserializer wrongVersion = bytes(out -> {
            out.writeByte(StateHandleCodec.VERSION + 1);
            out.writeInt(0);
        });
        assertThatThrownBy(() -> StateHandleCodec.readTaskStateSnapshot(wrongVersion)).isInstanceOf(IOException.class)
                .hasMessageContaining("format version " + (StateHandleCodec.VERSION + 1));
        assertThatThrownBy(() -> StateHandleCodec.readStreamHandle(bytes(out -> out.writeByte(9)))).isInstanceOf(IOException.class)
                .hasMessageContaining("kind 9");
        assertThatThrownBy(() -> StateHandleCodec.readSubtaskState(bytes(out -> out.writeInt(-5)))).isInstanceOf(IOException.class)
                .hasMessageContaining("-5 keyed state handles");
    }

    @Test
    void metadataRoundTripsAndDetectsCorruption() throws IOException {
        CheckpointMetadata metadata = CheckpointTestData.metadata(7, CheckpointType.SAVEPOINT);
        byte[] encoded = CheckpointMetadataCodec.encode(metadata);
        assertThat(CheckpointMetadataCodec.decode(encoded, "x/_metadata")).usingRecursiveComparison().isEqualTo(metadata);
        assertThat(CheckpointMetadataCodec.encode(CheckpointMetadataCodec.decode(encoded, "x"))).isEqualTo(encoded);

        byte[] flipped = encoded.clone();
        flipped[encoded.length / 2] ^= 0x10;
        assertThatThrownBy(() -> CheckpointMetadataCodec.decode(flipped, "some/_metadata")).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.CORRUPT)).hasMessageContaining("some/_metadata").hasMessageContaining("CRC-32C");
        byte[] truncated = java.util.Arrays.copyOf(encoded, encoded.length - 9);
        assertThatThrownBy(() -> CheckpointMetadataCodec.decode(truncated, "t/_metadata")).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.CORRUPT)).hasMessageContaining("t/_metadata");
        byte[] foreign = "PK\u0003\u0004 this is a zip, not metadata".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> CheckpointMetadataCodec.decode(foreign, "f.zip")).isInstanceOfSatisfying(InvalidCheckpointException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.FOREIGN))
                .hasMessageContaining("f.zip").hasMessageContaining("not Eddy checkpoint metadata");
    }
}
