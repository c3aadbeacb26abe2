package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;

import java.io.IOException;

/** Message types and a registry for the transport's tests. */
final class TestMessages {

    static final int VERSION = 7;

    private TestMessages() {}

    /** A numbered one-way message. */
    record Seq(long value) implements Message {}

    /** A request carrying text; {@link Reply} answers it. */
    record Echo(String text) implements Message {}

    record Reply(String text) implements Message {}

    /** A message with a byte payload of any size. */
    record Blob(byte[] bytes) implements Message {}

    /** A message whose codec reads less than it wrote (a broken codec). */
    record Sloppy(int value) implements Message {}

    /** A message that is never registered. */
    record Unregistered() implements Message {}

    static MessageRegistry registry() {
        return registry(VERSION);
    }

    static MessageRegistry registry(int version) {
        return MessageRegistry.builder(version)
                .register(1, Seq.class, new MessageCodec<>() {
                    @Override
                    public void write(Seq m, DataOutputView out) throws IOException {
                        out.writeLong(m.value());
                    }

                    @Override
                    public Seq read(DataInputView in) throws IOException {
                        return new Seq(in.readLong());
                    }
                })
                .register(2, Echo.class, new MessageCodec<>() {
                    @Override
                    public void write(Echo m, DataOutputView out) throws IOException {
                        RpcCodecs.writeString(out, m.text());
                    }

                    @Override
                    public Echo read(DataInputView in) throws IOException {
                        return new Echo(RpcCodecs.readString(in));
                    }
                })
                .register(3, Reply.class, new MessageCodec<>() {
                    @Override
                    public void write(Reply m, DataOutputView out) throws IOException {
                        RpcCodecs.writeString(out, m.text());
                    }

                    @Override
                    public Reply read(DataInputView in) throws IOException {
                        return new Reply(RpcCodecs.readString(in));
                    }
                })
                .register(4, Blob.class, new MessageCodec<>() {
                    @Override
                    public void write(Blob m, DataOutputView out) throws IOException {
                        RpcCodecs.writeBytes(out, m.bytes());
                    }

                    @Override
                    public Blob read(DataInputView in) throws IOException {
                        return new Blob(RpcCodecs.readBytes(in));
                    }
                })
                .register(5, Sloppy.class, new MessageCodec<>() {
                    @Override
                    public void write(Sloppy m, DataOutputView out) throws IOException {
                        out.writeInt(m.value());
                        out.writeInt(m.value());
                    }

                    @Override
                    public Sloppy read(DataInputView in) throws IOException {
                        return new Sloppy(in.readInt());
                    }
                })
                .build();
    }
}
