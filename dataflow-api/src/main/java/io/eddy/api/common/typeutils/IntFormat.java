package io.eddy.api.common.typeutils;

/**
 * Marks a serializer of {@code Integer} whose format is exactly {@code DataOutputView.writeInt} of
 * the value (four bytes, never null) and {@code DataInputView.readInt} back. A composite serializer
 * may write and read such a component unboxed: the bytes are the same as the serializer's own.
 */
public interface IntFormat {
}
