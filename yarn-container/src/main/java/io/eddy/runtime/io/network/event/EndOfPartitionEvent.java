package io.eddy.runtime.io.network.event;

/** The last element of every subpartition: the producer finished and nothing follows. */
public final class EndOfPartitionEvent implements RuntimeEvent {

    public static final EndOfPartitionEvent INSTANCE = new EndOfPartitionEvent();

    private EndOfPartitionEvent() {}

    @Override
    public String toString() {
        return "EndOfPartitionEvent";
    }
}
