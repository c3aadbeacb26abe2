package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link TypeSerializer} must keep; each serializer's test extends this class
 * (it is in the test jar, so other modules reuse it). Subclasses supply the serializer, the
 * expected fixed length (-1 for variable), the value class, test values and a random value
 * generator.
 */
public abstract class SerializerContractTest<T> {

    private static final int RANDOM_VALUES = 200;

    protected abstract TypeSerializer<T> createSerializer();

    /** The expected {@link TypeSerializer#getLength()}: the fixed length in bytes, or -1. */
    protected abstract int getLength();

    protected abstract Class<T> getTypeClass();

    /** Representative values, including edge cases. */
    protected abstract T[] getTestData();

    /** A random value; by default one of {@link #getTestData()}. Override to cover more of the value space. */
    protected T randomValue(Random random) {
        T[] data = getTestData();
        return data[random.nextInt(data.length)];
    }

    /** Whether two values are equal; deep equality (arrays) by default. */
    protected boolean valuesEqual(T a, T b) {
        return Objects.deepEquals(a, b);
    }

    private void assertEqualValues(T actual, T expected) {
        assertThat(valuesEqual(actual, expected)).as("expected %s but got %s", str(expected), str(actual)).isTrue();
    }

    private static String str(Object o) {
        if (o instanceof Object[] a) {
            return java.util.Arrays.deepToString(a);
        }
        return o != null && o.getClass().isArray() ? java.util.Arrays.deepToString(new Object[] {o}) : String.valueOf(o);
    }

    @Test
    void lengthIsAsExpected() {
        assertThat(createSerializer().getLength()).isEqualTo(getLength());
    }

    @Test
    void createInstanceHasTheTypeClass() {
        T instance = createSerializer().createInstance();
        if (instance != null) {
            assertThat(getTypeClass()).isAssignableFrom(instance.getClass());
        }
    }

    @Test
    void roundTrip() throws IOException {
        TypeSerializer<T> serializer = createSerializer();
        for (T value : getTestData()) {
            DataOutputSerializer out = new DataOutputSerializer(8);
            serializer.serialize(value, out);
            if (getLength() > 0) {
                assertThat(out.length()).as("bytes written for %s", str(value)).isEqualTo(getLength());
            }
            DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
            assertEqualValues(serializer.deserialize(in), value);
            assertThat(in.available()).as("bytes left after reading %s", str(value)).isZero();
        }
    }

    @Test
    void roundTripWithReuse() throws IOException {
        TypeSerializer<T> serializer = createSerializer();
        T[] data = getTestData();
        T reuse = serializer.createInstance();
        for (T value : data) {
            DataOutputSerializer out = new DataOutputSerializer(8);
            serializer.serialize(value, out);
            DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
            T result = reuse == null ? serializer.deserialize(in) : serializer.deserialize(reuse, in);
            assertEqualValues(result, value);
            reuse = result;
        }
    }

    @Test
    void copyIsEqualAndIndependent() {
        TypeSerializer<T> serializer = createSerializer();
        for (T value : getTestData()) {
            T copy = serializer.copy(value);
            assertEqualValues(copy, value);
            if (!serializer.isImmutableType() && value != null) {
                assertThat(copy).isNotSameAs(value);
            }
        }
    }

    @Test
    void copyWithReuse() {
        TypeSerializer<T> serializer = createSerializer();
        T reuse = serializer.createInstance();
        for (T value : getTestData()) {
            T copy = reuse == null ? serializer.copy(value) : serializer.copy(value, reuse);
            assertEqualValues(copy, value);
            reuse = copy;
        }
    }

    @Test
    void binaryCopyCopiesExactlyOneRecord() throws IOException {
        TypeSerializer<T> serializer = createSerializer();
        T[] data = getTestData();
        DataOutputSerializer out = new DataOutputSerializer(16);
        for (T value : data) {
            serializer.serialize(value, out);
        }
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        DataOutputSerializer copied = new DataOutputSerializer(16);
        for (int i = 0; i < data.length; i++) {
            serializer.copy(in, copied);
        }
        assertThat(in.available()).isZero();
        assertThat(copied.getCopyOfBuffer()).isEqualTo(out.getCopyOfBuffer());
        DataInputDeserializer again = new DataInputDeserializer(copied.getCopyOfBuffer());
        for (T value : data) {
            assertEqualValues(serializer.deserialize(again), value);
        }
    }

