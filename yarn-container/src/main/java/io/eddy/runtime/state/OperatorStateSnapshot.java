package io.eddy.runtime.state;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.storage.CheckpointStateOutputStream;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies of an operator's list states, taken on the task thread by {@link
 * HeapOperatorStateBackend#snapshot()}, written on any thread by {@link #writeTo}:
 * <pre>
 * int magic 'EDOS', int version, int numberOfStates,
 * per state: name, mode (SPLIT | UNION), element serializer snapshot, int elements, the elements
 * </pre>
 * The handle records each element's offset. Owned by one thread at a time.
 */
public final class OperatorStateSnapshot {

    private final String operatorName;
    private final List<ListCopy<?>> lists;

    OperatorStateSnapshot(String operatorName, List<ListCopy<?>> lists) {
        this.operatorName = operatorName;
        this.lists = lists;
    }

    /** One list state's copy. */
    record ListCopy<S>(String name, OperatorStateHandle.Mode mode, TypeSerializer<S> serializer, List<S> elements) {}

    /** Writes the lists into one new stream of {@code streams}. */
    public OperatorStateHandle writeTo(CheckpointStreamFactory streams, String nameHint) throws IOException {
        CheckpointStateOutputStream out = streams.createOutputStream(nameHint);
        try {
            DataOutputSerializer buffer = new DataOutputSerializer(1024);
            buffer.writeInt(HeapOperatorStateBackend.MAGIC);
            buffer.writeInt(HeapOperatorStateBackend.VERSION);
            buffer.writeInt(lists.size());
            Map<String, OperatorStateHandle.StateMetaInfo> infos = new LinkedHashMap<>();
            for (ListCopy<?> list : lists) {
                infos.put(list.name(), writeList(list, buffer));
            }
            out.write(buffer.getSharedBuffer(), 0, buffer.length());
            StreamStateHandle handle = out.closeAndGetHandle();
            return new OperatorStateHandle(infos, handle);
        } catch (IOException | RuntimeException e) {
            try {
                out.close();
            } catch (IOException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw new IOException("Writing the operator state of operator '" + operatorName + "' failed: " + e.getMessage(), e);
        }
    }

    /** Writes one list into {@code buffer}, which holds the whole stream from offset 0, so positions are offsets. */
    private static <S> OperatorStateHandle.StateMetaInfo writeList(ListCopy<S> list, DataOutputSerializer buffer) throws IOException {
        buffer.writeUTF(list.name());
        buffer.writeUTF(list.mode().name());
        TypeSerializerSnapshots.writeSerializer(list.serializer(), buffer);
        buffer.writeInt(list.elements().size());
        long[] offsets = new long[list.elements().size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = buffer.length();
            list.serializer().serialize(list.elements().get(i), buffer);
        }
        return new OperatorStateHandle.StateMetaInfo(list.mode(), offsets);
    }
}
