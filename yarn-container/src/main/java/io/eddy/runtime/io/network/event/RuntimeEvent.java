package io.eddy.runtime.io.network.event;

/**
 * An event that travels in-band with the records of a subpartition: it reaches the consumer after
 * every record emitted before it. Each event type is registered with {@link EventSerializer} under
 * a type id so that it can cross the network.
 */
public interface RuntimeEvent {}
