package io.eddy.runtime.io.network.testutils;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@link TestRecord}s: producer, sequence, payload length, payload. Stateless. */
public final class TestRecordSerializer extends TypeSerializer<TestRecord> {

    private static final long serialVersionUID = 1L;

    public static final TestRecordSerializer INSTANCE = new TestRecordSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public TypeSerializer<TestRecord> duplicate() {
        return this;
    }

    @Override
    public TestRecord createInstance() {
        return null;
    }

    @Override
    public TestRecord copy(TestRecord from) {
        return from;
    }

    @Override
    public TestRecord copy(TestRecord from, TestRecord reuse) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(TestRecord record, DataOutputView target) throws IOException {
        target.writeInt(record.producer());
        target.writeLong(record.sequence());
        target.writeInt(record.payload().length);
        target.write(record.payload());
    }

    @Override
    public TestRecord deserialize(DataInputView source) throws IOException {
        int producer = source.readInt();
        long sequence = source.readLong();
        byte[] payload = new byte[source.readInt()];
        source.readFully(payload);
        return new TestRecord(producer, sequence, payload);
    }

    @Override
    public TestRecord deserialize(TestRecord reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.writeInt(source.readInt());
        target.writeLong(source.readLong());
        int length = source.readInt();
        target.writeInt(length);
        target.write(source, length);
    }

    @Override
    public TypeSerializerSnapshot<TestRecord> snapshotConfiguration() {
        throw new UnsupportedOperationException("TestRecordSerializer is for network tests only and is never snapshotted");
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TestRecordSerializer;
    }

    @Override
    public int hashCode() {
        return TestRecordSerializer.class.hashCode();
    }
}
