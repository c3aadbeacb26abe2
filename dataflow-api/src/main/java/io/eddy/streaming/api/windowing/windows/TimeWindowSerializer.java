package io.eddy.streaming.api.windowing.windows;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Writes a {@link TimeWindow} as two longs, start and end (16 bytes). Stateless. */
public final class TimeWindowSerializer extends TypeSerializerSingleton<TimeWindow> {

    private static final long serialVersionUID = 1L;

    public static final TimeWindowSerializer INSTANCE = new TimeWindowSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public TimeWindow createInstance() {
        return null;
    }

    @Override
    public TimeWindow copy(TimeWindow from) {
        return from;
    }

    @Override
    public int getLength() {
        return 16;
    }

    @Override
    public void serialize(TimeWindow record, DataOutputView target) throws IOException {
        target.writeLong(record.getStart());
        target.writeLong(record.getEnd());
    }

    @Override
    public TimeWindow deserialize(DataInputView source) throws IOException {
        long start = source.readLong();
        long end = source.readLong();
        return new TimeWindow(start, end);
    }

    @Override
    public TimeWindow deserialize(TimeWindow reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 16);
    }

    @Override
    public TypeSerializerSnapshot<TimeWindow> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link TimeWindowSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<TimeWindow> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
