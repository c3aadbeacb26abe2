package io.eddy.core.memory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A fixed-size page of memory, on the heap or off it: the unit in which managed memory and network
 * buffers are handed out. Multi-byte values are big-endian, so that comparing normalized keys
 * byte-wise as unsigned values gives their order.
 *
 * <p>Not thread-safe: a segment has one owner at a time, which hands it over explicitly (for
 * example, a network buffer passes from the producing task to the consuming channel).
 */
public final class MemorySegment {

    private final ByteBuffer buffer;
    private final int size;
    private final Object owner;

    private MemorySegment(ByteBuffer buffer, Object owner) {
        this.buffer = buffer.order(ByteOrder.BIG_ENDIAN);
        this.size = buffer.capacity();
        this.owner = owner;
    }

    /** A segment over a new heap array of {@code size} bytes. */
    public static MemorySegment allocateHeap(int size, Object owner) {
        return new MemorySegment(ByteBuffer.allocate(size), owner);
    }

    /** A segment over new off-heap memory of {@code size} bytes. */
    public static MemorySegment allocateDirect(int size, Object owner) {
        return new MemorySegment(ByteBuffer.allocateDirect(size), owner);
    }

    /** A segment over an existing array (no copy). */
    public static MemorySegment wrap(byte[] bytes) {
        return new MemorySegment(ByteBuffer.wrap(bytes), null);
    }

    public int size() {
        return size;
    }

    public boolean isOffHeap() {
        return buffer.isDirect();
    }

    /** The object this segment was allocated for (a pool or an operator), or null. */
    public Object getOwner() {
        return owner;
    }

    /** A view of the whole segment; position and limit of the view are independent of the segment. */
    public ByteBuffer wrap(int offset, int length) {
        Objects.checkFromIndexSize(offset, length, size);
        return buffer.duplicate().order(ByteOrder.BIG_ENDIAN).position(offset).limit(offset + length).slice().order(ByteOrder.BIG_ENDIAN);
    }

    public byte get(int index) {
        return buffer.get(index);
    }

    public void put(int index, byte b) {
        buffer.put(index, b);
    }

    public void get(int index, byte[] dst, int offset, int length) {
        buffer.get(index, dst, offset, length);
    }

    public void put(int index, byte[] src, int offset, int length) {
        buffer.put(index, src, offset, length);
    }

    public boolean getBoolean(int index) {
        return buffer.get(index) != 0;
    }

    public void putBoolean(int index, boolean value) {
        buffer.put(index, (byte) (value ? 1 : 0));
    }

    public char getChar(int index) {
        return buffer.getChar(index);
    }

    public void putChar(int index, char value) {
        buffer.putChar(index, value);
    }

    public short getShort(int index) {
        return buffer.getShort(index);
    }

    public void putShort(int index, short value) {
        buffer.putShort(index, value);
    }

    public int getInt(int index) {
        return buffer.getInt(index);
    }

    public void putInt(int index, int value) {
        buffer.putInt(index, value);
    }

    public long getLong(int index) {
        return buffer.getLong(index);
    }

    public void putLong(int index, long value) {
        buffer.putLong(index, value);
    }

    public float getFloat(int index) {
        return buffer.getFloat(index);
    }

    public void putFloat(int index, float value) {
        buffer.putFloat(index, value);
    }

    public double getDouble(int index) {
        return buffer.getDouble(index);
    }

    public void putDouble(int index, double value) {
        buffer.putDouble(index, value);
    }

    /** Copies {@code length} bytes from this segment at {@code offset} to {@code target} at {@code targetOffset}. */
    public void copyTo(int offset, MemorySegment target, int targetOffset, int length) {
        target.buffer.put(targetOffset, this.buffer, offset, length);
    }

    /** Compares {@code length} bytes of both segments as unsigned values, as normalized keys are compared. */
    public int compare(MemorySegment other, int offset, int otherOffset, int length) {
        for (int i = 0; i < length; i++) {
            int a = buffer.get(offset + i) & 0xff;
            int b = other.buffer.get(otherOffset + i) & 0xff;
            if (a != b) {
                return a - b;
            }
        }
        return 0;
    }
}
