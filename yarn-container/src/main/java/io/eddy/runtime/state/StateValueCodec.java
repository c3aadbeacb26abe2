package io.eddy.runtime.state;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * How the values a state table holds for one kind of state are written into snapshots, read back,
 * and copied for copy-on-write: a single value (value, reducing, aggregating state), an {@link
 * ArrayList} (list state: {@code int n}, then the elements), or a {@link HashMap} (map state: {@code
 * int n}, then key and value per entry); with time to live, a {@link TtlValue} (the value, then
 * {@code long lastAccess}).
 *
 * <p>A codec uses its serializers; {@link #duplicate()} gives a codec for another thread.
 */
abstract class StateValueCodec {

    abstract void write(Object value, DataOutputView out) throws IOException;

    abstract Object read(DataInputView in) throws IOException;

    /** Copies a value so that it can be changed in place without changing the original; null if values are never changed in place. */
    abstract UnaryOperator<Object> copier();

    /**
     * The copier for values about to be handed to the user for reading: null where reading cannot
     * lead to a change of the value (immutable types), so no copy is needed.
     */
    abstract UnaryOperator<Object> readCopier();

    abstract StateValueCodec duplicate();

    /** The codec of {@code kind} with the given value serializers (for map state: map key, map value), with TTL or without. */
    static StateValueCodec of(StateKind kind, List<TypeSerializer<?>> serializers, boolean ttl) {
        StateValueCodec plain = switch (kind) {
            case VALUE, REDUCING, AGGREGATING -> new Single(serializers.get(0));
            case LIST -> new ListCodec(serializers.get(0));
            case MAP -> new MapCodec(serializers.get(0), serializers.get(1));
        };
        return ttl ? new Ttl(plain) : plain;
    }

    @SuppressWarnings("unchecked")
    private static TypeSerializer<Object> cast(TypeSerializer<?> serializer) {
        return (TypeSerializer<Object>) serializer;
    }

    private static final class Single extends StateValueCodec {
        private final TypeSerializer<Object> serializer;

        Single(TypeSerializer<?> serializer) {
            this.serializer = cast(serializer);
        }

        @Override
        void write(Object value, DataOutputView out) throws IOException {
            serializer.serialize(value, out);
        }

        @Override
        Object read(DataInputView in) throws IOException {
            return serializer.deserialize(in);
        }

        @Override
        UnaryOperator<Object> copier() {
            return serializer.isImmutableType() ? null : serializer::copy;
        }

        @Override
        UnaryOperator<Object> readCopier() {
            return copier();
        }

        @Override
        StateValueCodec duplicate() {
            return new Single(serializer.duplicate());
        }
    }

    private static final class ListCodec extends StateValueCodec {
        private final TypeSerializer<Object> elements;

        ListCodec(TypeSerializer<?> elements) {
            this.elements = cast(elements);
        }

        @Override
        void write(Object value, DataOutputView out) throws IOException {
            List<?> list = (List<?>) value;
            out.writeInt(list.size());
            for (Object element : list) {
                elements.serialize(element, out);
            }
        }

        @Override
        Object read(DataInputView in) throws IOException {
            int n = in.readInt();
            ArrayList<Object> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(elements.deserialize(in));
            }
            return list;
        }

        @Override
        UnaryOperator<Object> copier() {
            if (elements.isImmutableType()) {
                return value -> new ArrayList<>((List<?>) value);
            }
            return value -> {
                List<?> list = (List<?>) value;
                ArrayList<Object> copy = new ArrayList<>(list.size());
                for (Object element : list) {
                    copy.add(elements.copy(element));
                }
                return copy;
            };
        }

        @Override
        UnaryOperator<Object> readCopier() {
            return elements.isImmutableType() ? null : copier();
        }

        @Override
        StateValueCodec duplicate() {
            return new ListCodec(elements.duplicate());
        }
    }

    private static final class MapCodec extends StateValueCodec {
        private final TypeSerializer<Object> keys;
        private final TypeSerializer<Object> values;

        MapCodec(TypeSerializer<?> keys, TypeSerializer<?> values) {
            this.keys = cast(keys);
            this.values = cast(values);
        }

        @Override
        void write(Object value, DataOutputView out) throws IOException {
            Map<?, ?> map = (Map<?, ?>) value;
            out.writeInt(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                keys.serialize(e.getKey(), out);
                values.serialize(e.getValue(), out);
            }
        }

        @Override
        Object read(DataInputView in) throws IOException {
            int n = in.readInt();
            HashMap<Object, Object> map = new HashMap<>(Math.max(4, n * 2));
            for (int i = 0; i < n; i++) {
                Object k = keys.deserialize(in);
                map.put(k, values.deserialize(in));
            }
            return map;
        }

        @Override
        UnaryOperator<Object> copier() {
            if (keys.isImmutableType() && values.isImmutableType()) {
                return value -> new HashMap<>((Map<?, ?>) value);
            }
            return value -> {
                HashMap<Object, Object> copy = new HashMap<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    copy.put(keys.copy(e.getKey()), values.copy(e.getValue()));
                }
                return copy;
            };
        }

        @Override
        UnaryOperator<Object> readCopier() {
            return keys.isImmutableType() && values.isImmutableType() ? null : copier();
        }

        @Override
        StateValueCodec duplicate() {
            return new MapCodec(keys.duplicate(), values.duplicate());
        }
    }

    private static final class Ttl extends StateValueCodec {
        private final StateValueCodec inner;

        Ttl(StateValueCodec inner) {
            this.inner = inner;
        }

        @Override
        void write(Object value, DataOutputView out) throws IOException {
            TtlValue<?> ttlValue = (TtlValue<?>) value;
            inner.write(ttlValue.value(), out);
            out.writeLong(ttlValue.lastAccess());
        }

        @Override
        Object read(DataInputView in) throws IOException {
            Object value = inner.read(in);
            return new TtlValue<>(value, in.readLong());
        }

        @Override
        UnaryOperator<Object> copier() {
            UnaryOperator<Object> copier = inner.copier();
            return copier == null ? null : wrap(copier);
        }

        @Override
        UnaryOperator<Object> readCopier() {
            UnaryOperator<Object> copier = inner.readCopier();
            return copier == null ? null : wrap(copier);
        }

        private static UnaryOperator<Object> wrap(UnaryOperator<Object> copier) {
            return value -> {
                TtlValue<?> ttlValue = (TtlValue<?>) value;
                return new TtlValue<>(copier.apply(ttlValue.value()), ttlValue.lastAccess());
            };
        }

        @Override
        StateValueCodec duplicate() {
            return new Ttl(inner.duplicate());
        }
    }
}