    @Test
    void recordsSpanningChunkBoundaries() throws IOException {
        TypeSerializer<T> serializer = createSerializer();
        List<T> values = new ArrayList<>(java.util.Arrays.asList(getTestData()));
        Random random = new Random(42);
        for (int i = 0; i < 50; i++) {
            values.add(randomValue(random));
        }
        ChunkedDataViews.Output out = new ChunkedDataViews.Output(7);
        for (T value : values) {
            serializer.serialize(value, out);
        }
        ChunkedDataViews.Input in = new ChunkedDataViews.Input(out.chunks());
        for (T value : values) {
            assertEqualValues(serializer.deserialize(in), value);
        }
        assertThat(in.remaining()).isZero();

        ChunkedDataViews.Input source = new ChunkedDataViews.Input(out.chunks());
        ChunkedDataViews.Output copy = new ChunkedDataViews.Output(5);
        for (int i = 0; i < values.size(); i++) {
            serializer.copy(source, copy);
        }
        assertThat(source.remaining()).isZero();
        ChunkedDataViews.Input copied = new ChunkedDataViews.Input(copy.chunks());
        for (T value : values) {
            assertEqualValues(serializer.deserialize(copied), value);
        }
    }

    @Test
    void randomValuesRoundTrip() throws IOException {
        TypeSerializer<T> serializer = createSerializer();
        Random random = new Random(7);
        DataOutputSerializer out = new DataOutputSerializer(64);
        List<T> values = new ArrayList<>();
        for (int i = 0; i < RANDOM_VALUES; i++) {
            T value = randomValue(random);
            values.add(value);
            serializer.serialize(value, out);
        }
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        for (T value : values) {
            assertEqualValues(serializer.deserialize(in), value);
        }
        assertThat(in.available()).isZero();
    }

    @Test
    void duplicatesWorkConcurrently() throws Exception {
        TypeSerializer<T> serializer = createSerializer();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                TypeSerializer<T> own = serializer.duplicate();
                int seed = t;
                Callable<Integer> task = () -> {
                    start.await();
                    return roundTrips(own, new Random(seed));
                };
                results.add(pool.submit(task));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(300);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private int roundTrips(TypeSerializer<T> serializer, Random random) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        int ok = 0;
        for (int i = 0; i < 300; i++) {
            T value = randomValue(random);
            out.clear();
            serializer.serialize(value, out);
            T back = serializer.deserialize(new DataInputDeserializer(out.getSharedBuffer(), 0, out.length()));
            if (!valuesEqual(back, value)) {
                throw new AssertionError("concurrent round trip of " + str(value) + " gave " + str(back));
            }
            ok++;
        }
        return ok;
    }

    @Test
    void snapshotRestoresAnEqualSerializer() throws IOException {
        TypeSerializer<T> serializer = createSerializer();
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshots.write(serializer.snapshotConfiguration(), out);
        TypeSerializerSnapshot<T> snapshot = TypeSerializerSnapshots.read(
                new DataInputDeserializer(out.getCopyOfBuffer()), getClass().getClassLoader());
        TypeSerializer<T> restored = snapshot.restoreSerializer();
        assertThat(restored).isEqualTo(serializer);
        assertThat(snapshot.resolveSchemaCompatibility(createSerializer()))
                .isEqualTo(TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS);

        DataOutputSerializer data = new DataOutputSerializer(64);
        for (T value : getTestData()) {
            serializer.serialize(value, data);
        }
        DataInputDeserializer in = new DataInputDeserializer(data.getCopyOfBuffer());
        for (T value : getTestData()) {
            assertEqualValues(restored.deserialize(in), value);
        }
    }

    @Test
    void serializerIsJavaSerializable() throws Exception {
        TypeSerializer<T> serializer = createSerializer();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(bytes)) {
            oos.writeObject(serializer);
        }
        TypeSerializer<T> back;
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            @SuppressWarnings("unchecked")
            TypeSerializer<T> read = (TypeSerializer<T>) ois.readObject();
            back = read;
        }
        assertThat(back).isEqualTo(serializer);
        assertThat(back.hashCode()).isEqualTo(serializer.hashCode());
        for (T value : getTestData()) {
            DataOutputSerializer out = new DataOutputSerializer(16);
            back.serialize(value, out);
            assertEqualValues(serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer())), value);
        }
    }
}
