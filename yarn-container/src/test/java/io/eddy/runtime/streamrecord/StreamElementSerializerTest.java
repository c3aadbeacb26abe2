package io.eddy.runtime.streamrecord;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.SerializerContractTest;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Random;

/**
 * The serializer contract for stream elements: records of strings, with and without timestamps, and
 * watermarks. Watermark statuses are singletons (a copy is the same instance), see {@link WatermarkElementsTest}.
 */
class StreamElementSerializerTest extends SerializerContractTest<StreamElement> {

    @Override
    protected TypeSerializer<StreamElement> createSerializer() {
        return new StreamElementSerializer<>(Types.STRING.createSerializer(new SerializerConfig()));
    }

    @Override
    protected int getLength() {
        return -1;
    }

    @Override
    protected Class<StreamElement> getTypeClass() {
        return StreamElement.class;
    }

    @Override
    protected StreamElement[] getTestData() {
        return new StreamElement[] {
            new StreamRecord<>("plain"),
            new StreamRecord<>("", Long.MIN_VALUE),
            new StreamRecord<>("with timestamp", 1_700_000_000_000L),
            new StreamRecord<>("négatif", -1L),
            new StreamRecord<>("x".repeat(300)),
            new Watermark(42),
            Watermark.MAX_WATERMARK,
            new Watermark(Long.MIN_VALUE)
        };
    }

    @Override
    protected StreamElement randomValue(Random random) {
        String value = Integer.toString(random.nextInt(), 36);
        return random.nextBoolean() ? new StreamRecord<>(value) : new StreamRecord<>(value, random.nextLong());
    }
}
