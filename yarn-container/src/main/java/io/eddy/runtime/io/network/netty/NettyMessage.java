package io.eddy.runtime.io.network.netty;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The messages of the data plane and their wire format. Every frame is
 * {@code int length (of what follows) | byte type | body}, big-endian:
 *
 * <pre>
 *   0 BufferResponse          receiverId:int sequence:int backlog:int isEvent:byte size:int bytes[size]
 *   1 PartitionRequest        version:byte job:long,long vertex:int output:int subtask:int attempt:int
 *                             subpartition:int receiverId:int initialCredit:int
 *   2 AddCredit               receiverId:int credit:int
 *   3 ErrorResponse           receiverId:int (-1 = the whole connection) kind:byte messageLength:int utf8[messageLength]
 *   4 CancelPartitionRequest  receiverId:int
 *   5 CloseRequest            (no body)
 * </pre>
 *
 * Server to client: BufferResponse, ErrorResponse. Client to server: the others.
 */
public sealed interface NettyMessage {

    byte BUFFER_RESPONSE = 0;
    byte PARTITION_REQUEST = 1;
    byte ADD_CREDIT = 2;
    byte ERROR_RESPONSE = 3;
    byte CANCEL_PARTITION_REQUEST = 4;
    byte CLOSE_REQUEST = 5;

    /** Version of the partition request format; a server refuses other versions with a clear error. */
    byte PROTOCOL_VERSION = 1;

    /** Bytes of the frame header: length and type. */
    int FRAME_HEADER = 5;

    /** Bytes of a BufferResponse's fields before its data. */
    int BUFFER_RESPONSE_HEADER = 17;

    /** Writes the whole frame (all messages but BufferResponse, whose data is not copied). */
    ByteBuf encode(ByteBufAllocator allocator);

    /** A buffer (or event) for one receiver; the data bytes are sent without a copy. */
    record BufferResponse(int receiverId, int sequenceNumber, int backlog, Buffer buffer) implements NettyMessage {

        /** The header (frame header + fields); the data follows as its own ByteBuf. */
        @Override
        public ByteBuf encode(ByteBufAllocator allocator) {
            ByteBuf header = allocator.ioBuffer(FRAME_HEADER + BUFFER_RESPONSE_HEADER);
            header.writeInt(1 + BUFFER_RESPONSE_HEADER + buffer.length());
            header.writeByte(BUFFER_RESPONSE);
            header.writeInt(receiverId);
            header.writeInt(sequenceNumber);
            header.writeInt(backlog);
            header.writeByte(buffer.isEvent() ? 1 : 0);
            header.writeInt(buffer.length());
            return header;
        }

        /** The data as a ByteBuf over the segment (no copy); valid until the buffer is recycled. */
        public ByteBuf data() {
            return Unpooled.wrappedBuffer(buffer.nioBuffer());
        }
    }

    record PartitionRequest(ResultPartitionId partitionId, int subpartition, int receiverId, int initialCredit) implements NettyMessage {
        @Override
        public ByteBuf encode(ByteBufAllocator allocator) {
            ByteBuf out = allocator.ioBuffer(FRAME_HEADER + 45);
            out.writeInt(1 + 45);
            out.writeByte(PARTITION_REQUEST);
            out.writeByte(PROTOCOL_VERSION);
            out.writeLong(partitionId.job().upper());
            out.writeLong(partitionId.job().lower());
            out.writeInt(partitionId.vertex());
            out.writeInt(partitionId.output());
            out.writeInt(partitionId.subtask());
            out.writeInt(partitionId.attempt());
            out.writeInt(subpartition);
            out.writeInt(receiverId);
            out.writeInt(initialCredit);
            return out;
        }

        static PartitionRequest read(ByteBuf in) throws IOException {
            byte version = in.readByte();
            if (version != PROTOCOL_VERSION) {
                throw new IOException("Partition request of protocol version " + version + ", this worker speaks version "
                        + PROTOCOL_VERSION + ": all workers of a cluster must run the same Eddy version");
            }
            JobId job = new JobId(in.readLong(), in.readLong());
            ResultPartitionId id = new ResultPartitionId(job, in.readInt(), in.readInt(), in.readInt(), in.readInt());
            return new PartitionRequest(id, in.readInt(), in.readInt(), in.readInt());
        }
    }

    record AddCredit(int receiverId, int credit) implements NettyMessage {
        @Override
        public ByteBuf encode(ByteBufAllocator allocator) {
            ByteBuf out = allocator.ioBuffer(FRAME_HEADER + 8);
            out.writeInt(1 + 8);
            out.writeByte(ADD_CREDIT);
            out.writeInt(receiverId);
            out.writeInt(credit);
            return out;
        }
    }

    /** Why a request failed, so the consumer can raise the matching exception. */
    enum ErrorKind { PRODUCER_FAILED, PARTITION_NOT_FOUND, PARTITION_RELEASED, PROTOCOL }

    record ErrorResponse(int receiverId, ErrorKind kind, String message) implements NettyMessage {
        /** Receiver id of an error that concerns the whole connection. */
        public static final int CONNECTION = -1;

        @Override
        public ByteBuf encode(ByteBufAllocator allocator) {
            byte[] text = message.getBytes(StandardCharsets.UTF_8);
            ByteBuf out = allocator.ioBuffer(FRAME_HEADER + 9 + text.length);
            out.writeInt(1 + 9 + text.length);
            out.writeByte(ERROR_RESPONSE);
            out.writeInt(receiverId);
            out.writeByte(kind.ordinal());
            out.writeInt(text.length);
            out.writeBytes(text);
            return out;
        }

        static ErrorResponse read(ByteBuf in) {
            int receiverId = in.readInt();
            int kind = in.readByte();
            byte[] text = new byte[in.readInt()];
            in.readBytes(text);
            ErrorKind[] kinds = ErrorKind.values();
            return new ErrorResponse(receiverId, kind >= 0 && kind < kinds.length ? kinds[kind] : ErrorKind.PROTOCOL,
                    new String(text, StandardCharsets.UTF_8));
        }
    }

    record CancelPartitionRequest(int receiverId) implements NettyMessage {
        @Override
        public ByteBuf encode(ByteBufAllocator allocator) {
            ByteBuf out = allocator.ioBuffer(FRAME_HEADER + 4);
            out.writeInt(1 + 4);
            out.writeByte(CANCEL_PARTITION_REQUEST);
            out.writeInt(receiverId);
            return out;
        }
    }

    record CloseRequest() implements NettyMessage {
        @Override
        public ByteBuf encode(ByteBufAllocator allocator) {
            ByteBuf out = allocator.ioBuffer(FRAME_HEADER);
            out.writeInt(1);
            out.writeByte(CLOSE_REQUEST);
            return out;
        }
    }

    /** Decodes a complete frame body (type already read) of any message but BufferResponse. */
    static NettyMessage decodeControl(byte type, ByteBuf body) throws IOException {
        return switch (type) {
            case PARTITION_REQUEST -> PartitionRequest.read(body);
            case ADD_CREDIT -> new AddCredit(body.readInt(), body.readInt());
            case ERROR_RESPONSE -> ErrorResponse.read(body);
            case CANCEL_PARTITION_REQUEST -> new CancelPartitionRequest(body.readInt());
            case CLOSE_REQUEST -> new CloseRequest();
            default -> throw new IOException("Unknown message type " + type + " on the data connection: the peer is not an Eddy"
                    + " worker of the same version");
        };
    }
}
