package io.eddy.runtime.state;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * Something besides the state tables that is partitioned by key group and written into the keyed
 * state snapshot of an operator, such as its timers. Registered with {@code
 * HeapKeyedStateBackend.registerSnapshotParticipant}; the backend writes each participant's section
 * into every key group of its snapshot and hands it back on restore (also after rescaling, only for
 * the key groups the subtask now owns).
 */
public interface KeyGroupedSnapshotable {

    /** A stable name: the section's name in the snapshot (e.g. {@code "_timers/window-timers"}). */
    String snapshotName();

    /**
     * Takes a consistent copy on the task thread; the returned writer is then used off the task
     * thread, while processing goes on, to write each key group's section.
     */
    KeyGroupWriter snapshot();

    /** Restores one key group's section, as written by a {@link KeyGroupWriter}; task thread, before {@code open()}. */
    void restoreKeyGroup(int keyGroup, DataInputView in) throws IOException;

    /** Writes the sections of a snapshot taken by {@link #snapshot()}. */
    interface KeyGroupWriter {
        void writeKeyGroup(int keyGroup, DataOutputView out) throws IOException;
    }
}
