package io.eddy.runtime.checkpoint;

import java.util.Map;
import java.util.Objects;

/**
 * The operator (non-keyed) list states of one subtask, in one stream: per state name, how the list
 * is redistributed on rescaling and where each of its elements starts. The master redistributes by
 * making new handles on the same stream with subsets of the offsets (split lists) or all of them
 * (union lists); see {@link io.eddy.api.common.state.OperatorStateStore}.
 *
 * @param states per state name, its mode and element offsets
 * @param delegate the stream
 */
public record OperatorStateHandle(Map<String, StateMetaInfo> states, StreamStateHandle delegate) {

    public OperatorStateHandle {
        states = Map.copyOf(states);
        Objects.requireNonNull(delegate, "delegate");
    }

    /** How a list state is redistributed. */
    public enum Mode {
        /** The elements are dealt out over the new subtasks. */
        SPLIT,
        /** Every new subtask gets every element. */
        UNION
    }

    /** One list state: its mode and the offsets of its elements in the stream, in list order. */
    public record StateMetaInfo(Mode mode, long[] offsets) {
        public StateMetaInfo {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(offsets, "offsets");
        }
    }
}
