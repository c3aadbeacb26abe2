package io.eddy.runtime.tasks;

/**
 * Holds input channels back during barrier alignment. Channels are numbered across all data gates
 * of a task (gate 0's channels first). Task thread only.
 */
interface ChannelBlocker {

    /** Stops reading {@code channel}; its data stays queued in the channel. */
    void block(int channel);

    /** Reads {@code channel} again. */
    void unblock(int channel);

    /** For a task whose inputs are never blocked (at-least-once). */
    ChannelBlocker NONE = new ChannelBlocker() {
        @Override
        public void block(int channel) {}

        @Override
        public void unblock(int channel) {}
    };
}
