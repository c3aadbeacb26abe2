package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Operator list state: snapshots, and restores from handles with subsets of offsets as the master redistributes them. */
class HeapOperatorStateBackendTest {

    private static final ClassLoader CL = HeapOperatorStateBackendTest.class.getClassLoader();
    private static final ListStateDescriptor<String> SPLIT = new ListStateDescriptor<>("offsets", Types.STRING);
    private static final ListStateDescriptor<Integer> UNION = new ListStateDescriptor<>("watermarks", Types.INT);

    private static HeapOperatorStateBackend backend() {
        return new HeapOperatorStateBackend("Src (1/1)", new SerializerConfig());
    }

    private static OperatorStateHandle write(HeapOperatorStateBackend backend) throws Exception {
        return backend.snapshot().writeTo(new MemoryStreams(), "op");
    }

    @Test
    void listsSurviveASnapshotAndTheSnapshotIsACopy() throws Exception {
        HeapOperatorStateBackend b = backend();
        ListState<String> split = b.getListState(SPLIT);
        ListState<Integer> union = b.getUnionListState(UNION);
        split.addAll(List.of("a", "b"));
        union.add(7);
        OperatorStateSnapshot snapshot = b.snapshot();
        split.add("c");
        OperatorStateHandle handle = snapshot.writeTo(new MemoryStreams(), "op");
        assertThat(handle.states().get("offsets").offsets()).hasSize(2);
        assertThat(handle.states().get("offsets").mode()).isEqualTo(OperatorStateHandle.Mode.SPLIT);
        assertThat(handle.states().get("watermarks").mode()).isEqualTo(OperatorStateHandle.Mode.UNION);

        HeapOperatorStateBackend r = backend();
        r.restore(List.of(handle), CL);
        assertThat(r.getListState(SPLIT).get()).containsExactly("a", "b");
        assertThat(r.getUnionListState(UNION).get()).containsExactly(7);
    }

    @Test
    void splitListsAreDealtOutAndUnionListsGoToEverySubtask() throws Exception {
        List<OperatorStateHandle> old = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            HeapOperatorStateBackend b = backend();
            for (int i = 0; i < 3; i++) {
                b.getListState(SPLIT).add("s" + s + "e" + i);
            }
            b.getUnionListState(UNION).add(s);
            old.add(write(b));
        }
        // As the master does for 3 new subtasks: split elements round-robin by offset, union elements to all.
        int newParallelism = 3;
        List<Map<OperatorStateHandle, List<Long>>> splitAssignment = new ArrayList<>();
        for (int i = 0; i < newParallelism; i++) {
            splitAssignment.add(new HashMap<>());
        }
        int next = 0;
        for (OperatorStateHandle h : old) {
            for (long offset : h.states().get("offsets").offsets()) {
                splitAssignment.get(next++ % newParallelism).computeIfAbsent(h, x -> new ArrayList<>()).add(offset);
            }
        }
        List<String> allSplit = new ArrayList<>();
        for (int i = 0; i < newParallelism; i++) {
            List<OperatorStateHandle> handles = new ArrayList<>();
            for (OperatorStateHandle h : old) {
                long[] offsets = splitAssignment.get(i).getOrDefault(h, List.of()).stream().mapToLong(Long::longValue).toArray();
                handles.add(new OperatorStateHandle(Map.of(
                        "offsets", new OperatorStateHandle.StateMetaInfo(OperatorStateHandle.Mode.SPLIT, offsets),
                        "watermarks", h.states().get("watermarks")), h.delegate()));
            }
            HeapOperatorStateBackend r = backend();
            r.restore(handles, CL);
            List<String> mine = new ArrayList<>();
            r.getListState(SPLIT).get().forEach(mine::add);
            assertThat(mine).hasSize(2);
            allSplit.addAll(mine);
            assertThat(r.getUnionListState(UNION).get()).containsExactlyInAnyOrder(0, 1);
        }
        assertThat(allSplit).containsExactlyInAnyOrderElementsOf(
                Arrays.asList("s0e0", "s0e1", "s0e2", "s1e0", "s1e1", "s1e2"));
    }

    @Test
    void aStateIsEitherSplitOrUnion() throws Exception {
        HeapOperatorStateBackend b = backend();
        b.getListState(SPLIT);
        assertThatThrownBy(() -> b.getUnionListState(SPLIT)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'offsets'").hasMessageContaining("Src (1/1)");
    }

    @Test
    void anIncompatibleElementSerializerFailsNamingTheState() throws Exception {
        HeapOperatorStateBackend b = backend();
        b.getListState(SPLIT).add("x");
        HeapOperatorStateBackend r = backend();
        r.restore(List.of(write(b)), CL);
        assertThatThrownBy(() -> r.getListState(new ListStateDescriptor<>("offsets", Types.LONG)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("State 'offsets'");
    }

    @Test
    void noStateNoSnapshot() {
        assertThat(backend().snapshot()).isNull();
    }
}
