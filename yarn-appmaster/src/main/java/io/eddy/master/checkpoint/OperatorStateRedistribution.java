package io.eddy.master.checkpoint;

import io.eddy.runtime.checkpoint.CheckpointMetadata.OperatorState;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle.Mode;
import io.eddy.runtime.checkpoint.OperatorStateHandle.StateMetaInfo;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Redistributes one operator's list states over a new parallelism by element offsets, without
 * reading the state: split lists are dealt out (kept per subtask when the parallelism is
 * unchanged), union lists go to every subtask. Each new subtask gets one handle per old stream it
 * has elements of.
 */
final class OperatorStateRedistribution {

    /** One element of a list state: where it is. */
    private record Element(StreamStateHandle stream, long offset) {}

    private OperatorStateRedistribution() {}

    static List<List<OperatorStateHandle>> redistribute(OperatorState old, int parallelism) {
        // per new subtask: per stream (in first-seen order): per state name: mode and offsets
        List<Map<StreamStateHandle, Map<String, Offsets>>> target = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            target.add(new LinkedHashMap<>());
        }
        boolean sameParallelism = old.parallelism() == parallelism;
        Map<String, Integer> dealt = new LinkedHashMap<>();
        for (Map.Entry<Integer, OperatorSubtaskState> subtask : new TreeMap<>(old.subtaskStates()).entrySet()) {
            for (OperatorStateHandle handle : subtask.getValue().managedOperatorState()) {
                for (Map.Entry<String, StateMetaInfo> state : new TreeMap<>(handle.states()).entrySet()) {
                    String name = state.getKey();
                    Mode mode = state.getValue().mode();
                    for (long offset : state.getValue().offsets()) {
                        Element e = new Element(handle.delegate(), offset);
                        if (mode == Mode.UNION) {
                            for (int i = 0; i < parallelism; i++) {
                                add(target.get(i), e, name, mode);
                            }
                        } else if (sameParallelism) {
                            add(target.get(subtask.getKey()), e, name, mode);
                        } else {
                            int k = dealt.merge(name, 1, Integer::sum) - 1;
                            add(target.get(k % parallelism), e, name, mode);
                        }
                    }
                }
            }
        }
        List<List<OperatorStateHandle>> result = new ArrayList<>(parallelism);
        for (Map<StreamStateHandle, Map<String, Offsets>> perStream : target) {
            List<OperatorStateHandle> handles = new ArrayList<>(perStream.size());
            perStream.forEach((stream, states) -> {
                Map<String, StateMetaInfo> infos = new LinkedHashMap<>();
                states.forEach((name, offsets) -> infos.put(name, new StateMetaInfo(offsets.mode, offsets.toArray())));
                handles.add(new OperatorStateHandle(infos, stream));
            });
            result.add(handles);
        }
        return result;
    }

    private static void add(Map<StreamStateHandle, Map<String, Offsets>> subtask, Element e, String name, Mode mode) {
        subtask.computeIfAbsent(e.stream(), s -> new LinkedHashMap<>()).computeIfAbsent(name, n -> new Offsets(mode)).add(e.offset());
    }

    /** A growing list of offsets of one state in one stream. */
    private static final class Offsets {
        final Mode mode;
        long[] values = new long[4];
        int size;

        Offsets(Mode mode) {
            this.mode = mode;
        }

        void add(long offset) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = offset;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }
}
