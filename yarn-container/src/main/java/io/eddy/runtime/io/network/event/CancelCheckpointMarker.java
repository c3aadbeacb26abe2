package io.eddy.runtime.io.network.event;

import io.eddy.runtime.io.network.event.RuntimeEvent;

/**
 * Sent downstream in place of barrier {@code checkpointId} by a task that aborted that checkpoint
 * (it declined it, or a newer barrier overtook it), so that consumers stop aligning for it at once
 * instead of blocking channels until the master's timeout.
 */
public record CancelCheckpointMarker(long checkpointId) implements RuntimeEvent {}
