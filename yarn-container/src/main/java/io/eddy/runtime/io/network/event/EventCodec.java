package io.eddy.runtime.io.network.event;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Writes and reads the payload of one event type (the type id is written by {@link EventSerializer}). */
public interface EventCodec<E extends RuntimeEvent> {

    void write(E event, DataOutputView out) throws IOException;

    E read(DataInputView in) throws IOException;

    /** A codec for an event type without fields: writes nothing, always reads {@code instance}. */
    static <E extends RuntimeEvent> EventCodec<E> singleton(E instance) {
        return new EventCodec<>() {
            @Override
            public void write(E event, DataOutputView out) {}

            @Override
            public E read(DataInputView in) {
                return instance;
            }
        };
    }
}
